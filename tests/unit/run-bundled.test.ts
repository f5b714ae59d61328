/** @jest-environment node */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

// A command's bundle (scripts/lib/run-bundled.mjs) is used again while what it was made from is as it
// was, and made again as soon as a file it read changes, or a file is added beside them that would be
// read instead.
let dir: string;
const bundles = new Set<string>();
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baobab-bundle-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const file of bundles) rmSync(file, { force: true });
});

// Files written as an editor would, then dated a minute back: a file changed in the second before a
// bundle is made is never trusted to be in it, so the test's own fresh files would always be rebuilt.
function write(files: Record<string, string>) {
  const then = new Date(Date.now() - 60_000);
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    utimesSync(join(dir, name), then, then);
  }
  utimesSync(dir, then, then);
}

// Runs the entry through run-bundled.mjs; what it printed, and the bundle it ran.
async function runEntry(): Promise<{ printed: string; bundle: { file: string; mtimeMs: number } }> {
  const entry = join(dir, 'entry.ts');
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    `const { bundle, runBundled } = await import('./scripts/lib/run-bundled.mjs');
     const file = await bundle(${JSON.stringify(entry)});
     console.log(JSON.stringify({ file, mtimeMs: (await import('node:fs')).statSync(file).mtimeMs }));
     await runBundled(${JSON.stringify(entry)}, []);`,
  ]);
  const [made, printed] = stdout.trim().split('\n');
  const bundle = JSON.parse(made!) as { file: string; mtimeMs: number };
  bundles.add(bundle.file);
  return { bundle, printed: printed! };
}

it('uses a bundle again while its sources stand, and makes it again when one changes or is shadowed', async () => {
  write({ 'entry.ts': "import { v } from './value';\nconsole.log(v);\n", 'value.ts': 'export const v = 1;\n' });
  const first = await runEntry();
  expect(first.printed).toBe('1');
  // The second run reads the first one's bundle: the file was not written again.
  const again = await runEntry();
  expect(again.printed).toBe('1');
  expect(again.bundle).toEqual(first.bundle);
  expect(statSync(first.bundle.file).mtimeMs).toBe(first.bundle.mtimeMs);

  // The same size, another text: the modification time tells.
  write({ 'value.ts': 'export const v = 2;\n' });
  expect((await runEntry()).printed).toBe('2');

  // A file that esbuild resolves before value.ts (.tsx comes first): the folder changed, so it is read.
  write({ 'value.tsx': 'export const v = 3;\n' });
  expect((await runEntry()).printed).toBe('3');
}, 120_000);
