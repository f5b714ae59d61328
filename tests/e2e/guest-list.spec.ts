import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { freePort, privateBuild, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { startPaystackStub, type PaystackStub } from '../helpers/paystack-stub';
import { openInEditor } from './content-editor';
import { signInByMail } from './staff-mail';
import { storedRecords, stubExternalPages, waitForHydration } from './store';

// Issue 43, part A, on a phone (390 px), on a server of its own (a private copy of the build): the
// hackathon has two places here (SITE_CAPACITY) and the site's date is its first day (SITE_TODAY, read
// by the door's list at run time). A registration opens no new tab; the last place, taken without
// JavaScript, is answered with its success alone; the event page's calendar link gives a valid .ics; an
// admin limits a door member to the hackathon; that member lands on the door with it on top, and is
// refused another event's check-in. Its own staff addresses, so no other spec's sign-in links collide.
const ADMIN = 'guest-list-admin@example.org';
const DOOR = 'guest-list-door@example.org';
const EVENT = 'baobab-data-hackathon-2023';
const OTHER = 'guest-list-other-day';
const PHONE = { width: 390, height: 844 };
const SHOTS = 'test-results/guest-list';

test.describe.configure({ mode: 'serial' });

let dir: string;
let dataDir: string;
let site: ChildProcess | undefined;
let base: string;
// Paid events (part B): payments go to the Paystack stub, which sends its webhook back to this server.
let paystack: PaystackStub | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-guest-list-'));
  dataDir = join(dir, 'data');
  mkdirSync(SHOTS, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  paystack = await startPaystackStub({ webhookUrl: `${base}/api/payments/paystack` });
  site = startNextServer({
    port,
    root: privateBuild(dir),
    env: {
      DATA_DIR: dataDir,
      SITE_CAPACITY: '2',
      SITE_TODAY: '2023-03-18',
      STAFF_EMAILS: ADMIN,
      MAIL_POLL_MS: '200',
      RATE_LIMIT_PER_MINUTE: '1000',
      // Pay links and the provider's return name this server (paid events, below).
      SITE_URL: base,
      ...paystack.env(),
      // The places pass every 2 s rather than every minute: the reminders section sees its passes.
      PLACES_PASS_MS: '2000',
    },
  });
  await waitUntilUp(`${base}/api/health`);
  // The build made the hackathon's page without places here (no SITE_CAPACITY then), and its 30 s
  // window is long past: the first request has it made again with this server's places, which the
  // form's props then say (not an external registration).
  await expect
    .poll(async () => /external\\?":false/.test(await fetch(`${base}/events/${EVENT}`).then((r) => r.text())), {
      timeout: 30_000,
    })
    .toBe(true);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  if (site) await stopServer(site);
  await paystack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function phone(browser: Browser, javaScript = true): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: javaScript });
  await stubExternalPages(context);
  return context.newPage();
}

async function register(page: Page, name: string, javaScript: boolean) {
  await page.goto(`${base}/events/${EVENT}`);
  if (javaScript) await waitForHydration(page, 'Register');
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Guest');
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.org`);
  await page.getByRole('button', { name: 'Register' }).click();
}

test('registers without a new tab, and answers the last place with its success alone', async ({ browser }) => {
  test.setTimeout(90_000);
  const first = await phone(browser);
  const tabs: Page[] = [];
  first.context().on('page', (page) => tabs.push(page));
  await register(first, 'Amara', true);
  await expect(first.getByText('Your place is booked', { exact: true })).toBeVisible();
  await expect(first.getByText(/check-in code/)).toBeVisible();
  await first.waitForTimeout(2500); // the external page used to open after 2 seconds
  expect(tabs).toEqual([]);

  // The last place, without JavaScript: the page comes back full, and says only the success.
  const last = await phone(browser, false);
  await register(last, 'Bola', false);
  await expect(last.getByText('Your place is booked', { exact: true })).toBeVisible();
  await expect(last.getByText(/Every place is taken|waiting list/)).toHaveCount(0);
  await expect(last.getByRole('button', { name: /Join the waiting list|Register/ })).toHaveCount(0);

  // The next visitor sees the full state.
  const next = await phone(browser, false);
  await next.goto(`${base}/events/${EVENT}`);
  await expect(next.getByText('Every place is taken. Join the waiting list')).toBeVisible();
  await expect(next.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
});

test('the event page’s calendar link gives a valid .ics in the page’s language', async ({ browser }) => {
  const page = await phone(browser, false);
  for (const [path, label, title] of [
    [`/events/${EVENT}`, 'Add to calendar', 'Baobab Data Hackathon 2023'],
    [`/fr/events/${EVENT}`, 'Ajouter à mon agenda', 'Hackathon Baobab Data 2023'],
  ] as const) {
    await page.goto(`${base}${path}`);
    const link = page.getByRole('link', { name: label });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe(`${path}/calendar.ics`);
    const answer = await page.request.get(`${base}${href}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await answer.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text).toContain(`SUMMARY:${title}`);
    expect(text).toContain('DTSTART;VALUE=DATE:20230318');
    expect(text).toMatch(/END:VEVENT\r\nEND:VCALENDAR\r\n$/);
  }
  expect((await page.request.get(`${base}/events/no-such-event/calendar.ics`)).status()).toBe(404);
});

