import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

import {
  freePort,
  privateBuild,
  startNextServer,
  stopServer,
  waitUntilUp,
  xsrfHeaders,
} from '../../scripts/lib/next-server.mjs';

// `npm start` as it serves the site: the visitors' pages and the back office in two processes behind one
// front (scripts/lib/split-server.mjs, docs/deploy.md). What a visitor must never notice of it, and what
// the staff must still get: a publish live on the visitors' side without a visitor's page being made at
// their request, a visitor's mail sent by the back office, the client's address as the front saw it, a
// back office that stops and comes back while visitors are served, and a clean stop of all three.
const ADMIN = 'staff@example.org';
const LIVE_WITHIN_MS = 15_000;

let dir: string;
let dataDir: string;
let base: string;
let server: ChildProcess;
let output = '';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-back-office-'));
  dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startNextServer({
    port,
    root: privateBuild(dir),
    split: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { DATA_DIR: dataDir, STAFF_EMAILS: ADMIN, STAFF_SIGN_IN_LIMIT: '100', RATE_LIMIT_PER_MINUTE: '3' },
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitUntilUp(`${base}/api/health`, { timeoutMs: 120_000, server });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  if (server) await stopServer(server);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function mails(): string[] {
  const folder = join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .map((file) =>
      readFileSync(join(folder, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

const form = () => ({
  origin: base,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/x-www-form-urlencoded',
});

async function signIn(): Promise<string> {
  await fetch(`${base}/staff/api/sign-in-request`, { method: 'POST', headers: form(), body: `email=${ADMIN}` });
  let token: string | undefined;
  await expect
    .poll(
      () =>
        (token = mails()
          .map((text) => text.match(/\/staff\/sign-in\?t=([\w.-]+)/)?.[1])
          .find(Boolean)),
      {
        timeout: 30_000,
      },
    )
    .toBeDefined();
  const answer = await fetch(`${base}/staff/api/sign-in`, {
    method: 'POST',
    headers: form(),
    body: `t=${token}`,
    redirect: 'manual',
  });
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('baobab-staff='));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

const pid = (role: 'visitors' | 'back office') => {
  const found = [...output.matchAll(new RegExp(`${role} on port \\d+ \\(pid (\\d+)\\)`, 'g'))].at(-1);
  return Number(found?.[1]);
};

const alive = (id: number) => {
  try {
    process.kill(id, 0);
    return true;
  } catch {
    return false;
  }
};

test("before the front opens, the visitors' process has started the content database and made Home once", () => {
  // Otherwise the first page it made again, past its revalidate time, paid for both at a visitor's
  // request: about half a second of its only thread (docs/performance.md, "A visitor while staff download").
  const serving = output.indexOf('Serving on');
  expect(serving).toBeGreaterThan(0);
  const ready = output.search(/"msg":"content database ready in \d+ ms"/);
  expect(ready).toBeGreaterThan(-1);
  expect(ready).toBeLessThan(serving);
  // REVALIDATED: Next made the page for this request (a page served from the cache says HIT or STALE).
  const made = output.search(/The visitors' server made Home before serving \(200, REVALIDATED\)/);
  expect(made).toBeGreaterThan(-1);
  expect(made).toBeLessThan(serving);
  // Made by the visitors' process alone: the back office has no content-database line of that kind.
  expect(output.match(/"msg":"content database ready in/g)).toHaveLength(1);
});

test('a publish in the back office reaches the visitors as a page made there, never at their request', async () => {
  test.setTimeout(120_000);
  expect(pid('visitors')).toBeGreaterThan(0);
  expect(pid('back office')).not.toBe(pid('visitors'));
  // The visitors' page, made and kept before the publish.
  await fetch(`${base}/projects`);
  const before = await fetch(`${base}/projects`);
  // HIT, or STALE when the build's copy is past its revalidate time (then made again in the background).
  expect(before.headers.get('x-nextjs-cache')).not.toBe('MISS');

  const title = `Water Point Map Two Processes ${Date.now().toString(36)}`;
  const cookie = await signIn();
  const saved = Date.now();
  const answer = await fetch(`${base}/staff/content/api/projects/1?locale=en`, {
    method: 'PATCH',
    headers: { cookie, origin: base, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: JSON.stringify({ title, _status: 'published' }),
  });
  expect(answer.status).toBe(200);

  // Every load until it shows is served from the cache; so is the first that shows it: the page was made
  // in the back office, and the visitors' process read it from disk. None was made for the load (MISS).
  const loads: string[] = [];
  await expect
    .poll(
      async () => {
        const page = await fetch(`${base}/projects`);
        const live = (await page.text()).includes(title);
        loads.push(`${page.headers.get('x-nextjs-cache')}${live ? ' (new)' : ''}`);
        return live;
      },
      { timeout: LIVE_WITHIN_MS, intervals: [100] },
    )
    .toBe(true);
  console.log(`publish live on the visitors' side ${Date.now() - saved} ms after the save; loads: ${loads.join(', ')}`);
  expect(loads.filter((load) => load.startsWith('MISS'))).toEqual([]);
  // In French too, where the same publish changes the page.
  expect((await fetch(`${base}/fr/projects`)).headers.get('x-nextjs-cache')).not.toBe('MISS');
});

test("a visitor's message, taken by the visitors' process, is mailed by the back office's", async () => {
  const email = `two-processes-${Date.now().toString(36)}@example.org`;
  const sent = await fetch(`${base}/api/forms/contactUs`, {
    method: 'POST',
    headers: await xsrfHeaders(base),
    body: new URLSearchParams({ name: 'Two Processes', email, message: 'Mailed from the other process.' }),
  });
  expect(((await sent.json()) as { message: string }).message).toBe('Message sent successfully');
  await expect.poll(() => mails().some((text) => text.includes(email)), { timeout: 30_000 }).toBe(true);
});

test('the limit counts the address the front saw, whatever the client writes in X-Forwarded-For', async () => {
  const messages: string[] = [];
  for (let i = 0; i < 5; i++) {
    const answer = await fetch(`${base}/api/forms/contactUs`, {
      method: 'POST',
      headers: {
        ...(await xsrfHeaders(base)),
        'x-forwarded-for': `203.0.113.${i + 10}`,
        'x-real-ip': `198.51.100.${i}`,
      },
      body: new URLSearchParams({ name: 'Forged Address', email: `forged${i}@example.org`, message: 'Counting.' }),
    });
    messages.push(((await answer.json()) as { message: string }).message);
  }
  // Three a minute (RATE_LIMIT_PER_MINUTE) from this one address, whatever each post claimed: were the
  // written addresses believed, all five would be taken. (The minute may have begun before this test.)
  const taken = messages.filter((message) => message === 'Message sent successfully').length;
  expect(taken).toBeLessThanOrEqual(3);
  expect(messages.slice(taken).every((message) => message.startsWith('Too many attempts'))).toBe(true);
});

test('the back office stops and comes back; the visitors are served all along', async () => {
  test.setTimeout(150_000);
  const first = pid('back office');
  process.kill(first, 'SIGKILL');
  const visitorStatuses = new Set<number>();
  const staffStatuses = new Set<number>();
  await expect
    .poll(
      async () => {
        visitorStatuses.add((await fetch(`${base}/events`)).status);
        const staff = (await fetch(`${base}/staff/sign-in`)).status;
        staffStatuses.add(staff);
        return staff === 200 && pid('back office') !== first;
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(true);
  expect([...visitorStatuses]).toEqual([200]);
  // While it was down, the staff's addresses said so with 503 and a time to retry, never a hang.
  expect([...staffStatuses].every((status) => status === 200 || status === 503)).toBe(true);
  expect(output).toContain("The back office's server stopped (SIGKILL): starting it again");
});

test('a stop ends the front and both processes, cleanly', async () => {
  test.setTimeout(60_000);
  const ids = [pid('visitors'), pid('back office')];
  expect(ids.every(alive)).toBe(true);
  await stopServer(server);
  expect(server.exitCode).toBe(0);
  expect(ids.filter(alive)).toEqual([]);
});
