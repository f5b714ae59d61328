import { expect, test, type APIRequestContext } from '@playwright/test';

import { startupChunks as chunksNamedIn, COMPILE_HINT, MIN_HINTED_BYTES } from '../../scripts/lib/compile-hints.mjs';
import { routes } from './routes';

async function startupChunks(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  return [...chunksNamedIn(html)].map((chunk) => `/_next/static/chunks/${chunk}`);
}

test('every page asks V8 to compile its larger start-up scripts eagerly, and only those', async ({ request }) => {
  const startup = new Set<string>();
  for (const route of routes) {
    const chunks = await startupChunks(request, route.path);
    expect(chunks.length, route.path).toBeGreaterThan(0);
    chunks.forEach((chunk) => startup.add(chunk));
  }
  let hinted = 0;
  for (const src of startup) {
    const body = await (await request.get(src)).text();
    const original = body.startsWith(COMPILE_HINT) ? body.slice(COMPILE_HINT.length) : body;
    const large = Buffer.byteLength(original) >= MIN_HINTED_BYTES;
    expect(body.startsWith(COMPILE_HINT), `${src} (${large ? 'large' : 'small'})`).toBe(large);
    if (large) hinted++;
  }
  // React, Next's router and the form code at least.
  expect(hinted).toBeGreaterThanOrEqual(3);
});

test('chunks fetched after start-up (carousels, particles) keep lazy compilation', async ({ page, request }) => {
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/_next/static/chunks/') && pathname.endsWith('.js')) fetched.add(pathname);
  });
  const startup = new Set(await startupChunks(request, '/'));
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => [...fetched].filter((path) => !startup.has(path)).length).toBeGreaterThan(0);
  for (const path of [...fetched].filter((p) => !startup.has(p))) {
    expect((await (await request.get(path)).text()).startsWith(COMPILE_HINT), path).toBe(false);
  }
});
