import { expect, test, type APIRequestContext } from '@playwright/test';

import { startupChunks as chunksNamedIn, COMPILE_HINT, MIN_HINTED_BYTES } from '../../scripts/lib/compile-hints.mjs';
import { SLICED } from '../../scripts/lib/startup-slices.mjs';
import { shownSlide } from './carousel';
import { holdScripts } from './held-scripts';
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

test('a page fetches its start-up scripts only once it has painted, then hydrates', async ({ page, request }) => {
  for (const route of routes) {
    const html = await (await request.get(route.path)).text();
    // The tags carry their address in data-src (scripts/lib/late-scripts.mjs): nothing the browser
    // would fetch while it reads the document and lays out the first screen.
    expect(html, route.path).toMatch(/<script data-src="\/_next\/static\/chunks\/[^"]+\.js" async="">/);
    expect(html, route.path).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+"(?! noModule)/);
    expect(html, route.path).not.toMatch(/<link rel="preload" as="script"/);
  }
  // The first frame's rendering starts on the main thread when its animation frame callbacks have run:
  // the time the page's first layout and paint begin (the paint entry carries when the frame was
  // shown, which a headless browser reports later).
  await page.addInitScript(() => {
    requestAnimationFrame(() => ((window as unknown as { frame: number }).frame = performance.now()));
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of ['/contact', '/fr/academy', '/']) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor();
    const { frame, first, scripts } = await page.evaluate(() => {
      const chunks = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/_next/static/chunks/'))
        .map((entry) => entry.startTime);
      return {
        frame: (window as unknown as { frame?: number }).frame ?? Number.NaN,
        first: Math.min(...chunks),
        scripts: document.querySelectorAll('script[src^="/_next/static/chunks/"]').length,
      };
    });
    expect(scripts, path).toBeGreaterThan(3);
    expect(first, path).toBeGreaterThan(frame);
  }
  // Pages the router brings still run: a tap on a link goes on without loading the document again.
  await page.goto('/contact');
  await page.locator('html[data-hydrated]').waitFor();
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.locator('nav a[href="/about"]').first().click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  expect(errors).toEqual([]);
});

// A page that redirects as it is made (a project under an older title) is sent as Next's own error
// document, which renders none of our layouts: the address is in its status and Location, and again in
// its data, for its scripts to follow. A cache that keeps the document and loses the status (as one
// did in a drill: the old address stayed on an empty page) leaves the move to the scripts, so the
// renderer writes their loader there too.
test("Next's own error document loads its scripts: a redirect sent as a page moves with JavaScript", async ({
  page,
}) => {
  let target = '';
  let html = '';
  await page.route('**/projects/an-older-title-1', async (route) => {
    const sent = await route.fetch({ maxRedirects: 0 });
    const { location, ...headers } = sent.headers();
    target = location ?? '';
    html = await sent.text();
    await route.fulfill({ status: 200, headers, body: html });
  });
  await page.goto('/projects/an-older-title-1');
  expect(target).toMatch(/^\/projects\/[a-z0-9-]+-1$/);
  expect(html).toContain('<html id="__next_error__">');
  expect(html).toMatch(/<script data-src="\/_next\/static\/chunks\/[^"]+" async=""><\/script><script>\(function\(d\)/);
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a tap on the menu or a tab before the page runs is made once the page runs, and only once', async ({ page }) => {
  // The page's scripts held, as on a phone on a slow network, while the reader taps the menu and a tab.
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdScripts(page);
  await page.goto('/projects', { waitUntil: 'domcontentloaded' });
  const menu = page.getByRole('button', { name: 'Menu' });
  const archive = page.getByRole('tab', { name: 'Archive Projects' });
  await menu.click();
  await menu.click(); // tapped again because nothing happened: one intent
  await archive.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(archive).toHaveAttribute('aria-selected', 'false');
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(archive).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('No archive project');
  // Taps once the page runs are the app's alone: one tap, one change.
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('tab', { name: 'Active Projects' }).click();
  await expect(archive).toHaveAttribute('aria-selected', 'false');
});

test("a carousel's arrow tapped before the page runs moves the row once embla is there, by one slide", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdScripts(page);
  await page.goto('/academy', { waitUntil: 'domcontentloaded' });
  const carousel = page.getByRole('region', { name: 'Fellow testimonials' });
  const prev = carousel.getByRole('button', { name: 'Previous testimonial' });
  await carousel.getByRole('button', { name: 'Next testimonial' }).click();
  const shown = () => shownSlide(carousel);
  expect(await shown()).toEqual({ slide: 0, embla: false });
  release();
  await expect(prev).toBeEnabled();
  await expect.poll(shown).toEqual({ slide: 1, embla: true });
});
