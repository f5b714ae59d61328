import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { expect, test, type Browser, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';

import { waitForSignInPath } from './staff-mail';
import { uniqueEmail } from './store';

// Two staff members working as a team (docs/staff.md, "Roles"), at a desk's width and a phone's, without
// JavaScript: an admin (STAFF_EMAILS in playwright.config.ts) invites colleagues, a door volunteer is
// kept to the door, two notes written at once are both kept, a French message gets a French reply from
// the workspace, ticked records are handled together, and the audit shows all of it.
const DATA_DIR = 'var/e2e';
// This spec's own admin address (playwright.config.ts): its sign-ins end no other spec's session.
const ADMIN = 'team@example.org';

test.use({ javaScriptEnabled: false });

// The journeys at a desk's width, the colleagues they bring in on phones; each page they pass is also
// measured and pictured at a phone's width.
test.use({ viewport: { width: 1280, height: 900 } });
const PHONE = 390;

test('an admin invites a door volunteer and a colleague; the door cannot open the inbox', async ({ browser, page }) => {
  const door = uniqueEmail('door');
  await signIn(page, ADMIN, 'Inbox');
  await invite(page, door, 'Door');
  await expect(page.getByRole('status')).toContainText('mailed a sign-in link');
  await expect(page.getByRole('list', { name: 'Team' }).getByRole('listitem').filter({ hasText: door })).toBeVisible();

  const volunteer = await newPage(browser, PHONE);
  await signIn(volunteer, door, 'At the door');
  // The door's one section: its events' check-in pages.
  await expect(volunteer.getByRole('navigation').getByRole('link')).toHaveText(['Check-in']);
  for (const path of ['/staff', '/staff/audit', '/staff/team', '/staff/subscribers']) {
    await volunteer.goto(path);
    await expect(volunteer).toHaveURL(/\/staff\/door\?denied=1$/);
    await expect(volunteer.getByRole('alert')).toContainText('Your role does not include this');
  }
  const download = await volunteer.request.get('/staff/api/export?form=contact&format=csv', {
    headers: { 'sec-fetch-site': 'same-origin' },
    maxRedirects: 0,
  });
  expect(download.status()).toBe(403);
  expect(await download.text()).not.toContain('@');
  const post = await volunteer.request.post('/staff/api/team-set', {
    form: { email: 'intruder@example.org', role: 'admin' },
    headers: { origin: new URL(volunteer.url()).origin },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);

  // Removed, the volunteer's session ends at the next request.
  await page.goto('/staff/team');
  await page.getByRole('button', { name: `Remove ${door}` }).click();
  await expect(page.getByRole('status')).toContainText('off the team');
  await volunteer.goto('/staff/door');
  await expect(volunteer).toHaveURL(/\/staff\/sign-in$/);
  await volunteer.context().close();
  await fitsAndShows(page, 'team-members');
  await page.goto('/staff/subscribers');
  await fitsAndShows(page, 'team-subscribers');
});

test('two notes written at once are both kept; a French message gets a French reply', async ({ browser, page }) => {
  const colleague = uniqueEmail('colleague');
  await signIn(page, ADMIN, 'Inbox');
  await invite(page, colleague, 'Staff');
  const other = await newPage(browser, PHONE);
  await signIn(other, colleague, 'Inbox');

  const visitor = uniqueEmail('francophone');
  const name = `Awa ${lettersOf(Date.now())}`;
  await page.goto('/fr/contact');
  await page.getByLabel('Nom').fill(name);
  await page.getByLabel('E-mail').fill(visitor);
  await page.getByLabel('Message', { exact: true }).fill('Bonjour, la formation est-elle ouverte en mai ?');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByText('Votre message a bien été envoyé')).toBeVisible();

  await page.goto(`/staff?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: new RegExp(`${name} · Contact message`) }).click();
  const record = page.url();
  await other.goto(record);
  // Both write before either sends: neither note replaces the other.
  await page.getByLabel('Add a staff note').fill('Called her back');
  await other.getByLabel('Add a staff note').fill('Sent the May dates');
  await Promise.all([
    page.getByRole('button', { name: 'Add the note' }).click(),
    other.getByRole('button', { name: 'Add the note' }).click(),
  ]);
  await page.goto(record);
  await expect(page.getByText('Called her back')).toBeVisible();
  await expect(page.getByText('Sent the May dates')).toBeVisible();
  await expect(page.getByText(`Note by ${colleague}`)).toBeVisible();

  // The reply starts in French, goes through the outbox, and stays in the thread.
  await expect(page.getByLabel('Subject')).toHaveValue('Votre message à Baobab Data');
  // A label around a text area also reads the text in it: the field is found by its name.
  const body = page.locator('textarea[name="body"]');
  await expect(body).toHaveValue(new RegExp(`^Bonjour ${name},`));
  await body.fill(`Bonjour ${name},\n\nOui, la promotion de mai est ouverte.`);
  await page.getByRole('button', { name: 'Send the reply' }).click();
  await expect(page.getByText(`Reply mailed by ${ADMIN}`)).toBeVisible();
  await expect(page.getByText('Oui, la promotion de mai est ouverte.')).toBeVisible();
  await expect.poll(() => mailTo(visitor, 'Votre message à Baobab Data'), { timeout: 15_000 }).not.toBeNull();
  const mail = (await mailTo(visitor, 'Votre message à Baobab Data'))!;
  expect(mail.replyTo?.[0]?.address).toMatch(/@/);
  expect(mail.text).toContain('Oui, la promotion de mai est ouverte.');
  expect(mail.html).toContain('lang="fr"');
  await fitsAndShows(page, 'team-record');
  await other.context().close();
});

test('three records ticked are handled together, and the audit shows who did what', async ({ page }) => {
  // `npm run export` starts its own process and the export's worker thread: seconds on a busy machine.
  test.setTimeout(60_000);
  const tag = lettersOf(Date.now());
  await page.goto('/contact');
  const names = ['One', 'Two', 'Three'].map((n) => `${n} ${tag}`);
  for (const name of names) {
    await page.goto('/contact');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(uniqueEmail('bulk'));
    await page.getByLabel('Message', { exact: true }).fill(`Question from ${name}`);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully')).toBeVisible();
  }
  await signIn(page, ADMIN, 'Inbox');
  await page.goto(`/staff?status=new&q=${tag}`);
  for (const name of names) {
    await expect(page.getByText(`Question from ${name}`)).toBeVisible();
    await page.getByLabel(`Select ${name}`).check();
  }
  await fitsAndShows(page, 'team-inbox');
  await page
    .getByRole('group', { name: 'With the selected records' })
    .getByRole('button', { name: 'Mark as handled' })
    .click();
  await expect(page.getByRole('status')).toContainText('3 records changed.');
  await expect(page).toHaveURL(new RegExp(`status=new&q=${tag}`));
  await expect(page.getByText('No submissions match.')).toBeVisible();

  // The operator exports from the shell, on the same store: the audit names the operator.
  await promisify(execFile)('npm', ['run', '-s', 'export', '--', 'contact'], {
    env: { ...process.env, DATA_DIR },
    maxBuffer: 64 * 1024 * 1024,
  });
  await page.goto('/staff/audit');
  await expect(page.getByRole('cell', { name: 'Exported with npm run export' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /operator \(/ }).first()).toBeVisible();
  // This spec's own entries: another spec's, written meanwhile on the other worker, may fill the first page.
  await page.goto(`/staff/audit?who=${encodeURIComponent(ADMIN)}`);
  for (const what of [
    'Marked as handled',
    'Replied by mail',
    'Saved a note',
    'Added a colleague',
    'Removed a colleague',
  ]) {
    // The entries' cells, not the action filter's options of the same words.
    await expect(page.getByRole('cell', { name: what }).first()).toBeVisible();
  }
  await fitsAndShows(page, 'team-audit');
});

// At a desk's width and a phone's, the page is no wider than the screen (nothing to scroll sideways, no
// button past the edge), and its picture is kept with the test's results to be looked at.
async function fitsAndShows(page: Page, name: string) {
  const desk = page.viewportSize()!;
  for (const at of [desk.width, PHONE]) {
    await page.setViewportSize({ width: at, height: desk.height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${at} px`).toBeLessThanOrEqual(
      at,
    );
    await page.screenshot({ path: test.info().outputPath(`${name}-${at}.png`), fullPage: true });
  }
  await page.setViewportSize(desk);
}

async function signIn(page: Page, email: string, heading: string) {
  const after = Date.now() - 1000;
  await page.goto('/staff/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  await page.goto(await waitForSignInPath(DATA_DIR, email, after));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

async function invite(page: Page, email: string, role: string) {
  await page.goto('/staff/team');
  const add = page.locator('form', { has: page.getByRole('button', { name: 'Add and mail a sign-in link' }) });
  await add.getByLabel('Address').fill(email);
  await add.getByLabel('Role').selectOption({ label: role });
  await add.getByRole('button', { name: 'Add and mail a sign-in link' }).click();
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 900 },
    baseURL: test.info().project.use.baseURL,
  });
  return context.newPage();
}

// Letters only, so a search finds the whole word.
function lettersOf(n: number): string {
  return [...String(n).slice(-7)].map((d) => String.fromCharCode(97 + Number(d))).join('');
}

// The mail sent to `to` with this subject (the file transport), parsed.
async function mailTo(to: string, subject: string) {
  const dir = join(DATA_DIR, 'mail');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
    const raw = readFileSync(join(dir, file), 'utf8');
    if (!raw.includes(to)) continue;
    const mail = await PostalMime.parse(raw);
    if (mail.subject === subject) return mail;
  }
  return null;
}
