import { expect, test } from '@playwright/test';
import { routes } from './routes';

const HINT = '//# allFunctionsCalledOnLoad\n';
const chunkSrc = /<script\b(?![^>]*nomodule)[^>]*\bsrc="([^"]*\/_next\/static\/chunks\/[^"]+\.js)"/gi;

test('every page asks V8 to compile its start-up scripts eagerly', async ({ request }) => {
  const startup = new Set<string>();
  for (const route of routes) {
    const html = await (await request.get(route.path)).text();
    const srcs = [...html.matchAll(chunkSrc)].map((m) => m[1]!);
    expect(srcs.length, route.path).toBeGreaterThan(0);
    srcs.forEach((src) => startup.add(src));
  }
  for (const src of startup) {
    expect((await (await request.get(src)).text()).startsWith(HINT), src).toBe(true);
  }
});

test('chunks fetched after start-up (carousels, particles) keep lazy compilation', async ({ page, request }) => {
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/_next/static/chunks/') && pathname.endsWith('.js')) fetched.add(pathname);
  });
  const html = await (await request.get('/')).text();
  const startup = new Set([...html.matchAll(chunkSrc)].map((m) => m[1]!));
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => [...fetched].filter((path) => !startup.has(path)).length).toBeGreaterThan(0);
  for (const path of [...fetched].filter((p) => !startup.has(p))) {
    expect((await (await request.get(path)).text()).startsWith(HINT), path).toBe(false);
  }
});
