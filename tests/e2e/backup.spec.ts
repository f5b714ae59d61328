import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { expect, test } from '@playwright/test';

import { freePort, startNextServer, stopServer, waitUntilUp, xsrfHeaders } from '../../scripts/lib/next-server.mjs';

const run = promisify(execFile);

// The built site on its own store, taking a steady stream of contact messages from four visitors while
// the operator backs it up; then the site is stopped and the backup restored.
test('a backup taken under a stream of submissions restores every record acknowledged before it', async () => {
  // Two commands, a server's start and a stream of posts: on a busy machine of two cores this took more
  // than two minutes (2026-12-02).
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'baobab-backup-'));
  const dataDir = join(dir, 'data');
  const env = { ...process.env, DATA_DIR: dataDir };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startNextServer({ port, env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000' } });
  await waitUntilUp(`${base}/api/health`);
  // The events page reads the content editor's database, which the backup then takes too.
  expect((await fetch(`${base}/events`)).status).toBe(200);

  const acknowledged: { message: string; at: number }[] = [];
  let sending = true;
  let sent = 0;
  const xsrf = await xsrfHeaders(base);
  // A newsletter sign-up: its confirmation link is signed with the key generated in DATA_DIR.
  await fetch(`${base}/api/forms/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...xsrf },
    body: new URLSearchParams({ name: 'Reader', email: 'reader@example.org' }),
  });
  const visitor = async (n: number) => {
    while (sending) {
      const message = `Message ${n}-${sent++} sent during the backup`;
      const response = await fetch(`${base}/api/forms/contactUs`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...xsrf,
        },
        body: new URLSearchParams({ name: `Visitor ${n}`, email: `visitor${n}@example.org`, message }),
      });
      if ((await response.json()).status === 'success') acknowledged.push({ message, at: Date.now() });
      // About ten posts a second from each: a stream throughout the backup, without the four keeping both
      // of a test machine's cores busy for the backup's whole run.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const visitors = Promise.all([1, 2, 3, 4].map(visitor));

  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(40);
  // A picture uploaded in the editor, as the CMS keeps it (DATA_DIR/media unless CMS_MEDIA_DIR).
  const picture = join(dataDir, 'media', 'banner-1600x800.webp');
  mkdirSync(join(dataDir, 'media'), { recursive: true });
  writeFileSync(picture, 'the picture');
  const backupFile = join(dir, 'backup.sqlite');
  const backupStarted = Date.now();
  const backup = await run('npm', ['run', '-s', 'backup', '--', backupFile], { env });
  expect(backup.stdout).toMatch(/^Backed up \d+ records/);
  // For its owner only, and with the generated keys a restore elsewhere needs beside it: the link key
  // (unsubscribe links in mail already sent) and the XSRF key.
  expect(statSync(backupFile).mode & 0o777).toBe(0o600);
  expect(backup.stdout).toContain(`${backupFile}.link-secret`);
  expect(backup.stdout).toContain(`the content editor's database to ${backupFile}.cms.db`);
  expect(statSync(`${backupFile}.cms.db`).mode & 0o777).toBe(0o600);
  expect(backup.stdout).toContain(`and 1 picture files uploaded in the editor to ${backupFile}.media`);
  for (const name of ['link-secret', 'xsrf-secret']) {
    expect(statSync(`${backupFile}.${name}`).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${backupFile}.${name}`, 'utf8')).toBe(readFileSync(join(env.DATA_DIR!, name), 'utf8'));
  }
  const before = acknowledged.filter((a) => a.at < backupStarted).map((a) => a.message);
  // The stream went on during and after the backup.
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(before.length + 20);

  // While the site runs, restoring is refused and the live store is left alone.
  await expect(run('npm', ['run', '-s', 'restore', '--', backupFile], { env })).rejects.toMatchObject({
    stderr: expect.stringContaining('is in use: stop the site'),
  });

  sending = false;
  await visitors;
  await stopServer(server);
  rmSync(picture);
  const restore = await run('npm', ['run', '-s', 'restore', '--', backupFile], { env });
  expect(restore.stdout).toMatch(/^Restored \d+ records/);
  expect(restore.stdout).toContain(`Restored the content editor's database from ${backupFile}.cms.db`);
  expect(readFileSync(join(dataDir, 'cms.db'))).toEqual(readFileSync(`${backupFile}.cms.db`));
  expect(restore.stdout).toContain(`Put back 1 picture files uploaded in the editor from ${backupFile}.media`);
  expect(readFileSync(picture, 'utf8')).toBe('the picture');

  const restored = JSON.parse(
    (await run('npm', ['run', '-s', 'export', '--', 'contact', '--format', 'json'], { env })).stdout,
  );
  const messages = new Set(restored.map((record: { message: string }) => record.message));
  expect(before.filter((message) => !messages.has(message))).toEqual([]);
  // A snapshot: no record acknowledged after the backup command returned is in it.
  expect(restored.length).toBeLessThan(acknowledged.length);
  rmSync(dir, { recursive: true, force: true });
});
