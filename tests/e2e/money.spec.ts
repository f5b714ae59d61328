import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

import { freePort, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { startPaystackStub, type PaystackStub } from '../helpers/paystack-stub';
import { openInEditor } from './content-editor';
import { holdScripts } from './held-scripts';
import { signInByMail } from './staff-mail';

// Money as people across Africa pay it (issue 44), at 390 px, in both languages, on a server of its own
// pointed at the Paystack stub: gifts once and every month (docs/product.md §15) — given on /donate,
// paid on the stub's page, their renewal and failed renewal recorded and mailed once each, a monthly
// gift stopped from the link in its receipt, and staff reading the totals per currency.
//
// PRICES IN LOCAL CURRENCIES (the other part of issue 44: an editor prices an offer in NGN and XOF, a
// French visitor sees XOF first, switches to NGN, pays and gets the receipt in NGN, the staff list and
// the CSV say NGN) go in the marked section at the end of this file.
const STAFF = 'money@example.org';
const ONCE = 'ada.gift@example.org';
const MONTHLY = 'kofi.gift@example.org';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

let dir: string;
let dataDir: string;
let site: ChildProcess | undefined;
let stub: PaystackStub;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-money-'));
  dataDir = join(dir, 'data');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  stub = await startPaystackStub({ webhookUrl: `${base}/api/payments/paystack`, webhookTiming: 'before' });
  site = startNextServer({
    port,
    env: {
      DATA_DIR: dataDir,
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

// The mails queued to an address, as the store keeps them (subject, text, whether sent).
function mailsTo(to: string): { subject: string; text: string; status: string }[] {
  const db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (
      db
        .prepare("SELECT message, status FROM outbox WHERE json_extract(message, '$.to') = ? ORDER BY rowid")
        .all(to) as { message: string; status: string }[]
    ).map((row) => ({ ...(JSON.parse(row.message) as { subject: string; text: string }), status: row.status }));
  } finally {
    db.close();
  }
}
const subjectsTo = (to: string) => mailsTo(to).map((mail) => mail.subject);

// The page fits the narrow screen: nothing wider than the viewport.
async function fits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function payOnStub(page: Page, label: string) {
  await expect(page.getByRole('heading', { name: `Pay ${label}` })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${label}` }).click();
}

test('English: a visitor gives 5,000 NGN once, is thanked, and gets one receipt with the manage link', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${base}/about`);
  // Once the page runs: a tap before that starts the browser's own navigation, which the page's start
  // can drop while the next page is still on its way (docs/performance-log.md). What kept this journey on
  // /about in one CI run was the page's start scrolling back to the top under the click (mended in
  // ScrollToTop, and tested in layout.spec).
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('link', { name: 'Support our work: give once or every month' }).click();
  await expect(page).toHaveURL(`${base}/donate`);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Give' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Give to Baobab Data' })).toBeVisible();
  // English starts in naira, written by Intl in English.
  await expect(page.getByText('Amounts are shown in NGN.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'NGN' })).toHaveAttribute('aria-current', 'page');
  await fits(page);
  await page.getByLabel('₦5,000').check();
  await page.getByLabel('Once').check();
  await page.getByLabel('Email (for your receipt)').fill(ONCE);
  await page.getByLabel('A message for the team (optional)').fill('For the Lagos cohort');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  // The server's first gift: it loads the gifts route, opens the store and calls the provider's stub
  // (0.5 s on a quiet host; past the 10 s default once on CI with every suite running beside it).
  await expect(page.getByText('Your gift of ₦5,000, once, is ready.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Continue to Paystack to pay' }).click();
  await payOnStub(page, 'NGN 5000.00');
  await expect(page).toHaveURL(new RegExp(`^${base}/donate/thanks\\?`));
  await expect(page.getByText('Thank you: your gift of ₦5,000 has been received.')).toBeVisible();
  await fits(page);
  const manage = await page.getByRole('link', { name: 'See or stop my gifts' }).getAttribute('href');

  await expect.poll(() => subjectsTo(ONCE)).toEqual(['Thank you for your gift of ₦5,000']);
  const [receipt] = mailsTo(ONCE);
  expect(receipt!.text).toContain(manage!);
  // Nothing the giver typed goes into the mail.
  expect(receipt!.text).not.toContain('Lagos cohort');
  // The same delivery again changes nothing.
  const reference = new URL(page.url()).searchParams.get('reference')!;
  const again = await stub.deliver(stub.chargeSuccess(reference));
  expect(again).toEqual({ status: 200, body: 'Already recorded: nothing changed.\n' });
  expect(subjectsTo(ONCE)).toHaveLength(1);
});

test('French: 20 GHS every month; the renewal and a failed renewal are recorded and mailed once; the giver stops it from the receipt', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Without JavaScript, as the form works.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${base}/fr/donate`);
  await expect(page.getByRole('heading', { name: 'Faire un don à Baobab Data' })).toBeVisible();
  // French starts in West African CFA francs, written by Intl in French.
  await expect(page.getByText('Les montants sont indiqués en XOF.')).toBeVisible();
  await expect(page.getByLabel('5\u202f000\u00a0F\u202fCFA', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'GHS' }).click();
  await expect(page).toHaveURL(`${base}/fr/donate/ghs`);
  await fits(page);
  await page.getByLabel('Un autre montant', { exact: true }).check();
  await page.getByLabel('Un autre montant, en GHS').fill('20');
  await page.getByLabel('Chaque mois').check();
  await page.getByLabel('E-mail (pour votre reçu)').fill(MONTHLY);
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  await expect(page.getByText('Votre don de 20\u00a0GH₵ chaque mois est prêt.')).toBeVisible();
  await page.getByRole('link', { name: 'Continuer vers Paystack pour payer' }).click();
  await payOnStub(page, 'GHS 20.00');
  await expect(
    page.getByText('Merci\u00a0: votre don de 20\u00a0GH₵ a bien été reçu.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Votre don sera prélevé chaque mois jusqu’à ce que vous l’arrêtiez.')).toBeVisible();

  const first = 'Merci pour votre don de 20\u00a0GH₵';
  await expect.poll(() => subjectsTo(MONTHLY).sort()).toEqual([first, 'Votre don mensuel est en place'].sort());
  const subscription = [...stub.subscriptions.values()].find((sub) => sub.email === MONTHLY)!;

  // A month later: the renewal, delivered twice; then a renewal the card refused, delivered twice.
  const renewal = stub.renewal(subscription.code);
  expect((await stub.deliver(renewal)).status).toBe(200);
  expect(await stub.deliver(renewal)).toEqual({ status: 200, body: 'Already recorded: nothing changed.\n' });
  const failed = stub.paymentFailed(subscription.code, 'INV_money_1');
  expect((await stub.deliver(failed)).status).toBe(200);
  expect(await stub.deliver(failed)).toEqual({ status: 200, body: 'Already recorded: nothing changed.\n' });
  const failedSubject = 'Le don de ce mois-ci n’a pas pu être prélevé';
  await expect
    .poll(() => subjectsTo(MONTHLY).sort())
    .toEqual([first, first, 'Votre don mensuel est en place', failedSubject].sort());
  await expect.poll(() => mailsTo(MONTHLY).every((mail) => mail.status === 'sent')).toBe(true);

  // The link in the receipt: the giver's gifts, and the stop.
  const link = /https?:\/\/\S+\/fr\/donate\/manage\?t=[\w.~-]+/.exec(mailsTo(MONTHLY)[0]!.text)![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '20\u00a0GH₵ chaque mois' })).toBeVisible();
  await expect(page.getByText('Paiements reçus\u00a0: 2')).toBeVisible();
  await expect(page.getByText('Mois non prélevés\u00a0: 1')).toBeVisible();
  await fits(page);
  await page.getByRole('button', { name: 'Arrêter ce don mensuel' }).click();
  await expect(page.getByRole('status')).toHaveText('Votre don mensuel est arrêté. Plus rien ne sera prélevé.');
  await expect(page.getByText(/^Arrêté/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Arrêter ce don mensuel' })).toHaveCount(0);
  expect(subscription.status).toBe('cancelled');
  // Paystack's own subscription.disable follows the stop: acknowledged, nothing recorded or mailed again.
  await expect.poll(() => stub.deliveries.at(-1)?.body).toBe('Already recorded: nothing changed.\n');
  await expect.poll(() => subjectsTo(MONTHLY).filter((s) => s === 'Votre don mensuel est arrêté')).toHaveLength(1);
  expect(subjectsTo(MONTHLY)).toHaveLength(5);

  // Another giver's link stops nothing: the once giver's link posted with this gift.
  const onceLink = /https?:\/\/\S+\/donate\/manage\?t=[\w.~-]+/.exec(mailsTo(ONCE)[0]!.text)![0];
  const gift = await page.locator('input[name="gift"]').count();
  expect(gift).toBe(0);
  const answer = await page.request.post(`${base}/api/gifts/stop`, {
    form: { lang: 'en', t: new URL(onceLink).searchParams.get('t')!, gift: '0123456789abcdef01234567' },
    headers: { origin: base },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(403);
  await context.close();
});

// Staff, without JavaScript as the workspace works.
async function staffPage(browser: Browser): Promise<Page> {
  const page = await (
    await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
  ).newPage();
  await signInByMail(page, dataDir, STAFF, base);
  return page;
}

test('staff see the gifts’ totals per currency and month, the failed renewal, and download them', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await staffPage(browser);
  await staff.getByRole('link', { name: 'Gifts' }).click();
  await expect(staff.getByRole('heading', { name: 'Gifts', level: 1 })).toBeVisible();
  const totals = staff.locator('#gift-totals');
  await expect(totals.getByRole('row').filter({ hasText: 'NGN' })).toContainText('₦5,000');
  await expect(totals.getByRole('row').filter({ hasText: 'GHS' })).toContainText(/2\s*GH₵40/);
  await expect(staff.locator('#gift-failures')).toContainText(MONTHLY);
  // Filtered: monthly gifts in cedis only.
  await staff.getByLabel('Currency').selectOption('GHS');
  await staff.getByLabel('Frequency').selectOption('monthly');
  await staff.getByRole('button', { name: 'Apply' }).click();
  await expect(staff.locator('#gift-payments').getByRole('row')).toHaveCount(3);
  await expect(staff.locator('#gift-payments')).not.toContainText(ONCE);
  const csv = await staff.request.get(`${base}/staff/api/gifts?format=csv&currency=GHS`, {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain(MONTHLY);
  expect(text).toContain('"GHS","20.00"');
  expect(text).not.toContain(ONCE);
  const xlsx = await staff.request.get(`${base}/staff/api/gifts?format=xlsx`, {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect([xlsx.status(), xlsx.headers()['content-type']]).toEqual([
    200,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ]);
  // Nothing about a gift is public: the list and its download need a session.
  const anonymous = await browser.newPage();
  const page = await anonymous.request.get(`${base}/staff/gifts`, { maxRedirects: 0 });
  expect([page.status(), page.headers().location]).toEqual([307, '/staff/sign-in']);
  const file = await anonymous.request.get(`${base}/staff/api/gifts?format=csv`, { maxRedirects: 0 });
  expect(file.status()).toBe(303);
  await anonymous.close();

  // Each role on the new routes: the door may not, editors and staff may.
  const roles = {
    door: 'door.money@example.org',
    editor: 'editor.money@example.org',
    staff: 'staff.money@example.org',
  };
  for (const [role, email] of Object.entries(roles)) {
    const added = await staff.request.post(`${base}/staff/api/team-set`, {
      form: { email, role },
      headers: { origin: base },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
  }
  const may = { door: false, editor: true, staff: true };
  for (const [role, email] of Object.entries(roles) as [keyof typeof roles, string][]) {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signInByMail(page, dataDir, email, base, role === 'door' ? 'At the door' : 'Inbox');
    await page.goto(`${base}/staff/gifts`);
    if (may[role]) await expect(page.locator('#gift-totals')).toContainText('₦5,000');
    else await expect(page.locator('#gift-totals')).toHaveCount(0);
    const download = await page.request.get(`${base}/staff/api/gifts?format=csv`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(download.status(), role).toBe(may[role] ? 200 : 403);
    await page.close();
  }
  await staff.context().close();
});

// ---------------------------------------------------------------------------------------------------
// Prices in local currencies (docs/product.md §14): an editor prices the offer in NGN and XOF besides
// USD in the content editor; a French visitor sees XOF first, switches to NGN, pays through the stub
// and gets the receipt in NGN; the staff list and the CSV say NGN. Without JavaScript the choice works
// the same way (radio buttons the amounts follow by CSS, posted with the form).
// ---------------------------------------------------------------------------------------------------
const OFFER = 'become-a-data-analyst';
const PAYER = 'awa.naira@example.org';
const NO_SCRIPT = 'moussa.naira@example.org';
const EARLY = 'ngozi.naira@example.org';
const PRICE_EDITOR = 'prices.editor@example.org';

async function reserveInFrench(page: Page, email: string, first: string) {
  const form = page.locator('form#offer-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Prénom').fill(first);
  await form.getByLabel('Nom de famille').fill('Diop');
  await form.getByLabel('Genre').selectOption({ label: 'Femme' });
  await form.getByLabel('Diplôme le plus élevé').selectOption({ label: 'Licence' });
  await form.getByLabel('Profession').fill('Comptable');
  await form.getByLabel('Pays').fill('Sénégal');
  await page.getByRole('button', { name: 'Réserver ma place' }).click();
}

test('an editor prices the offer in NGN and XOF; a French visitor sees XOF, switches to NGN, pays and gets the receipt in NGN; staff read NGN', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // 1. The editor, on a phone, adds two rows to the offer's "Prices in other currencies" and publishes.
  const staff = await staffPage(browser);
  const added = await staff.request.post(`${base}/staff/api/team-set`, {
    form: { email: PRICE_EDITOR, role: 'editor' },
    headers: { origin: base },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  const editor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInByMail(editor, dataDir, PRICE_EDITOR, base);
  const list = (await (
    await editor.request.get(`${base}/staff/content/api/offers?where[slug][equals]=${OFFER}&depth=0`)
  ).json()) as { docs: { id: number }[] };
  await openInEditor(editor, `${base}/staff/content/collections/offers/${list.docs[0]!.id}`);
  for (const [row, [currency, amount]] of [
    ['NGN', '250000'],
    ['XOF', '100000'],
  ].entries()) {
    // The editor's button works once its page runs in the browser: pressed again until the row is there.
    const amountField = editor.locator(`#field-prices__${row}__amount`);
    await expect(async () => {
      if ((await amountField.count()) === 0) await editor.getByRole('button', { name: 'Add Price' }).click();
      await expect(amountField).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 60_000 });
    await editor.locator(`#field-prices__${row}__currency`).click();
    await editor.locator('.rs__option', { hasText: currency! }).click();
    await amountField.fill(amount!);
  }
  await editor.getByRole('button', { name: 'Publish changes' }).click();
  // The request context's connection has been idle about as long as the server keeps one open (Node's
  // 5 s): sent as the server closes it, a GET meets a reset, which a browser would send again (seen
  // once in CI). So does this one, up to twice; a server that is down still fails it.
  await expect
    .poll(async () => {
      const doc = (await (
        await editor.request.get(`${base}/staff/content/api/offers/${list.docs[0]!.id}?depth=0&draft=false`, {
          maxRetries: 2,
        })
      ).json()) as { prices?: { currency: string; amount: number }[] };
      return doc.prices?.map(({ currency, amount }) => [currency, amount]);
    })
    .toEqual([
      ['NGN', 250_000],
      ['XOF', 100_000],
    ]);
  await editor.screenshot({ path: 'test-results/money-editor-prices-390.png', fullPage: true });
  // The same offer as a French editor edits it: the prices are the offer's, in every language.
  await openInEditor(editor, `${base}/staff/content/collections/offers/${list.docs[0]!.id}?locale=fr`);
  await expect(editor.locator('#field-prices__1__amount')).toHaveValue('100000');
  await editor.screenshot({ path: 'test-results/money-editor-prices-fr-390.png', fullPage: true });
  await editor.close();
  // Visitors at a desk: English starts in naira, French in CFA francs.
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const [path, currency] of [
    [`/offers/${OFFER}`, 'NGN'],
    [`/fr/offers/${OFFER}`, 'XOF'],
  ] as const) {
    await expect
      .poll(
        async () => {
          await desk.goto(`${base}${path}`);
          return desk.getByRole('radio', { name: new RegExp(currency) }).isChecked();
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await desk.screenshot({ path: `test-results/money-offer-${currency}-1280.png`, fullPage: true });
  }
  await desk.close();

  // 2. A French visitor, with JavaScript: the page starts in CFA francs (the discount applied: 80 000 F CFA),
  //    the visitor picks naira, the amounts follow, and the answer asks for 200 000 ₦.
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const xof = page.getByRole('radio', { name: /XOF/ });
  await expect
    .poll(
      async () => {
        await page.goto(`${base}/fr/offers/${OFFER}`);
        return xof.count();
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  await expect(xof).toBeChecked();
  // The price as shown (its sentence for screen readers is beside it): one currency at a time.
  const shown = page.locator('#price [aria-hidden="true"]').filter({ visible: true });
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveText(/^80\s000\sF\sCFA\s*100\s000\sF\sCFA$|^100\s000\sF\sCFA\s*80\s000\sF\sCFA$/);
  await expect(page.getByText(/^Le prix entier/).filter({ visible: true })).toHaveText(
    /^Le prix entier, 80\s000\sF\sCFA, se règle en ligne/,
  );
  await fits(page);
  await page.getByRole('radio', { name: /NGN/ }).check();
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText(/200\s000\s₦/);
  await expect(shown).not.toContainText(/F\sCFA/);
  await page.screenshot({ path: 'test-results/money-offer-ngn-390.png', fullPage: true });
  await reserveInFrench(page, PAYER, 'Awa');
  await expect(page.getByText('Votre place est réservée')).toBeVisible();
  const pay = page.getByRole('link', { name: /200\s000\s₦/ });
  await expect(pay).toBeVisible();
  // The answer's link opens the provider's page in a new tab (docs/product.md §4).
  const [provider] = await Promise.all([page.context().waitForEvent('page'), pay.click()]);
  await payOnStub(provider, 'NGN 200000.00');
  await expect(provider).toHaveURL(new RegExp(`^${base}/fr/payments/return\\?`));
  await expect(provider.getByRole('heading', { name: 'Paiement reçu' })).toBeVisible();
  await expect(provider.getByText(/Nous avons bien reçu 200\s000\s₦/)).toBeVisible();
  await provider.close();
  await expect.poll(() => mailsTo(PAYER).some((mail) => /reçu/i.test(mail.subject)), { timeout: 30_000 }).toBe(true);
  const receipt = mailsTo(PAYER).find((mail) => /reçu/i.test(mail.subject))!;
  expect(receipt.text).toMatch(/200\s000\s₦/);
  expect(receipt.text).not.toMatch(/\$|F\sCFA/);
  // The next priced page starts in the currency chosen here.
  await page.goto(`${base}/fr/offers/${OFFER}`);
  await expect(page.getByRole('radio', { name: /NGN/ })).toBeChecked();
  await page.close();

  // 3. Without JavaScript: the same choice, by CSS, posted with the form; the answer asks for naira.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const noScript = await plain.newPage();
  await noScript.goto(`${base}/fr/offers/${OFFER}`);
  await expect(noScript.getByRole('radio', { name: /XOF/ })).toBeChecked();
  await noScript.getByRole('radio', { name: /NGN/ }).check();
  const shownPlain = noScript.locator('#price [aria-hidden="true"]').filter({ visible: true });
  await expect(shownPlain).toHaveCount(1);
  await expect(shownPlain).toContainText(/200\s000\s₦/);
  await reserveInFrench(noScript, NO_SCRIPT, 'Moussa');
  await expect(noScript.getByText('Votre place est réservée')).toBeVisible();
  await expect(noScript.getByRole('link', { name: /200\s000\s₦/ })).toBeVisible();
  await plain.close();

  // 3b. On a slow phone: naira picked and the form sent before the page ran, so the browser posts it. Once
  //     the answer's page runs, the choice is remembered: the next priced page starts in naira.
  const slow = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const release = await holdScripts(slow);
  await slow.goto(`${base}/fr/offers/${OFFER}`, { waitUntil: 'domcontentloaded' });
  await slow.getByRole('radio', { name: /NGN/ }).check();
  await reserveInFrench(slow, EARLY, 'Ngozi');
  await expect(slow.getByText('Votre place est réservée')).toBeVisible();
  await expect(slow.getByRole('link', { name: /200\s000\s₦/ })).toBeVisible();
  release();
  await slow.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await slow.goto(`${base}/fr/offers/${OFFER}`);
  await expect(slow.getByRole('radio', { name: /NGN/ })).toBeChecked();
  await slow.close();

  // 4. Staff: the offer's list says the naira amount, and so does the CSV.
  await staff.goto(`${base}/staff/items/offer/${OFFER}?pay=paid`);
  await expect(staff.getByRole('listitem').filter({ hasText: PAYER })).toContainText('Paid ₦200,000');
  const csv = await staff.request.get(`${base}/staff/api/export?item=offer:${OFFER}&format=csv`, {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(csv.status()).toBe(200);
  const rows = (await csv.text()).split('\n');
  const row = rows.find((line) => line.includes(PAYER))!;
  expect(row).toContain('"NGN"');
  expect(row).toContain('"200000.00"');
  expect(rows.find((line) => line.includes(NO_SCRIPT))).toContain('"NGN"');
  await staff.context().close();
});
