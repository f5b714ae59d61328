// Bundles the service worker (lib/offline/worker.ts) into <distDir>/sw.js after `next build`: Next's
// Turbopack build has no hook for a worker, and this way the worker names the build it belongs to
// (BUILD_ID), so each deploy is a new worker that replaces the old one's files (docs/product.md §13).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { build } from 'esbuild';

// The script a form needs to keep itself on the device (lib/offline/hold.ts, fetched when the form is
// first focused): the worker keeps it from the start, so a form first touched offline can still wait.
// Found by the IndexedDB name it alone contains; its file name is the hash of its content.
function formHoldScripts(distDir) {
  const chunks = join(distDir, 'static', 'chunks');
  return readdirSync(chunks)
    .filter((name) => name.endsWith('.js') && /["'`]baobab-forms["'`]/.test(readFileSync(join(chunks, name), 'utf8')))
    .map((name) => `/_next/static/chunks/${name}`);
}

export async function buildWorker(root, distDir = join(root, '.next')) {
  const buildId = readFileSync(join(distDir, 'BUILD_ID'), 'utf8').trim();
  const holdScripts = formHoldScripts(distDir);
  if (holdScripts.length === 0)
    throw new Error('build-worker: no script holds the waiting forms (lib/offline/hold.ts)');
  const outfile = join(distDir, 'sw.js');
  // A new file, not the old one rewritten: a release folder copied with hard links keeps its own worker.
  rmSync(outfile, { force: true });
  await build({
    entryPoints: [join(root, 'lib', 'offline', 'worker.ts')],
    outfile,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    tsconfig: join(root, 'tsconfig.json'),
    define: {
      BUILD_ID: JSON.stringify(buildId),
      FORM_HOLD_SCRIPTS: JSON.stringify(holdScripts),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  });
  return outfile;
}
