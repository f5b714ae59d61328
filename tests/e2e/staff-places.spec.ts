import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { freePort, privateBuild, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { signInByMail } from './staff-mail';
import { stubExternalPages, waitForHydration } from './store';

// The places of an event as staff see them on its item page, taken by registrations on the public page
// with and without JavaScript, until the form refuses and offers the waiting list. The seed has no capacity, so this server gives
// every event and offer two places with SITE_CAPACITY (docs/product.md §9), a setting read at run time:
// the same build serves it. It serves a private copy of the build, since taking the last place has the
// server make the calendar pages again, as full, into its build folder (scripts/lib/next-server.mjs).
const STAFF = 'staff@example.org';
const EVENT = '/events/baobab-data-hackathon-2023';
const FULL_NOTICE = 'Every place is taken. Join the waiting list';
const FULL_REFUSAL =
  'Every place for this event is now taken, so nothing was saved. You can join the waiting list with the button below.';

test.describe.configure({ mode: 'serial' });

let dir: string;
let dataDir: string;
let site: ChildProcess | undefined;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-places-'));
  dataDir = join(dir, 'data');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  site = startNextServer({
    port,
    root: privateBuild(dir),
    env: { DATA_DIR: dataDir, SITE_CAPACITY: '2', STAFF_EMAILS: STAFF, MAIL_POLL_MS: '200' },
  });
  await waitUntilUp(`${base}/api/health`);
});

test.afterAll(async ({}, testInfo) => {
  // A stop waits for the server's background passes (at most its 10 s grace) beside the other tests.
  testInfo.setTimeout(90_000);
  if (site) await stopServer(site);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signedInStaff(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ javaScriptEnabled: false });
  await signInByMail(page, dataDir, STAFF, base);
  return page;
}

// A visitor on the event page with the form filled in, not yet sent.
async function filledForm(browser: Browser, javaScript: boolean, name: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  await stubExternalPages(context);
  const page = await context.newPage();
  await page.goto(`${base}${EVENT}`);
  if (javaScript) await waitForHydration(page, 'Register');
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Places');
  await page.getByLabel('Email').fill(`${name.toLowerCase()}.places@example.org`);
  return page;
}

async function seeOnItemPage(staff: Page, registered: number, taken: number) {
  await staff.goto(`${base}/staff/items/user/baobab-data-hackathon-2023`);
  await expect(staff.getByText(`${registered} registered`)).toBeVisible();
  await expect(staff.getByText(`${taken} of 2 places taken`)).toBeVisible();
}

test('staff see the places taken rise with each registration, and once they are gone the form refuses', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await signedInStaff(browser);
  await seeOnItemPage(staff, 0, 0);
  // Every offer has the same two places; a course has none.
  await staff.goto(`${base}/staff/items/offer/become-a-data-analyst`);
  await expect(staff.getByText('0 of 2 places taken')).toBeVisible();
  await staff.goto(`${base}/staff/items/enrolment/Data%20Analysis%20with%20Python`);
  await expect(staff.getByText('0 registered')).toBeVisible();
  await expect(staff.getByText(/places taken/)).toHaveCount(0);

  // Two visitors open the page while places remain and send their forms only after the last is gone.
  const lateWithScript = await filledForm(browser, true, 'Late');
  const lateWithout = await filledForm(browser, false, 'Later');

  const first = await filledForm(browser, false, 'Amara');
  await first.getByRole('button', { name: 'Register' }).click();
  await expect(first.getByText('Your place is booked')).toBeVisible();
  await seeOnItemPage(staff, 1, 1);

  const second = await filledForm(browser, true, 'Bola');
  await second.getByRole('button', { name: 'Register' }).click();
  await expect(second.getByText('Your place is booked')).toBeVisible();
  await seeOnItemPage(staff, 2, 2);

  // With or without JavaScript the form says why it was refused, and now asks for the waiting list.
  await lateWithScript.getByRole('button', { name: 'Register' }).click();
  await expect(lateWithScript.getByRole('status')).toHaveText(FULL_REFUSAL);
  await expect(lateWithScript.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
  await lateWithout.getByRole('button', { name: 'Register' }).click();
  await expect(lateWithout.getByText(FULL_REFUSAL)).toBeVisible();
  await expect(lateWithout.getByRole('button', { name: 'Register' })).toHaveCount(0);
  await expect(lateWithout.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
  await seeOnItemPage(staff, 2, 2);
  await expect(staff.getByRole('link', { name: /^(Amara|Bola) Places$/ })).toHaveCount(2);

  // A new visitor finds the page full, its form asking for the waiting list, and the events list says so.
  const visitor = await browser.newPage({ javaScriptEnabled: false });
  await visitor.goto(`${base}${EVENT}`);
  await expect(visitor.getByText(FULL_NOTICE)).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Register' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
  await visitor.goto(`${base}/events`);
  await expect(visitor.getByRole('listitem').filter({ hasText: 'Baobab Data Hackathon 2023' })).toContainText('Full');
});
