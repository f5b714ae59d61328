import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { waitForSignInPath } from './staff-mail';
import { uniqueEmail } from './store';

// The staff workspace (docs/staff.md) against the built site with STAFF_EMAILS=staff@example.org and
// DATA_DIR=var/e2e (playwright.config.ts), without JavaScript: plain forms and links only.
const DATA_DIR = 'var/e2e';
const STAFF = 'staff@example.org';

test.use({ javaScriptEnabled: false });

async function requestLink(page: Page, email = STAFF): Promise<string> {
  const after = Date.now() - 1000;
  await page.goto('/staff/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If this address may sign in');
  return waitForSignInPath(DATA_DIR, email, after);
}

async function signIn(page: Page): Promise<void> {
  const path = await requestLink(page);
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
}

test('a new user signs in by mailed link, finds, filters, handles a registration and signs out', async ({ page }) => {
  const email = uniqueEmail('staff-journey');
  // A last name of letters only, new at each run: the inbox keeps earlier runs' registrations.
  const lastName = `Journey${String.fromCharCode(...[...String(Date.now()).slice(-6)].map((d) => 97 + Number(d)))}`;
  await page.goto('/events/baobab-data-hackathon-2023');
  await page.getByLabel('First name').fill('Amara');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Continue your registration')).toBeVisible();

  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  await signIn(page);

  const row = page.getByRole('link', { name: `Amara ${lastName} · Event registration · Baobab Data Hackathon 2023` });
  await expect(row).toBeVisible();
  await page
    .getByLabel('Course, event or offer')
    .selectOption({ label: 'Event registration: Baobab Data Hackathon 2023' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/item=user%3Abaobab-data-hackathon-2023/);
  await expect(page.getByRole('link', { name: /Event registration/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Course enrolment|Contact message|Offer reservation/ })).toHaveCount(0);

  await row.click();
  await expect(page.getByRole('heading', { name: `Amara ${lastName} · Event registration` })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark as handled' }).click();
  await expect(page.getByText('Status last changed by staff@example.org')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.goto('/staff?status=handled');
  await expect(row).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
});

test('a link works once, from the button only; an altered or unknown link signs nobody in', async ({ page }) => {
  const path = await requestLink(page);
  // Opening the link (as a mail scanner does) signs nobody in and does not use it up.
  const scanner = await page.request.get(path);
  expect(scanner.status()).toBe(200);
  expect(scanner.headers()['set-cookie']).toBeUndefined();
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();

  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  const token = new URL(path, 'http://x').searchParams.get('t')!;
  const reused = await page.request.post('/staff/api/sign-in', {
    form: { t: token },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(reused.status()).toBe(303);
  expect(reused.headers().location).toBe('/staff/sign-in?invalid=1');

  const altered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
  await page.goto(`/staff/sign-in?t=${altered}`);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
});

test('the session cookie is HttpOnly and SameSite=Strict, and a new id is issued at each sign-in', async ({
  page,
  context,
}) => {
  await signIn(page);
  const first = (await context.cookies()).find((c) => c.name === 'baobab-staff')!;
  expect(first).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  await signIn(page);
  const second = (await context.cookies()).find((c) => c.name === 'baobab-staff')!;
  expect(second.value).not.toBe(first.value);
  // The first session ended when the second began.
  await context.clearCookies();
  await context.addCookies([{ ...first }]);
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
});

test('asking for a link answers the same for staff and other addresses', async ({ page, baseURL }) => {
  for (const email of [STAFF, 'nobody@example.org', 'not an address']) {
    const answer = await page.request.post('/staff/api/sign-in-request', {
      form: { email },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect([answer.status(), answer.headers().location]).toEqual([303, '/staff/sign-in?sent=1']);
  }
});

test('every workspace page and post without a session leads to the sign-in page, and cross-site posts are refused', async ({
  page,
  baseURL,
}) => {
  for (const path of [
    '/staff',
    '/staff/audit',
    '/staff/subscribers',
    '/staff/items/user/baobab-data-hackathon-2023',
    '/staff/forget?email=a@example.org',
    '/staff/submissions/user/x',
  ]) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBeGreaterThanOrEqual(300);
    expect(answer.status(), path).toBeLessThan(400);
    expect(answer.headers().location, path).toMatch(/\/staff\/sign-in$/);
  }
  for (const action of ['record', 'forget']) {
    const answer = await page.request.post(`/staff/api/${action}`, {
      form: { collection: 'user', id: 'x', action: 'handled', email: 'a@example.org', confirm: 'yes' },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect([answer.status(), answer.headers().location]).toEqual([303, '/staff/sign-in']);
  }
  const crossSite = await page.request.post('/staff/api/sign-in-request', {
    form: { email: STAFF },
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  for (const method of ['PUT', 'DELETE', 'PATCH']) {
    const answer = await page.request.fetch('/staff/api/record', { method, maxRedirects: 0 });
    expect(answer.status(), method).toBe(405);
  }
});

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true });

  test('the workspace pages are never stored and never indexed, and pass axe', async ({ page }) => {
    await signIn(page);
    const pages = [
      '/staff',
      '/staff/audit',
      '/staff/subscribers',
      '/staff/items/user/baobab-data-hackathon-2023',
      '/staff/forget?email=a@example.org',
      '/staff/sign-in',
    ];
    await page.getByRole('link', { name: /·/ }).first().click();
    pages.push(new URL(page.url()).pathname);
    for (const path of pages) {
      const answer = await page.goto(path);
      expect(answer!.headers()['cache-control'], path).toMatch(/no-store/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
    }
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).not.toContain('/staff');
  });
});
