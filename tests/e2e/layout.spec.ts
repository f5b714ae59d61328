import { expect, test } from '@playwright/test';

import { holdScripts } from './held-scripts';

test('/home lands on / with a permanent redirect', async ({ page, request }) => {
  const response = await request.get('/home', { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers()['location']).toBe('/');
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "We're educators, analysts, and engineers focused on people and data.",
  );
});

test('an unknown path answers 404 with "Page not found" and a button home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found - Baobab Data');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('each navbar link reaches its page, marked current, at the top of the page', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, path, title] of [
    ['About', '/about', 'About - Baobab Data'],
    ['Projects', '/projects', 'Projects - Baobab Data'],
    ['Academy', '/academy', 'Academy - Baobab Data'],
    ['Insights', '/insights', 'Insights - Baobab Data'],
    ['Contact', '/contact', 'Contact - Baobab Data'],
  ] as const) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(title);
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  }
  await nav.getByRole('link', { name: 'Baobab Data' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a page fetches another page only once the visitor points at or focuses its link', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_rsc')) fetched.push(url.pathname);
  });
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  // Next's default would have fetched every page linked from the screen by now.
  expect(fetched).toEqual([]);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'About', exact: true }).hover();
  await expect.poll(() => fetched).toContain('/about');
  await nav.getByRole('link', { name: 'Contact', exact: true }).focus();
  await expect.poll(() => fetched).toContain('/contact');
  expect(fetched).not.toContain('/insights');
});

test("a link's click changes the page and keeps the frame; a click for a new tab is the browser's", async ({
  page,
}) => {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // Lives as long as the document: a page loaded anew would not have it.
  await page.evaluate(() => Object.assign(window, { keptAcrossPages: true }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveTitle('About - Baobab Data');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us', exact: true }).click();
  await expect(page).toHaveTitle('Contact - Baobab Data');
  expect(await page.evaluate(() => 'keptAcrossPages' in window)).toBe(true);
  expect(documents).toEqual(['/']);

  const opened = page.context().waitForEvent('page');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Projects', exact: true })
    .click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/projects$/);
  await expect(page).toHaveURL(/\/contact$/);
  await tab.close();
});

test('a reader who scrolls before the page runs stays where they are, and their tap then lands on its link', async ({
  page,
}) => {
  // The page's scripts held, as on a phone on a slow network, while the reader scrolls to a link. The
  // page starting then used to scroll it back to the top, and a tap aimed at the link met the page's
  // text instead (CI: a test's click on /about's gift link stayed on /about, the page at its top).
  const release = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  const link = page.getByRole('link', { name: 'Support our work: give once or every month' });
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await link.click();
  await expect(page).toHaveURL(/\/donate$/);
});

test('the navbar is white on Home and orange elsewhere', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header).toHaveAttribute('data-variant', 'white');
  expect(await header.evaluate((h) => getComputedStyle(h).backgroundColor)).toBe('rgb(255, 255, 255)');
  await page.goto('/about');
  await expect(header).toHaveAttribute('data-variant', 'orange');
  expect(await header.evaluate((h) => getComputedStyle(h).backgroundColor)).toBe('rgb(194, 65, 12)');
});

test('the XSRF token endpoint sets a signed cookie readable by the page, once per visitor', async ({
  page,
  context,
}) => {
  await page.goto('/');
  expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'XSRF-TOKEN' }));
  const first = await page.request.get('/api/xsrf');
  expect(first.status()).toBe(204);
  expect(first.headers()['cache-control']).toBe('no-store');
  const cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie?.value).toMatch(/^[\w-]{22}\.[a-z0-9]+\.[\w-]{43}$/);
  expect(cookie?.httpOnly).toBe(false);
  expect(cookie?.sameSite).toBe('Strict');
  expect(await page.evaluate(() => document.cookie)).toContain('XSRF-TOKEN=');

  // A returning visitor keeps theirs; a new one gets another.
  expect((await page.request.get('/api/xsrf')).headers()['set-cookie']).toBeUndefined();
  await context.clearCookies();
  await page.request.get('/api/xsrf');
  const other = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(other?.value).not.toBe(cookie?.value);
});

test('the cookie choice survives a reload', async ({ page }) => {
  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'Cookie choice' });
  await expect(banner).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await banner.getByRole('button', { name: 'Refuse cookies' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  // Hidden from the first paint (the inline consent script) and after hydration alike.
  await expect(banner).toBeHidden();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(banner).toBeHidden();
  const consent = (await page.context().cookies()).find((c) => c.name === 'cookie_consent');
  expect(consent?.value).toBe('refused');
  const yearFromNow = Date.now() / 1000 + 364 * 24 * 3600;
  expect(consent?.expires).toBeGreaterThan(yearFromNow);
});

test('a keyboard user can skip to the content, use the navbar and answer the banner', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie choice' });
  await expect(banner).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

  // The banner comes first in the tab order: its privacy link, then its buttons.
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('link', { name: 'privacy policy' })).toBeFocused();
  const accept = banner.getByRole('button', { name: 'Got it!' });
  await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(accept).toBeHidden();

  const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
  for (let i = 0; i < 10 && !(await about.evaluate((a) => a === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(about).toBeFocused();
  const outline = await about.evaluate((a) => getComputedStyle(a).outlineStyle);
  expect(outline).toBe('solid');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu opens from its button by keyboard and leads to a page', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    const menuLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Academy' });
    await expect(menuLink).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menuLink).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menuLink).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await menuLink.click();
    await expect(page).toHaveURL(/\/academy$/);
    await expect(menuLink).toBeHidden();
  });

  test('without JavaScript the menu links are all shown and no cookie banner is', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Cookie choice' })).toBeHidden();
    await context.close();
  });
});
