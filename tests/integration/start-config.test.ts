/** @jest-environment node */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

it('npm start names a bad setting and stops before building or serving anything', async () => {
  const failure = await run(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, STORE: 'postgres', PORT: '1', NODE_ENV: 'production' },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('STORE must be "sqlite" or "firestore"') });
  expect(`${failure.stdout}${failure.stderr}`).not.toMatch(/Building|Ready/);
}, 30_000);
