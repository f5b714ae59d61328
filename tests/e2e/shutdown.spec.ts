import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';

// A second server from the same build, on its own port and data folder, so it can be stopped.
const STAFF = 'last-link@example.org';
test('on SIGTERM the server finishes the outbox pass, answers the sign-in asks still waiting, stops the worker cleanly and exits', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-shutdown-'));
  const base = 'http://127.0.0.1:3161';
  const server = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '--port', '3161', '--hostname', '127.0.0.1'],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        MAIL_POLL_MS: '60000',
        NEXT_TELEMETRY_DISABLED: '1',
        STAFF_EMAILS: STAFF,
      },
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
  // A staff member asks for a sign-in link just before the stop: told a link is on its way, while the ask
  // waits for the queue's next turn (every second), which the stop comes before.
  const asked = await fetch(`${base}/staff/api/sign-in-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email: STAFF }),
    redirect: 'manual',
  });
  expect([asked.status, asked.headers.get('location')]).toEqual([303, '/staff/sign-in?sent=1']);

  server.kill('SIGTERM');
  expect(await exited).toBe(143);
  expect(output).toMatch(/"component":"mail","msg":"outbox worker stopped cleanly"/);
  // The submission's mails went out (the worker was kicked by the submission) before the exit: the staff's
  // note and the sender's acknowledgement.
  expect(readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
  // The ask was answered before the store closed: its link waits in the outbox for the next start, and
  // nothing reached the store after it closed.
  const db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true, fileMustExist: true });
  const linkMails = db.prepare("SELECT status FROM outbox WHERE json_extract(message, '$.to') = ?").all(STAFF) as {
    status: string;
  }[];
  db.close();
  expect(linkMails).toHaveLength(1);
  expect(output).not.toMatch(/sign-in request not handled|connection is not open/);
  rmSync(dataDir, { recursive: true, force: true });
});