test('a door member limited to the hackathon lands on the door with it on top, and is refused another event', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await phone(browser);
  await signInByMail(admin, dataDir, ADMIN, base);
  // A second event, published by the admin through the CMS's API, the door member will not be given.
  const created = await admin.request.post(`${base}/staff/content/api/events`, {
    headers: { origin: base, 'sec-fetch-site': 'same-origin' },
    data: {
      slug: OTHER,
      title: 'Another day',
      inSentence: 'another day',
      dates: '25 March 2023',
      startDate: '2023-03-25',
      endDate: '2023-03-25',
      tagline: 'A day of talks.',
      description: 'Talks and workshops.',
      location: 'Accra, Ghana',
      img: '/images/events/hackathon-2023.svg',
      partner: { img: '/images/partners/savanna-labs.svg', alt: 'Savanna Labs' },
      _status: 'published',
    },
  });
  expect(created.status()).toBe(201);

  // The admin adds the colleague at the door and ticks the hackathon only.
  await admin.goto(`${base}/staff/team`);
  await admin.getByLabel('Address').fill(DOOR);
  await admin.getByRole('combobox').last().selectOption('door');
  await admin.getByRole('button', { name: 'Add and mail a sign-in link' }).click();
  await expect(admin.getByText('The colleague is on the team')).toBeVisible();
  const member = admin.getByRole('listitem').filter({ hasText: DOOR });
  await member.getByLabel('Baobab Data Hackathon 2023').check();
  await member.getByRole('button', { name: 'Save the events' }).click();
  await expect(admin.getByText('checks guests in for the ticked events only')).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/team-390.png`, fullPage: true });

  const door = await phone(browser);
  await signInByMail(door, dataDir, DOOR, base, 'At the door');
  expect(new URL(door.url()).pathname).toBe('/staff/door');
  const today = door.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('link', { name: 'Baobab Data Hackathon 2023' })).toBeVisible();
  await expect(door.getByRole('link', { name: 'Another day' })).toHaveCount(0);
  await door.screenshot({ path: `${SHOTS}/door-390.png`, fullPage: true });

  // Another event's check-in: its page is not found, its list refused; never a 5xx.
  const page = await door.goto(`${base}/staff/check-in/${OTHER}`);
  expect(page!.status()).toBe(404);
  const list = await door.request.post(`${base}/staff/api/check-in-state`, {
    headers: { origin: base },
    form: { event: OTHER },
  });
  expect(list.status()).toBe(403);
  // Its own event opens.
  expect((await door.goto(`${base}/staff/check-in/${EVENT}`))!.status()).toBe(200);
  await expect(door.getByText('Amara Guest')).toBeVisible();
});

// ---------------------------------------------------------------------------------------------------
// Reminders and series (issue 43, part B). An editor makes a monthly series in the content editor, its
// first date the day after the site's date (SITE_TODAY): its page lists the next three dates, each with
// its own places; a registration for one date takes none of another's. A registrant of the first date
// who joins after a pass has already reminded someone gets the day-before reminder too, once.
const SERIES = 'guest-list-study-group';
const SERIES_TITLE = 'Guest list study group';
const SERIES_DATES = ['2023-03-19', '2023-04-19', '2023-05-19', '2023-06-19'];

// The mails to `to` whose subject matches, as the file transport wrote them under DATA_DIR/mail.
function mailsTo(to: string, subject: RegExp): string[] {
  const dir = join(dataDir, 'mail');
  return (
    readdirSync(dir)
      .filter((file) => file.endsWith('.eml'))
      // Quoted-printable soft breaks undone.
      .map((file) => readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, ''))
      .filter((text) => new RegExp(`^To:.*${to.replace(/[.@]/g, '\\$&')}`, 'mi').test(text))
      .filter((text) => subject.test(text.match(/^Subject: (.*)$/m)?.[1] ?? ''))
  );
}

async function registerFor(page: Page, slug: string, name: string) {
  await page.goto(`${base}/events/${slug}`);
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Series');
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.org`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Your place is booked')).toBeVisible();
}

