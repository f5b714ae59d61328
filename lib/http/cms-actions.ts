import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The server actions that may run under the CMS's prefix: only those of its own root layout
// (app/(payload)), as the build's manifest lists them. Under that prefix the proxy lets Payload's
// script-driven actions through, so any other id (a site form's action) is refused there, or it would run
// past the site's own rules with the CMS's larger body limit.
const MANIFEST = ['.next/server/server-reference-manifest.json', '.next/dev/server/server-reference-manifest.json'];

interface Manifest {
  node?: Record<string, { workers?: Record<string, unknown> }>;
}

function readIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of MANIFEST) {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(/*turbopackIgnore: true*/ process.cwd(), file), 'utf8')) as Manifest;
    } catch {
      continue;
    }
    for (const [id, entry] of Object.entries(manifest.node ?? {})) {
      const workers = Object.keys(entry.workers ?? {});
      if (workers.length > 0 && workers.every((worker) => worker.startsWith('app/(payload)/'))) ids.add(id);
    }
  }
  return ids;
}

let known = new Set<string>();
let readAt = 0;
const REREAD_MS = 5_000;

export function isCmsAction(id: string): boolean {
  // The manifest is read on first use, and again for an unknown id at most every REREAD_MS: in
  // development it grows as pages compile.
  if (!known.has(id) && Date.now() - readAt > REREAD_MS) {
    known = readIds();
    readAt = Date.now();
  }
  return known.has(id);
}
