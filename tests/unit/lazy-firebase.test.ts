/** @jest-environment node */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

// firebase-admin takes about a second of CPU to load, so a site on SQLite never loads it: only opening
// a Firestore store does (lib/storage/firestore/client.ts). One static import of it anywhere in the
// store's files would load it in every command and every server's start, as one of Timestamp did.
it('keeps firebase-admin out of the modules a command loads at its start', async () => {
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    "const { bundle } = await import('./scripts/lib/run-bundled.mjs'); console.log(await bundle('scripts/digest.ts'));",
  ]);
  const code = readFileSync(stdout.trim(), 'utf8');
  expect(code).toContain('firebase-admin/firestore');
  expect(code).not.toMatch(/^import .* from "(firebase-admin|@google-cloud\/firestore)[^"]*";$/m);
}, 60_000);