test('a monthly series made in the content editor shows its next three dates, each with its own places', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const editor = await phone(browser);
  await signInByMail(editor, dataDir, ADMIN, base);
  await openInEditor(editor, `${base}/staff/content/collections/events/create`);
  await editor.getByLabel('Slug').fill(SERIES);
  await editor.getByLabel('Title').fill(SERIES_TITLE);
  await editor.getByLabel('In Sentence').fill(`the ${SERIES_TITLE}`);
  await editor.getByLabel('Dates').fill('19 March 2023');
  await editor.getByLabel('Start Date').fill(SERIES_DATES[0]!);
  await editor.getByLabel('End Date').fill(SERIES_DATES[0]!);
  await editor.getByLabel('Capacity').fill('2');
  // Monthly without an end first: refused in words, nothing published.
  await editor.locator('#field-repeat').click();
  await editor.locator('.rs__option', { hasText: 'Every month' }).click();
  await editor.getByLabel('Tagline').fill('An evening of reading and code, each month.');
  await editor.getByLabel('Description').fill('We read a paper together, then try it on open data.');
  await editor.getByLabel('Location').fill('Lagos, Nigeria');
  await editor.getByLabel('Picture path').fill('/images/events/hackathon-2023.svg');
  await editor.getByLabel('Logo').fill('/images/partners/savanna-labs.svg');
  await editor.getByLabel('Name').fill('Savanna Labs');
  await editor.getByRole('button', { name: 'Publish changes' }).click();
  await expect(editor.getByText('A repeat needs an end: give the last date or the number of dates.')).toBeVisible();
  expect((await editor.request.get(`${base}/events/${SERIES}`)).status()).toBe(404);
  await editor.getByLabel('Occurrences').fill('4');
  await editor.getByRole('button', { name: 'Publish changes' }).click();
  await expect(editor).toHaveURL(/\/staff\/content\/collections\/events\/\d+/);
  await expect(editor.getByText('Status: Published')).toBeVisible();
  await editor.screenshot({ path: `${SHOTS}/series-editor-390.png`, fullPage: true });

  // The first date's page: this date, then the next three, each with its own two places.
  const visitor = await phone(browser, false);
  await visitor.goto(`${base}/events/${SERIES}`);
  const dates = visitor.getByRole('region', { name: 'Dates of this series' });
  await expect(dates.getByRole('listitem')).toHaveCount(4);
  await expect(dates.getByRole('listitem').first()).toContainText('This date');
  for (const [i, day] of SERIES_DATES.slice(1).entries()) {
    const row = dates.getByRole('listitem').nth(i + 1);
    await expect(row).toContainText(`19 ${['April', 'May', 'June'][i]} 2023`);
    await expect(row).toContainText('2 places left');
    await expect(row.getByRole('link', { name: 'Register for this date' })).toHaveAttribute(
      'href',
      `/events/${SERIES}--${day}`,
    );
  }
  await visitor.screenshot({ path: `${SHOTS}/series-390.png`, fullPage: true });

  // Registering for May's date takes one of May's places, none of the others'.
  await dates.getByRole('listitem').nth(2).getByRole('link', { name: 'Register for this date' }).click();
  await expect(visitor).toHaveURL(`${base}/events/${SERIES}--${SERIES_DATES[2]}`);
  await registerFor(visitor, `${SERIES}--${SERIES_DATES[2]}`, 'Mayowa');
  await expect
    .poll(
      async () => {
        await visitor.goto(`${base}/events/${SERIES}`);
        return visitor.getByRole('region', { name: 'Dates of this series' }).getByRole('listitem').allInnerTexts();
      },
      { timeout: 45_000 },
    )
    .toEqual([
      expect.stringMatching(/19 March 2023.*2 places left.*This date/s),
      expect.stringMatching(/19 April 2023.*2 places left/s),
      expect.stringMatching(/19 May 2023.*1 place left/s),
      expect.stringMatching(/19 June 2023.*2 places left/s),
    ]);

  // The events list shows the series once, with its coming dates counted.
  await visitor.goto(`${base}/events`);
  await expect(visitor.getByRole('link', { name: SERIES_TITLE })).toHaveCount(1);
  await expect(visitor.getByText('19 March 2023, and 3 more dates')).toBeVisible();
  // A date the series does not have is not found.
  expect((await visitor.request.get(`${base}/events/${SERIES}--2023-04-20`)).status()).toBe(404);
});

