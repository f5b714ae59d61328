import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

import { freePort, startNextServer, stopServer, waitUntilUp, xsrfHeaders } from '../../scripts/lib/next-server.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';

// docs/deploy/nginx.conf itself, run by Debian's nginx (as any user: every path in a scratch folder)
// in front of the built site, which here has its own store and a low rate limit.
const RATE_LIMIT = 4;

let dir: string;
let dataDir: string;
let site: ChildProcess;
let nginx: ChildProcess;
let proxied: string;
let secure: string;
let redirectPort: number;

function stored(email: string): Record<string, unknown>[] {
  const db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT data FROM records WHERE collection = 'contact'").all() as { data: string }[];
    return rows.map((row) => JSON.parse(row.data)).filter((data) => data.email === email);
  } finally {
    db.close();
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-nginx-'));
  dataDir = join(dir, 'data');
  const [sitePort, proxyPort, tlsPort] = [await freePort(), await freePort(), await freePort()];
  redirectPort = await freePort();
  site = startNextServer({
    port: sitePort,
    env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), TRUSTED_PROXY_HOPS: '1' },
  });
  nginx = startNginx({ port: proxyPort, upstreamPort: sitePort, dir, tlsPort, redirectPort });
  proxied = `http://127.0.0.1:${proxyPort}`;
  secure = `https://127.0.0.1:${tlsPort}`;
  await waitUntilUp(`http://127.0.0.1:${sitePort}/api/health`);
  await waitUntilUp(`${proxied}/api/health`, { timeoutMs: 10_000 });
});

