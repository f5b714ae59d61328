import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { freePort, privateBuild, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { signInByMail } from './staff-mail';
import { stubExternalPages, waitForHydration } from './store';

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

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-guest-list-'));
  dataDir = join(dir, 'data');
  mkdirSync(SHOTS, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
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
  await expect(first.getByText('Your place is booked')).toBeVisible();
  await expect(first.getByText(/check-in code/)).toBeVisible();
  await first.waitForTimeout(2500); // the external page used to open after 2 seconds
  expect(tabs).toEqual([]);

  // The last place, without JavaScript: the page comes back full, and says only the success.
  const last = await phone(browser, false);
  await register(last, 'Bola', false);
  await expect(last.getByText('Your place is booked')).toBeVisible();
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