test('a registrant who joins after the day’s first pass gets the day-before reminder, once', async ({ browser }) => {
  test.setTimeout(120_000);
  // The series' first date is tomorrow on the site's calendar. Ife registers, and a pass reminds her.
  const early = await phone(browser, false);
  await registerFor(early, SERIES, 'Ife');
  await expect.poll(() => mailsTo('ife@example.org', /^Tomorrow: /).length, { timeout: 30_000 }).toBe(1);
  // Later the same day, after that pass: Kofi registers, and he too is reminded.
  const late = await phone(browser, false);
  await registerFor(late, SERIES, 'Kofi');
  await expect.poll(() => mailsTo('kofi@example.org', /^Tomorrow: /).length, { timeout: 30_000 }).toBe(1);
  // His confirmation promised it.
  expect(mailsTo('kofi@example.org', /^You're registered/).join('')).toMatch(/reminder the day before/);
  // Several passes later (one every 2 s), still one each.
  await late.waitForTimeout(8_000);
  expect(mailsTo('ife@example.org', /^Tomorrow: /)).toHaveLength(1);
  expect(mailsTo('kofi@example.org', /^Tomorrow: /)).toHaveLength(1);
  // The registrant of May's date got none: its day is a month away.
  expect(mailsTo('mayowa@example.org', /^Tomorrow: |^In \d+ days: /)).toHaveLength(0);
});

// ──────────────────────────────────────────────────────────────────────────────────────────────────────
// Paid events (issue 43, part B): ticket kinds, payment through the payments door, the door's view.
// ──────────────────────────────────────────────────────────────────────────────────────────────────────

const PAID_EVENT = 'guest-list-paid-summit';
const PAID_TITLE = 'Paid Data Summit';
const PAID_DOOR = 'guest-list-paid-door@example.org';

// The newest mail to `to` whose text matches, as the site's mail transport wrote it (quoted-printable
// soft breaks undone).
async function mailTo(to: string, match: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const mailDir = join(dataDir, 'mail');
        found =
          readdirSync(mailDir)
            .filter((name) => name.endsWith('.eml'))
            .map((name) =>
              readFileSync(join(mailDir, name), 'utf8')
                .replace(/=\r?\n/g, '')
                .replace(/=3D/g, '='),
            )
            .find((text) => new RegExp(`^To:.*${to.replace(/[.@+]/g, '\\$&')}`, 'mi').test(text) && match.test(text)) ??
          '';
        return found !== '';
      },
      { timeout: 20_000, message: `mail to ${to} matching ${match}` },
    )
    .toBe(true);
  return found;
}

