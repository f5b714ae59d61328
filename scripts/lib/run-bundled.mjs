// Runs one of the project's TypeScript entry points (an operator command of scripts/, a test's helper
// process) as one esbuild bundle of our own code, the packages left to Node. The same code as through
// tsx, on about half the start-up: tsx resolves and compiles each of some hundreds of files through
// Node's loader hooks, one after another, where a bundle is one file made in a few hundred
// milliseconds. It is made again at each run, so it never stands for code that changed.
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { build } from 'esbuild';

import { root } from './entry.mjs';

// Inside node_modules, so the bundle finds the packages as the sources do.
const bundleDir = join(root, 'node_modules', '.cache', 'baobab-bundles');

// Node's ES module loader wants a file's extension for a package without an exports map (Next's
// `next/cache`); the sources, read by a bundler, name it without.
const nextSubpaths = {
  name: 'next-subpaths',
  setup(builder) {
    builder.onResolve({ filter: /^next\/[\w-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
  },
};

// The bundle of `entry` (a path from the project's root), written to a file of its own and renamed into
// place, so that runs at once (jest's lanes) never read each other's half-written file.
export async function bundle(entry) {
  mkdirSync(bundleDir, { recursive: true });
  // Named by the entry's whole path: two entries of one name (tests/cms/instance.mts) never swap.
  const name = relative(root, resolve(root, entry))
    .replace(/\.m?ts$/, '')
    .replace(/[^\w-]+/g, '-');
  const outfile = join(bundleDir, `${name}.mjs`);
  const draft = join(bundleDir, `${name}.${process.pid}.${randomBytes(4).toString('hex')}.mjs`);
  const { outputFiles } = await build({
    entryPoints: [resolve(root, entry)],
    outfile: draft,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    plugins: [nextSubpaths],
    tsconfig: join(root, 'tsconfig.json'),
    // No source map: reading one at each start cost 0.25 s of the digest's 3 s. A stack names the
    // bundle's lines, whose functions keep the sources' names.
    logLevel: 'warning',
  });
  try {
    writeFileSync(draft, outputFiles[0].contents);
    renameSync(draft, outfile);
  } catch (error) {
    rmSync(draft, { force: true });
    throw error;
  }
  return outfile;
}

// Runs `entry` with `args` as its command line, in this process. Where the bundle cannot be written (a
// read-only install, a full disk), the source runs through tsx as before, only slower to start.
export async function runBundled(entry, args) {
  const source = resolve(root, entry);
  let file = source;
  try {
    file = await bundle(entry);
  } catch (error) {
    if (!['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT'].includes(error?.code)) throw error;
    await import('tsx');
  }
  process.argv = [process.argv[0], source, ...args];
  await import(pathToFileURL(file).href);
}

// `node scripts/lib/run-bundled.mjs <entry> [arguments]`: how the tests start a command or a helper
// process, without the operator's .env that `npm run <command>` reads (scripts/run-ts.mjs).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, ...args] = process.argv.slice(2);
  await runBundled(entry, args);
}
