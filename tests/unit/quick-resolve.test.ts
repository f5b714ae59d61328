/** @jest-environment node */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

// The loader's shorter road (scripts/lib/quick-resolve.mjs) answers exactly as Node's own resolution:
// with QUICK_RESOLVE_CHECK=1 it asks Node too for every import it answers, and stops at the first
// difference. Run over packages made for the cases that differ (a `type` in a sub-folder, none at all,
// CommonJS, `.mjs` and `.cjs`, links, a missing file, a folder), then over a real command's thousands of imports.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baobab-quick-resolve-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

// Imports `entry` in a process with the hook installed and checked; its exit code, output and errors.
async function importChecked(entry: string) {
  const script = `
    const { installQuickResolve } = await import(${JSON.stringify(pathToFileURL(join(process.cwd(), 'scripts/lib/quick-resolve.mjs')).href)});
    installQuickResolve();
    const loaded = await import(${JSON.stringify(pathToFileURL(entry).href)});
    console.log(JSON.stringify(loaded.default));`;
  return run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, QUICK_RESOLVE_CHECK: '1', NODE_OPTIONS: '' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

it('answers every relative import inside packages as Node does, and leaves the rest to Node', async () => {
  write({
    'node_modules/esm/package.json': JSON.stringify({ name: 'esm', type: 'module', exports: { '.': './index.js' } }),
    'node_modules/esm/index.js': `
      import a from './a.js';
      import b from './b.cjs';
      import c from './sub/c.js';
      import d from './d.mjs';
      import typeless from '../typeless/x.js';
      import plain from '../plain/y.js';
      import aliased from './alias.js';
      import elsewhere from './elsewhere.js';
      let missing = 'loaded';
      try { await import('./nowhere.js'); } catch (error) { missing = error.code; }
      let folder = 'loaded';
      try { await import('./sub'); } catch (error) { folder = error.code; }
      export default { a, b, c, d, typeless, plain, aliased, elsewhere, missing, folder };`,
    'node_modules/esm/a.js': 'export default "a";',
    'node_modules/esm/b.cjs': 'module.exports = "b";',
    'node_modules/esm/sub/package.json': JSON.stringify({ type: 'commonjs' }),
    'node_modules/esm/sub/c.js': 'module.exports = "c";',
    'node_modules/esm/d.mjs': 'export default "d";',
    // No `type`: Node decides by the code, when it loads it.
    'node_modules/typeless/package.json': JSON.stringify({ name: 'typeless' }),
    'node_modules/typeless/x.js': 'import y from "./z.js"; export default "x" + y;',
    'node_modules/typeless/z.js': 'export default "z";',
    'node_modules/plain/package.json': JSON.stringify({ name: 'plain' }),
    'node_modules/plain/y.js': 'module.exports = "y";',
    'entry.mjs': 'import esm from "esm"; export default esm;',
  });
  // Links: Node reads the format off the file a link leads to (a `.cjs`, a file of a typeless package).
  symlinkSync('b.cjs', join(dir, 'node_modules/esm/alias.js'));
  symlinkSync('../plain/y.js', join(dir, 'node_modules/esm/elsewhere.js'));
  const result = await importChecked(join(dir, 'entry.mjs'));
  expect(result.stderr).toMatch(/quick-resolve: [1-9]\d* imports answered, as Node/);
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout)).toEqual({
    a: 'a',
    b: 'b',
    c: 'c',
    d: 'd',
    typeless: 'xz',
    plain: 'y',
    aliased: 'b',
    elsewhere: 'y',
    missing: 'ERR_MODULE_NOT_FOUND',
    folder: 'ERR_UNSUPPORTED_DIR_IMPORT',
  });
});

it('the check tells a different answer from the same one', async () => {
  const { sameAnswer } = (await import(pathToFileURL(join(process.cwd(), 'scripts/lib/quick-resolve.mjs')).href)) as {
    sameAnswer: (node: object, ours: object) => boolean;
  };
  const url = 'file:///x/node_modules/p/a.js';
  expect(sameAnswer({ url, format: 'module' }, { url, format: 'module' })).toBe(true);
  // Node says "decide when loading" with null, the hook with nothing: the same answer.
  expect(sameAnswer({ url, format: null }, { url, format: undefined })).toBe(true);
  expect(sameAnswer({ url, format: 'module' }, { url, format: 'commonjs' })).toBe(false);
  expect(sameAnswer({ url, format: undefined }, { url, format: 'module' })).toBe(false);
  expect(sameAnswer({ url, format: 'module' }, { url: 'file:///x/node_modules/p/b.js', format: 'module' })).toBe(false);
});

it('a real command: thousands of imports, each answered as Node answers it', async () => {
  const data = join(dir, 'command');
  const { stdout, stderr } = await run(
    process.execPath,
    ['scripts/lib/run-bundled.mjs', 'scripts/digest.ts', '--since', '2026-01-01'],
    { env: { ...process.env, DATA_DIR: data, QUICK_RESOLVE_CHECK: '1', NODE_OPTIONS: '' } },
  );
  // The digest loads the content editor (Payload, drizzle, date-fns) to migrate the new folder.
  expect(stdout).toMatch(/Queued a digest of 0 record\(s\)/);
  const answered = Number(/quick-resolve: (\d+) imports answered, as Node/.exec(stderr)?.[1]);
  expect(answered).toBeGreaterThan(1000);
}, 120_000);