async function registerForTicket(page: Page, name: string, ticket: string, javaScript: boolean) {
  await page.goto(`${base}/events/${PAID_EVENT}`);
  if (javaScript) await waitForHydration(page, 'Register');
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Payer');
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.org`);
  // The kind's option by its name: its line says its price, and once the page is made again, that it is full.
  const value = await page.locator('#event-ticket option', { hasText: ticket }).getAttribute('value');
  await page.getByLabel('Ticket').selectOption(value!);
}

test('paid events: an editor publishes two ticket kinds, a visitor pays and gets the receipt, another waits owing nothing, the door checks the payer in offline', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // 1. The editor (an admin) publishes the event in the content editor, on a phone: two ticket kinds, no
  //    registration link. SITE_CAPACITY (2) gives each kind two places on this server.
  const editor = await phone(browser);
  await signInByMail(editor, dataDir, ADMIN, base);
  await openInEditor(editor, `${base}/staff/content/collections/events/create`);
  await editor.getByLabel('Slug').fill(PAID_EVENT);
  await editor.getByLabel('Title').fill(PAID_TITLE);
  await editor.getByLabel('In Sentence').fill(`the ${PAID_TITLE}`);
  await editor.getByLabel('Dates').fill('18 March 2023');
  await editor.getByLabel('Start Date').fill('2023-03-18');
  await editor.getByLabel('End Date').fill('2023-03-18');
  await editor.getByLabel('Tagline').fill('A day of paid talks.');
  await editor.getByLabel('Description').fill('Talks in the morning, workshops in the afternoon.');
  await editor.getByLabel('Location').fill('Lagos, Nigeria');
  await editor.getByLabel('Picture path').fill('/images/events/hackathon-2023.svg');
  await editor.getByLabel('Logo').fill('/images/partners/savanna-labs.svg');
  await editor.getByLabel('Name').fill('Savanna Labs');
  const kinds: [string, string, string][] = [
    ['Student', '20', '30'],
    ['Professional', '50', '20'],
  ];
  for (const [row, [name, price, places]] of kinds.entries()) {
    // The editor's button works once its page runs in the browser: pressed again until the row is there.
    const rowName = editor.locator(`#field-tickets__${row}__name`);
    await expect(async () => {
      if ((await rowName.count()) === 0) await editor.getByRole('button', { name: 'Add Ticket kind' }).click();
      await expect(rowName).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 60_000 });
    await rowName.fill(name);
    await editor.locator(`#field-tickets__${row}__price`).fill(price);
    await editor.locator(`#field-tickets__${row}__capacity`).fill(places);
  }
  await expect(editor.getByLabel('Registration Link')).toHaveValue('');
  await editor.getByRole('button', { name: 'Publish changes' }).click();
  // Saved and published: the editor moves to the document's own address (its status, below, says so);
  // the visitor's page answering is the proof that it is published.
  await expect(editor).toHaveURL(/\/staff\/content\/collections\/events\/\d+/);
  await editor.screenshot({ path: `${SHOTS}/paid-editor-390.png`, fullPage: true });

  // 2. A visitor picks the student ticket and registers, with JavaScript: no new tab; the answer asks
  //    for $20 and its link goes to the stub's page in the same tab; back on the site, "Paid", and the
  //    receipt is mailed.
  const payer = await phone(browser);
  const tabs: Page[] = [];
  payer.context().on('page', (page) => tabs.push(page));
  await expect
    .poll(async () => (await payer.request.get(`${base}/events/${PAID_EVENT}`)).status(), { timeout: 60_000 })
    .toBe(200);
  await registerForTicket(payer, 'Chidi', 'Student', true);
  await expect(payer.locator('#event-ticket option')).toHaveText(['Choose…', 'Student: $20', 'Professional: $50']);
  await expect(payer.getByText('You pay online once your place is booked')).toBeVisible();
  await payer.getByRole('button', { name: 'Register' }).click();
  await expect(payer.getByText('Your place is booked', { exact: true })).toBeVisible();
  const pay = payer.getByRole('link', { name: 'Pay $20 now' });
  await expect(pay).toHaveAttribute('href', new RegExp(`^${base}/pay/`));
  await payer.screenshot({ path: `${SHOTS}/paid-answer-390.png`, fullPage: true });
  await pay.click();
  await expect(payer.getByRole('heading', { name: 'Pay USD 20.00' })).toBeVisible();
  await payer.getByRole('button', { name: 'Pay USD 20.00' }).click();
  await expect(payer).toHaveURL(new RegExp(`^${base}/payments/return\\?`));
  await expect(payer.getByRole('heading', { name: 'Paid' })).toBeVisible();
  expect(tabs).toEqual([]);
  const receipt = await mailTo('chidi@example.org', /Your receipt: Paid Data Summit/);
  expect(receipt).toMatch(/Ticket:? *Student/);
  expect(receipt).toContain('$20');
  expect(storedRecords('user', 'chidi@example.org', dataDir)).toEqual([
    expect.objectContaining({ event: PAID_EVENT, payStatus: 'paid', payAmount: 2000, booking: 'registered' }),
  ]);

  // 3. The student kind's second place goes, without JavaScript; the next student, told the kind is full,
  //    joins its waiting list and owes nothing: no pay link in the answer or the mail, nothing stored owed.
  const second = await phone(browser, false);
  await registerForTicket(second, 'Dayo', 'Student', false);
  await second.getByRole('button', { name: 'Register' }).click();
  await expect(second.getByText('Your place is booked', { exact: true })).toBeVisible();
  const waiting = await phone(browser, false);
  await registerForTicket(waiting, 'Efua', 'Student', false);
  await waiting.getByRole('button', { name: /Register|Join the waiting list/ }).click();
  await expect(waiting.getByText('Every place with this ticket is now taken')).toBeVisible();
  await waiting.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(waiting.getByText('You are on the waiting list')).toBeVisible();
  await expect(waiting.getByText('You are number 1 on the waiting list.', { exact: false })).toBeVisible();
  await expect(waiting.getByRole('link', { name: /Pay/ })).toHaveCount(0);
  const list = await mailTo('efua@example.org', /waiting list/);
  expect(list).not.toMatch(/\/pay\//);
  const [efua] = storedRecords('user', 'efua@example.org', dataDir);
  expect(efua).toMatchObject({ booking: 'waiting', waitPosition: 1 });
  expect(efua).not.toHaveProperty('payStatus');
  // The next visitor reads the student kind as full, the professional kind still open.
  const other = await phone(browser, false);
  await expect
    .poll(
      async () => {
        await other.goto(`${base}/events/${PAID_EVENT}`);
        return other.locator('#event-ticket option').allTextContents();
      },
      { timeout: 60_000 },
    )
    .toEqual(['Choose…', 'Student: $20, full (waiting list)', 'Professional: $50']);

  // 4. A door member limited to this event checks the payer in offline; once synced, the check-in names them.
  await editor.goto(`${base}/staff/team`);
  await editor.getByLabel('Address').fill(PAID_DOOR);
  await editor.getByRole('combobox').last().selectOption('door');
  await editor.getByRole('button', { name: 'Add and mail a sign-in link' }).click();
  await expect(editor.getByText('The colleague is on the team')).toBeVisible();
  const member = editor.getByRole('listitem').filter({ hasText: PAID_DOOR });
  await member.getByLabel(PAID_TITLE).check();
  await member.getByRole('button', { name: 'Save the events' }).click();
  await expect(editor.getByText('checks guests in for the ticked events only')).toBeVisible();

  const door = await phone(browser);
  await signInByMail(door, dataDir, PAID_DOOR, base, 'At the door');
  // The sign-in lands on the door, today's event on top: this member's only one, the hackathon not shown.
  expect(new URL(door.url()).pathname).toBe('/staff/door');
  const today = door.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('link', { name: PAID_TITLE })).toBeVisible();
  await expect(door.getByRole('link', { name: 'Baobab Data Hackathon 2023' })).toHaveCount(0);
  // Another event's check-in page is not found for this member.
  expect((await door.goto(`${base}/staff/check-in/${EVENT}`))!.status()).toBe(404);
  await door.goto(`${base}/staff/check-in/${PAID_EVENT}`);
  // Running in the phone: its scan button shows only then.
  await expect(door.getByRole('button', { name: 'Scan a QR code' })).toBeVisible();
  await expect(door.getByTestId('counts')).toHaveText('0 of 2 checked in');
  const row = door.locator('form').filter({ hasText: 'Chidi Payer' });
  await expect(row).toContainText('Student · Paid');
  await door.context().setOffline(true);
  await door.getByLabel('Name or code').fill('chidi');
  await door.getByRole('button', { name: 'Check in: Chidi Payer' }).click();
  await expect(door.getByRole('status')).toContainText('Saved on this phone: 1 to send');
  await door.context().setOffline(false);
  await expect(door.getByRole('status')).not.toContainText('Saved on this phone', { timeout: 20_000 });
  await door.reload();
  await expect(door.locator('form').filter({ hasText: 'Chidi Payer' })).toContainText(
    new RegExp(`Student · Paid · Checked in at \\d\\d:\\d\\d by ${PAID_DOOR.replace(/[.@]/g, '\\$&')}`),
  );
  await door.screenshot({ path: `${SHOTS}/paid-door-390.png`, fullPage: true });
  expect(storedRecords('user', 'chidi@example.org', dataDir)).toEqual([
    expect.objectContaining({ checkedInBy: PAID_DOOR, payStatus: 'paid' }),
  ]);
});
