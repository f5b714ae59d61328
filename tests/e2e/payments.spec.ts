import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';

import { freePort, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { startPaystackStub, type PaystackStub } from '../helpers/paystack-stub';
import { signInByMail } from './staff-mail';
import { fillEnrolment, uniqueEmail, waitForHydration } from './store';

// Paid places in the browser (docs/product.md §14), on a server of its own pointed at the Paystack stub
// (a runtime setting: the build the other tests use serves it): enrol in the $105 course with and
// without JavaScript, pay on the stub's page, come back to "Paid", find the receipt mail and see "Paid"
// in the workspace; and a bank transfer marked by hand. Nothing reaches the internet.
const STAFF = 'staff@example.org';
const COURSE = '/academy/data-analysis-with-python';

test.describe.configure({ mode: 'serial' });

let dir: string;
let dataDir: string;
let site: ChildProcess | undefined;
let stub: PaystackStub;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-payments-'));
  dataDir = join(dir, 'data');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  stub = await startPaystackStub({ webhookUrl: `${base}/api/payments/paystack` });
  site = startNextServer({
    port,
    env: {
      DATA_DIR: dataDir,
      // The provider sends the visitor back to this server, and mails link to it.
      SITE_URL: base,
      STAFF_EMAILS: STAFF,
      MAIL_POLL_MS: '200',
      RATE_LIMIT_PER_MINUTE: '1000',
      ...stub.env(),
    },
  });
  await waitUntilUp(`${base}/api/health`);
});

test.afterAll(async () => {
  if (site) await stopServer(site);
  await stub?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// The text of the newest mail to `to` whose subject matches, once the outbox has written it.
async function mailTo(to: string, subject: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const mailDir = join(dataDir, 'mail');
        const texts = readdirSync(mailDir, { withFileTypes: true })
          .filter((f) => f.name.endsWith('.eml'))
          .map((f) => readFileSync(join(mailDir, f.name), 'utf8').replace(/=\r?\n/g, ''));
        found =
          texts.find(
            (text) =>
              new RegExp(`^To:(?:.*[\\s<,])?${to.replace(/[.@+]/g, '\\$&')}(?=[>,\\s]|$)`, 'mi').test(text) &&
              subject.test(text),
          ) ?? '';
        return found !== '';
      },
      { timeout: 15_000, message: `mail to ${to}` },
    )
    .toBe(true);
  return found;
}

// Without JavaScript, as the workspace works; with it where axe has to run in the page.
async function staffPage(browser: Browser, javaScript = false): Promise<Page> {
  // A context of its own: axe asks for one.
  const page = await (await browser.newContext({ javaScriptEnabled: javaScript })).newPage();
  await signInByMail(page, dataDir, STAFF, base);
  return page;
}

// The visitor's record in the workspace, opened from the course's list filtered by payment.
async function openInWorkspace(staff: Page, pay: 'paid' | 'unpaid', email: string) {
  await staff.goto(`${base}/staff/items/enrolment/${encodeURIComponent('Data Analysis with Python')}?pay=${pay}`);
  const row = staff.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText(pay === 'paid' ? 'Paid' : 'Unpaid');
  await row.getByRole('link').click();
}

test('with JavaScript: enrol, pay on the provider’s page in the new tab, come back to “Paid”, get the receipt', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // No webhook: the return page asks the provider itself.
  stub.state.webhookTiming = 'never';
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}${COURSE}`);
  await waitForHydration(page, 'Enrol');
  const email = uniqueEmail('pay-js');
  await fillEnrolment(page, email);
  const newTab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByText('Enroled', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Pay \$105 now/ })).toHaveAttribute('href', new RegExp(`^${base}/pay/`));
  const tab = await newTab;
  await expect(tab.getByRole('heading', { name: 'Pay USD 105.00' })).toBeVisible();
  await tab.getByRole('button', { name: 'Pay USD 105.00' }).click();
  await expect(tab).toHaveURL(new RegExp(`^${base}/payments/return\\?`));
  await expect(tab.getByRole('heading', { name: 'Paid' })).toBeVisible();
  await expect(tab.getByText('We received $105 for Data Analysis with Python.')).toBeVisible();
  expect((await new AxeBuilder({ page: tab }).analyze()).violations).toEqual([]);

  const receipt = await mailTo(email, /Subject: Your receipt: Data Analysis with Python/);
  expect(receipt).toContain('Amount paid: $105');
  await tab.getByRole('link', { name: 'See and print your receipt' }).click();
  await expect(tab.getByRole('heading', { name: 'Receipt for Data Analysis with Python' })).toBeVisible();
  await expect(tab.getByRole('row', { name: /Reference BD-/ })).toBeVisible();
  expect((await new AxeBuilder({ page: tab }).analyze()).violations).toEqual([]);
  await context.close();

  const staff = await staffPage(browser);
  await openInWorkspace(staff, 'paid', email);
  await expect(staff.getByRole('heading', { name: 'Payment: Paid' })).toBeVisible();
  await expect(staff.getByText('Through Paystack (card)')).toBeVisible();
  await staff.context().close();
});

test('without JavaScript: the answer’s “Pay $105 now”, the webhook before the return, “Paid” and the receipt', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  stub.state.webhookTiming = 'before';
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}${COURSE}`);
  const email = uniqueEmail('pay-nojs');
  await fillEnrolment(page, email);
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByText('Enroled', { exact: true })).toBeVisible();
  const pay = page.getByRole('link', { name: /Pay \$105 now/ });
  await page.goto((await pay.getAttribute('href'))!);
  await page.getByRole('button', { name: 'Pay USD 105.00' }).click();
  await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();
  expect(stub.deliveries.at(-1)?.status).toBe(200);
  await mailTo(email, /Subject: Your receipt: Data Analysis with Python/);
  await context.close();

  const staff = await staffPage(browser);
  await openInWorkspace(staff, 'paid', email);
  await expect(staff.getByRole('heading', { name: 'Payment: Paid' })).toBeVisible();
  await staff.context().close();
});

test('staff mark a bank transfer by hand, and the visitor gets the receipt', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}${COURSE}`);
  const email = uniqueEmail('pay-transfer');
  await fillEnrolment(page, email);
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByText('Enroled', { exact: true })).toBeVisible();
  await context.close();

  const staff = await staffPage(browser, true);
  await openInWorkspace(staff, 'unpaid', email);
  await expect(staff.getByRole('heading', { name: 'Payment: Unpaid' })).toBeVisible();
  await staff.getByLabel('Amount').fill('105');
  await staff.getByLabel(/^Note/).first().fill('GTBank transfer, teller 0042');
  await staff.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(staff.getByText('Recorded.', { exact: true })).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Payment: Paid' })).toBeVisible();
  await expect(staff.getByText('Recorded by hand by staff@example.org: GTBank transfer, teller 0042')).toBeVisible();
  expect((await new AxeBuilder({ page: staff }).analyze()).violations).toEqual([]);
  const receipt = await mailTo(email, /Subject: Your receipt: Data Analysis with Python/);
  expect(receipt).toContain('Cash or bank transfer, recorded by our team');
  await staff.goto(`${base}/staff/audit`);
  await expect(staff.getByRole('cell', { name: 'Marked as paid' }).first()).toBeVisible();
  await staff.context().close();
});