test.afterAll(async () => {
  if (nginx) await stopServer(nginx);
  if (site) await stopServer(site);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('pages and static files come from the cache after the first request, and no page carries a cookie', async () => {
  const miss = await fetch(`${proxied}/about`);
  expect(miss.headers.get('x-cache-status')).toBe('MISS');
  expect(miss.headers.get('set-cookie')).toBeNull();
  const html = await miss.text();
  const hit = await fetch(`${proxied}/about`, { headers: { 'accept-encoding': 'gzip' } });
  expect(hit.headers.get('x-cache-status')).toBe('HIT');
  expect(hit.headers.get('content-encoding')).toBe('gzip');
  expect(hit.headers.get('set-cookie')).toBeNull();
  expect(await hit.text()).toBe(html);

  const script = html.match(/\/_next\/static\/chunks\/[^"]+\.js/)?.[0];
  expect(script).toBeDefined();
  expect((await fetch(`${proxied}${script}`)).headers.get('x-cache-status')).toBe('MISS');
  const cachedScript = await fetch(`${proxied}${script}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(cachedScript.headers.get('x-cache-status')).toBe('HIT');
  expect(cachedScript.headers.get('content-encoding')).toBe('gzip');
});

test('the API, the 404 page and private answers are never cached', async () => {
  for (let i = 0; i < 2; i++) {
    expect((await fetch(`${proxied}/api/health`)).headers.get('x-cache-status')).toBeNull();
    const missing = await fetch(`${proxied}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-cache-status')).toBe('MISS');
    // The service worker: a deploy's new worker must reach browsers at once (docs/product.md §13).
    const worker = await fetch(`${proxied}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('x-cache-status')).toBe('MISS');
  }
});

async function sendContact(page: Page, email: string, message: string) {
  await page.getByLabel('Name').fill('Through nginx');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message', { exact: true }).fill(message);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent successfully')).toBeVisible();
}

test('the contact form works through nginx with JavaScript', async ({ page }) => {
  // A page already in the cache: the form gets its token from the site when first used.
  await page.goto(`${proxied}/contact`);
  await page.goto(`${proxied}/contact`);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  const email = `nginx-js.${Date.now()}@example.org`;
  await sendContact(page, email, 'Sent with JavaScript through the proxy.');
  expect(stored(email)).toEqual([expect.objectContaining({ message: 'Sent with JavaScript through the proxy.' })]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form works through nginx', async ({ page }) => {
    await page.goto(`${proxied}/contact`);
    const email = `nginx-nojs.${Date.now()}@example.org`;
    await sendContact(page, email, 'Sent without JavaScript through the proxy.');
    expect(stored(email)).toEqual([expect.objectContaining({ message: 'Sent without JavaScript through the proxy.' })]);
  });
});

// nginx replaces X-Forwarded-For with the address that connected to it, so a client cannot pick the
// address the site's rate limit counts.
test('the rate limit counts the address that connected to nginx, whatever X-Forwarded-For says', async () => {
  const xsrf = await xsrfHeaders(proxied);
  const subscribe = (n: number) =>
    fetch(`${proxied}/api/forms/subscribe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': `198.51.100.${n}`,
        ...xsrf,
      },
      body: new URLSearchParams({ name: 'Rate', email: `rate-${n}.${Date.now()}@example.org` }),
    }).then((response) => response.json());
  for (let n = 1; n <= RATE_LIMIT; n++) expect(await subscribe(n)).toMatchObject({ status: 'success' });
  expect(await subscribe(RATE_LIMIT + 1)).toMatchObject({
    status: 'error',
    message: expect.stringContaining('Too many attempts'),
  });
});

// A request from a given local address (127.0.0.2 is another host as far as nginx can tell), over
// HTTP or, with the test's self-signed certificate, HTTPS.
function get(url: string, options: { from?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      { localAddress: options.from, headers: options.headers, rejectUnauthorized: false, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('port 80 sends every address to HTTPS', async () => {
  const answer = await get(`http://127.0.0.1:${redirectPort}/contact?x=1`);
  expect(answer.status).toBe(301);
  expect(answer.headers.location).toBe('https://127.0.0.1/contact?x=1');
});

test('over HTTPS the site sends HSTS without subdomains and the secure form cookie', async () => {
  const page = await get(`${secure}/about`);
  expect(page.status).toBe(200);
  expect(page.headers['strict-transport-security']).toBe('max-age=63072000');
  const token = await get(`${secure}/api/xsrf`);
  expect(String(token.headers['set-cookie'])).toMatch(/^__Host-XSRF-TOKEN=[^;]+;.*Secure/);
});

test.describe('over HTTPS', () => {
  test.use({ ignoreHTTPSErrors: true });

  test('the contact form works with JavaScript', async ({ page }) => {
    await page.goto(`${secure}/contact`);
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    const email = `nginx-tls.${Date.now()}@example.org`;
    await sendContact(page, email, 'Sent over HTTPS through the proxy.');
    expect(stored(email)).toEqual([expect.objectContaining({ message: 'Sent over HTTPS through the proxy.' })]);
  });
});

test('the access log keeps paths without their query: no sign-in or newsletter token lands in it', async ({ page }) => {
  const token = `secret${Date.now()}`;
  await get(`${proxied}/staff/sign-in?t=${token}a`, { headers: { referer: `${proxied}/staff/sign-in?t=${token}b` } });
  await get(`${proxied}/newsletter/confirm?t=${token}c`);
  await get(`${secure}/staff/sign-in?t=${token}d`);
  await get(`http://127.0.0.1:${redirectPort}/staff/sign-in?t=${token}e`);
  // A browser opening a link: the page and what it loads, the page being their referrer.
  await page.goto(`${proxied}/staff/sign-in?t=${token}f`);
  expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('origin');
  const log = readFileSync(join(dir, 'access.log'), 'utf8');
  expect(log).toContain('"GET /staff/sign-in HTTP/1.1" 200');
  expect(log).toContain('"GET /staff/sign-in HTTP/1.1" 301');
  expect(log).toContain('"GET /newsletter/confirm HTTP/1.1"');
  expect(log).not.toContain(token);
});

test('health answers the host itself only', async () => {
  expect((await get(`${proxied}/api/health`)).status).toBe(200);
  expect((await get(`${proxied}/api/health`, { from: '127.0.0.2' })).status).toBe(403);
  expect((await get(`${secure}/api/health`, { from: '127.0.0.2' })).status).toBe(403);
  // The rest of the API is for everyone.
  expect((await get(`${proxied}/api/xsrf`, { from: '127.0.0.2' })).status).toBe(204);
});

test('a crowd of cookies reaches the site cut down to the form token, and the form still works', async () => {
  const xsrf = await xsrfHeaders(proxied);
  const flood = Array.from({ length: 900 }, (_, i) => `c${i}=1`).join('; ');
  const response = await fetch(`${proxied}/api/forms/contactUs`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-xsrf-token': xsrf['x-xsrf-token'],
      cookie: `${flood}; ${xsrf.cookie}`,
    },
    body: new URLSearchParams({ name: 'Crowded', email: `crowd.${Date.now()}@example.org`, message: 'Many cookies.' }),
  });
  expect(await response.json()).toMatchObject({ status: 'success' });
});
