// Bundles the service worker (lib/offline/worker.ts) into <distDir>/sw.js after `next build`: Next's
// Turbopack build has no hook for a worker, and this way the worker names the build it belongs to
// (BUILD_ID), so each deploy is a new worker that replaces the old one's files (docs/product.md §13).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { build } from 'esbuild';

export async function buildWorker(root, distDir = join(root, '.next')) {
  const buildId = readFileSync(join(distDir, 'BUILD_ID'), 'utf8').trim();
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
    define: { BUILD_ID: JSON.stringify(buildId), 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return outfile;
}
