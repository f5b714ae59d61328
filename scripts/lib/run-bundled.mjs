// Runs one of the project's TypeScript entry points (an operator command of scripts/, a test's helper
// process) as one esbuild bundle of our own code, the packages left to Node. The same code as through
// tsx, on about half the start-up: tsx resolves and compiles each of some hundreds of files through
// Node's loader hooks, one after another, where a bundle is one file made in half a second or so. A
// bundle is used again only while every file it was made from, and every folder they are in, is as it
// was when it was made; else it is made again, so it never stands for code that changed.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { build } from 'esbuild';

import { root } from './entry.mjs';
import { installQuickResolve } from './quick-resolve.mjs';

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

// What a bundle was made from, as each path's modification time and size: the files esbuild read, the
// folders they are in (a file added beside them could be resolved instead; the project's top folder
// aside, which every test run's reports and data change), this file, the TypeScript settings and
// esbuild's installed version. A path that is gone counts as changed.
function stamp(paths) {
  return paths.map((path) => {
    try {
      const { mtimeMs, size } = statSync(join(root, path));
      return [path, mtimeMs, size];
    } catch {
      return [path, -1, -1];
    }
  });
}
function sourcesOf(inputs) {
  const files = [
    ...inputs,
    'tsconfig.json',
    'node_modules/esbuild/package.json',
    relative(root, fileURLToPath(import.meta.url)),
  ];
  return [...new Set([...files, ...files.map((file) => dirname(file)).filter((dir) => dir !== '.')])].sort();
}

// A bundle's first line holds its stamp, so that the bundle and what it was made from are renamed into
// place as one file.
const STAMP_MARK = '// made from: ';
function stampOf(file) {
  let fd;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(1 << 20);
    const line = head
      .subarray(0, readSync(fd, head, 0, head.length, 0))
      .toString('utf8')
      .split('\n', 1)[0];
    return line.startsWith(STAMP_MARK) ? JSON.parse(line.slice(STAMP_MARK.length)) : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
const unchanged = (recorded) =>
  Array.isArray(recorded) && JSON.stringify(stamp(recorded.map(([path]) => path))) === JSON.stringify(recorded);

// The bundle of `entry` (a path from the project's root), written to a file of its own and renamed into
// place, so that runs at once (jest's lanes) never read each other's half-written file.
export async function bundle(entry) {
  mkdirSync(bundleDir, { recursive: true });
  // Named by the entry's whole path: two entries of one name (tests/cms/instance.mts) never swap.
  const name = relative(root, resolve(root, entry))
    .replace(/\.m?ts$/, '')
    .replace(/[^\w-]+/g, '-');
  const outfile = join(bundleDir, `${name}.mjs`);
  if (unchanged(stampOf(outfile))) return outfile;
  const draft = join(bundleDir, `${name}.${process.pid}.${randomBytes(4).toString('hex')}.mjs`);
  const startedAt = Date.now();
  const { outputFiles, metafile } = await build({
    absWorkingDir: root,
    metafile: true,
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
  // A source changed while esbuild read it may be in the bundle as it was before: that bundle is not
  // stamped, so the next run makes it again.
  const made = stamp(sourcesOf(Object.keys(metafile.inputs)));
  const settled = made.every(([, mtimeMs]) => mtimeMs >= 0 && mtimeMs < startedAt - 1000);
  try {
    writeFileSync(draft, settled ? `${STAMP_MARK}${JSON.stringify(made)}\n` : '');
    writeFileSync(draft, outputFiles[0].contents, { flag: 'a' });
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
  // The packages' own imports by a shorter road (quick-resolve.mjs); tsx's road is left as it is.
  if (file !== source) installQuickResolve();
  await import(pathToFileURL(file).href);
}

// `node scripts/lib/run-bundled.mjs <entry> [arguments]`: how the tests start a command or a helper
// process, without the operator's .env that `npm run <command>` reads (scripts/run-ts.mjs).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, ...args] = process.argv.slice(2);
  await runBundled(entry, args);
}
