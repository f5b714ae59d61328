import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  const [sitePort, proxyPort] = [await freePort(), await freePort()];
  site = startNextServer({
    port: sitePort,
    env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), TRUSTED_PROXY_HOPS: '1' },
  });
  nginx = startNginx({ port: proxyPort, upstreamPort: sitePort, dir });
  proxied = `http://127.0.0.1:${proxyPort}`;
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
