import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

// A second server from the same build, on its own port and data folder, so it can be stopped.
test('on SIGTERM the server finishes the outbox pass, stops the worker cleanly and exits', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-shutdown-'));
  const base = 'http://127.0.0.1:3161';
  const server = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '--port', '3161', '--hostname', '127.0.0.1'],
    {
      env: { ...process.env, DATA_DIR: dataDir, MAIL_POLL_MS: '60000', NEXT_TELEMETRY_DISABLED: '1' },
    },
  );
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

  await expect
    // A new data folder: the CMS migrates and seeds it first, beside the other tests.
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
  const xsrf = await fetch(`${base}/api/xsrf`);
  const cookie = xsrf.headers.getSetCookie()[0]!.split(';')[0]!;
  const response = await fetch(`${base}/api/forms/contactUs`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-xsrf-token': cookie.slice('XSRF-TOKEN='.length),
      cookie,
    },
    body: new URLSearchParams({ name: 'Last words', email: 'bye@example.org', message: 'Sent just before the stop' }),
  });
  expect(await response.json()).toMatchObject({ status: 'success' });

  server.kill('SIGTERM');
  expect(await exited).toBe(143);
  expect(output).toMatch(/"component":"mail","msg":"outbox worker stopped cleanly"/);
  // The submission's mails went out (the worker was kicked by the submission) before the exit: the staff's
  // note and the sender's acknowledgement.
  expect(readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
  rmSync(dataDir, { recursive: true, force: true });
});
