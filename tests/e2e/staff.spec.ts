import { existsSync } from 'node:fs';
import { join } from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

import { altered as alteredToken } from '../helpers/altered';
import { signInByMail, waitForSignInPath } from './staff-mail';
import { sendContactForm, storedRecords, uniqueEmail } from './store';

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

const signIn = (page: Page) => signInByMail(page, DATA_DIR, STAFF);

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
  // Something the event's filter must leave out, newer than the registration so both show unfiltered.
  const contactName = `Contact ${lastName}`;
  await page.goto('/contact');
  await sendContactForm(page, { name: contactName, email: uniqueEmail('staff-filter'), message: 'Not an event.' });
  await expect(page.getByText('Message sent successfully')).toBeVisible();

  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  await signIn(page);

  const list = page.getByRole('list', { name: 'Submissions' });
  const row = list.getByRole('link', { name: `Amara ${lastName} · Event registration · Baobab Data Hackathon 2023` });
  const contact = list.getByRole('link', { name: `${contactName} · Contact message` });
  await expect(row).toBeVisible();
  await expect(contact).toBeVisible();
  await page
    .getByLabel('Course, event or offer')
    .selectOption({ label: 'Event registration: Baobab Data Hackathon 2023' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/item=user%3Abaobab-data-hackathon-2023/);
  await expect(row).toBeVisible();
  await expect(contact).toHaveCount(0);
  await expect(list.getByRole('link', { name: /Course enrolment|Contact message|Offer reservation/ })).toHaveCount(0);

  await row.click();
  await expect(page.getByRole('heading', { name: `Amara ${lastName} · Event registration` })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark as handled', exact: true }).click();
  await expect(page.getByText('Status last changed by staff@example.org')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen', exact: true })).toBeVisible();
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

  const altered = alteredToken(token);
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

test('the sign-in pages name the organisation, and a submission shows its choices in the words of the downloads', async ({
  page,
}) => {
  const email = uniqueEmail('staff-words');
  await page.goto('/offers/become-a-data-analyst');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Olumide');
  await page.getByLabel('Last name').fill('Adeyemi');
  await page.getByLabel('Gender').selectOption('male');
  await page.getByLabel('Highest degree').selectOption('phd');
  await page.getByLabel('Occupation').fill('Engineer');
  await page.getByLabel('Country').fill('Nigeria');
  await page.getByRole('button', { name: 'Save My Spot' }).click();
  await expect(page.getByText('Your Spot has been Reserved')).toBeVisible();

  const path = await requestLink(page);
  await page.goto('/staff/sign-in');
  await expect(page).toHaveTitle('Staff sign-in · Baobab Data');
  await expect(page.getByText('Baobab Data · staff workspace')).toBeVisible();
  await page.goto(path);
  await expect(page.getByText('Baobab Data · staff workspace')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.goto(`/staff?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: /Olumide Adeyemi · Offer reservation/ }).click();
  await expect(page.locator('dt:text-is("Gender") + dd')).toHaveText('Male');
  await expect(page.locator('dt:text-is("Degree") + dd')).toHaveText('PhD');
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
    '/staff/forget/contact/x',
    '/staff/submissions/user/x',
  ]) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBeGreaterThanOrEqual(300);
    expect(answer.status(), path).toBeLessThan(400);
    expect(answer.headers().location, path).toMatch(/\/staff\/sign-in$/);
  }
  for (const action of ['record', 'forget']) {
    const answer = await page.request.post(`/staff/api/${action}`, {
      form: { collection: 'user', id: 'x', action: 'handled', confirm: 'yes' },
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
    // An axe scan of every workspace page: 25 s alone on two cores, more beside another spec file.
    test.setTimeout(90_000);
    await signIn(page);
    const pages = [
      '/staff',
      '/staff/audit',
      '/staff/subscribers',
      '/staff/items/user/baobab-data-hackathon-2023',
      '/staff/sign-in',
    ];
    await page.getByRole('link', { name: /·/ }).first().click();
    const submission = new URL(page.url()).pathname;
    pages.push(submission, submission.replace('/staff/submissions/', '/staff/forget/'));
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

// The outbox ids of the mails about a record, which the file transport writes as <id>.eml.
function mailIdsAbout(recordEmail: string): string[] {
  const db = new Database(join(DATA_DIR, 'baobab.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (
      db
        .prepare(
          "SELECT outbox.id FROM outbox JOIN records ON records.id = outbox.record_id WHERE json_extract(records.data, '$.email') = ?",
        )
        .pluck()
        .all(recordEmail) as string[]
    ).sort();
  } finally {
    db.close();
  }
}

const emlOf = (id: string) => join(DATA_DIR, 'mail', `${id}.eml`);

test('staff forget a person from one of their submissions: the address is read from the store, never sent in a URL or form', async ({
  page,
  baseURL,
  playwright,
}) => {
  const email = uniqueEmail('staff-forget');
  const name = `Forget ${email.split('@')[0]!.replace(/\W/g, '')}`;
  await page.goto('/contact');
  await sendContactForm(page, { name, email, message: 'Please forget me after this.' });
  await expect.poll(() => storedRecords('contact', email).length).toBe(1);
  // The staff note and the visitor's confirmation, sent to files by the outbox worker.
  const mails = mailIdsAbout(email);
  expect(mails.length).toBeGreaterThan(0);
  await expect.poll(() => mails.every((id) => existsSync(emlOf(id))), { timeout: 15_000 }).toBe(true);

  await signIn(page);
  await page.getByRole('link', { name: new RegExp(`${name} · Contact message`) }).click();
  const submission = new URL(page.url()).pathname;
  const [, , , collection, id] = submission.split('/');
  expect(collection).toBe('contact');

  const forgetLink = page.getByRole('link', { name: 'Forget this person' });
  expect(await forgetLink.getAttribute('href')).toBe(`/staff/forget/contact/${id}`);
  await forgetLink.click();
  expect(page.url()).not.toContain('@');
  await expect(page.getByRole('heading', { name: `Forget ${name}?` })).toBeVisible();
  await expect(page.getByText(`Address: ${email}`)).toBeVisible();
  await expect(page.getByText(`Stored about this address: 1 records and ${mails.length} mails.`)).toBeVisible();
  const form = page.locator('form[action="/staff/api/forget"]');
  await expect(form.locator('input[type=hidden]')).toHaveCount(3);
  expect(await form.innerHTML()).not.toContain(email);

  // Refused without a session, from another site, unconfirmed, or with an altered record: nothing goes.
  const post = (form: Record<string, string>, headers: Record<string, string> = { origin: baseURL! }) =>
    page.request.post('/staff/api/forget', { form, headers, maxRedirects: 0 });
  const whole = { collection: 'contact', id: id!, confirm: 'yes' };
  const stranger = await playwright.request.newContext({ baseURL });
  const anonymous = await stranger.post('/staff/api/forget', {
    form: whole,
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  await stranger.dispose();
  expect([anonymous.status(), anonymous.headers().location]).toEqual([303, '/staff/sign-in']);
  const crossSite = await post(whole, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
  expect(crossSite.status()).toBe(403);
  expect((await post({ ...whole, confirm: 'no' })).status()).toBe(400);
  for (const altered of [
    { ...whole, id: `${id}x` },
    { ...whole, id: '../../baobab' },
    { ...whole, id: 'a'.repeat(5000) },
    { ...whole, collection: 'users' },
    { ...whole, collection: 'user' },
    { confirm: 'yes' },
  ]) {
    const answer = await post(altered);
    expect(answer.status(), JSON.stringify(altered).slice(0, 80)).toBe(404);
  }
  for (const path of [`/staff/forget/contact/${id}x`, `/staff/forget/users/${id}`, `/staff/forget/contact/${id}%00`]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  // A broken escape never reaches the page: a clear 4xx either way.
  const broken = (await page.request.get('/staff/forget/contact/%E0%A4%A')).status();
  expect(broken >= 400 && broken < 500, String(broken)).toBe(true);
  expect(storedRecords('contact', email)).toHaveLength(1);

  await page.getByRole('button', { name: 'Forget for good' }).click();
  await expect(page).toHaveURL(/\/staff\?forgotten=[\w.-]+$/);
  await expect(page.getByText(`The person is forgotten: 1 records and ${mails.length} mails removed.`)).toBeVisible();
  // Counts written into an address by anyone but the server show nothing.
  await page.goto('/staff?forgotten=1&records=999&messages=999');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(page.getByText('The person is forgotten')).toHaveCount(0);
  expect(storedRecords('contact', email)).toEqual([]);
  expect(mailIdsAbout(email)).toEqual([]);
  for (const mail of mails) expect(existsSync(emlOf(mail)), mail).toBe(false);
  await page.goto(`/staff?q=${encodeURIComponent(name)}`);
  await expect(page.getByText('No submissions match.')).toBeVisible();
  expect((await page.request.get(submission)).status()).toBe(404);

  await page.goto('/staff/audit');
  const entry = page.getByRole('row', {
    name: new RegExp(`staff@example.org Forgot a person 1 records, ${mails.length} mails`),
  });
  await expect(entry.first()).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
});

test('the audit trail shows sign-ins, refused links and sign-outs in words', async ({ page, baseURL }) => {
  await signIn(page);
  const refused = await page.request.post('/staff/api/sign-in', {
    form: { t: 'not-a-link' },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(refused.headers().location).toBe('/staff/sign-in?invalid=1');
  // A refusal that names nobody is a stranger's: kept apart from the staff entries shown first.
  await page.goto('/staff/audit');
  await expect(page.getByRole('row', { name: /Unknown Sign-in refused/ })).toHaveCount(0);
  await page.getByLabel('Entries').selectOption('refusals');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/staff\/audit\?trail=refusals/);
  await expect(
    page.getByRole('row', { name: /Unknown Sign-in refused The link was not signed by this site/ }).first(),
  ).toBeVisible();
  // This spec's own entries (the other worker's specs sign in with their own addresses meanwhile).
  await page.goto(`/staff/audit?who=${encodeURIComponent(STAFF)}`);
  await expect(page.getByRole('row', { name: /staff@example.org Sign-in link mailed/ }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: /staff@example.org Signed in/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page);
  await page.goto(`/staff/audit?who=${encodeURIComponent(STAFF)}`);
  await expect(page.getByRole('row', { name: /staff@example.org Signed out/ }).first()).toBeVisible();
});

test('the audit is filtered by action, and a phone shows its entries stacked, each word whole', async ({ page }) => {
  await signIn(page);
  await page.goto('/staff/audit?what=sign-in');
  const rows = page.getByRole('row', { name: /Signed in/ });
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('row', { name: /Sign-in link mailed/ })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff/audit');
  // Nothing wider than the screen, and each entry's cells one under the other.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const cells = page.locator('tbody tr').first().locator('td');
  const [when, who] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
  expect(who!.y).toBeGreaterThanOrEqual(when!.y + when!.height - 1);
  // Each action's words on one line: none is broken mid-word ("Downlo aded").
  for (const cell of await page.locator('tbody td:nth-child(3)').all()) {
    expect(await cell.evaluate((td) => td.getClientRects().length > 0 && td.scrollWidth <= td.clientWidth)).toBe(true);
  }
  await page.screenshot({ path: test.info().outputPath('audit-390.png'), fullPage: true });
});
