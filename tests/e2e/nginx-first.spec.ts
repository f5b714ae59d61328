import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

import { freePort, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';

// docs/deploy/nginx-first.conf itself, run by Debian's nginx as a new host would before its
// certificate exists: it starts with no certificate file anywhere, answers certbot's challenge, and
// tells a visitor the site is not open yet without a page anyone may keep.
let dir: string;
let nginx: ChildProcess;
let base: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baobab-nginx-first-'));
  const challenges = join(dir, 'letsencrypt', '.well-known', 'acme-challenge');
  mkdirSync(challenges, { recursive: true });
  writeFileSync(join(challenges, 'token-abc_123'), 'token-abc_123.thumbprint');
  const port = await freePort();
  nginx = startNginx({ port, dir, first: true });
  base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/.well-known/acme-challenge/token-abc_123`, { timeoutMs: 10_000, server: nginx });
});

test.afterAll(async () => {
  if (nginx) await stopServer(nginx);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("serves certbot's challenge as the file it wrote, and nothing else from that folder", async () => {
  const challenge = await fetch(`${base}/.well-known/acme-challenge/token-abc_123`);
  expect(challenge.status).toBe(200);
  expect(await challenge.text()).toBe('token-abc_123.thumbprint');
  expect((await fetch(`${base}/.well-known/acme-challenge/unknown`)).status).toBe(404);
  expect((await fetch(`${base}/.well-known/acme-challenge/../../letsencrypt`)).status).not.toBe(200);
});

test('answers every other address with a 503 that says when to come back and is never kept', async () => {
  for (const path of ['/', '/contact', '/staff', '/api/forms/contactUs']) {
    const answer = await fetch(`${base}${path}`, { method: path.startsWith('/api') ? 'POST' : 'GET' });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('3600');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).toMatch(/being set up/);
  }
});

test('logs the paths it is asked for without their query, so no link’s token is kept', async () => {
  await fetch(`${base}/staff/sign-in/confirm?t=token-in-a-link-0123456789`);
  await expect
    .poll(() => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : ''))
    .toContain('GET /staff/sign-in/confirm HTTP/1.1');
  expect(readFileSync(join(dir, 'access.log'), 'utf8')).not.toContain('token-in-a-link');
});
