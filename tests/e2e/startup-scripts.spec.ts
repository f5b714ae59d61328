import { expect, test, type APIRequestContext } from '@playwright/test';

import { startupChunks as chunksNamedIn, COMPILE_HINT, MIN_HINTED_BYTES } from '../../scripts/lib/compile-hints.mjs';
import { SLICED } from '../../scripts/lib/startup-slices.mjs';
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

test('every page starts the app in slices, and hydrates', async ({ page, request }) => {
  const queues = new Set<string>();
  for (const route of routes) {
    const chunks = await startupChunks(request, route.path);
    const bodies = await Promise.all(chunks.map(async (src) => (await request.get(src)).text()));
    // One start-up chunk holds Next's bootstrap, rewritten at build time (scripts/lib/startup-slices.mjs).
    const sliced = bodies.filter((body) => body.includes(SLICED));
    expect(sliced.length, route.path).toBe(1);
    expect(
      bodies.some((body) => /appBootstrap\)\(\(\)=>\{let\{hydrate:/.test(body)),
      route.path,
    ).toBe(false);
    const queue = /let __q=\[(-?\d+(?:,-?\d+)*)\]/.exec(sliced[0] ?? '')?.[1] ?? '';
    expect(queue.split(',').length, route.path).toBeGreaterThan(5);
    queues.add(queue);
  }
  // Every page shares the framework chunk, so one list of imports.
  expect(queues.size).toBe(1);
  const imports = [...queues][0]!.split(',').length;
  // Each slice is a task, started by a message on the bootstrap's channel (it posts 0; React's
  // scheduler posts null): one per import, then one for the entry and its hydration, all before the
  // page is hydrated.
  await page.addInitScript(() => {
    const post = MessagePort.prototype.postMessage;
    const w = window as unknown as { slices: number };
    w.slices = 0;
    MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown, options?: never) {
      if (message === 0 && !document.documentElement.hasAttribute('data-hydrated')) w.slices++;
      return post.call(this, message, options);
    } as MessagePort['postMessage'];
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/contact');
  await page.locator('html[data-hydrated]').waitFor();
  expect(await page.evaluate(() => (window as unknown as { slices: number }).slices)).toBe(imports + 1);
  expect(errors).toEqual([]);
});
