/** @jest-environment node */
import { content } from '@/lib/content';
import type { Course } from '@/lib/content/types';
import { submitForm } from '@/lib/forms/submit';
import type { PaymentSettings } from '@/lib/payments/record';
import { startPayment } from '@/lib/payments/visitor';
import { handleWebhook } from '@/lib/payments/webhook';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import type { OutboxMail, Store } from '@/lib/storage/types';
import { priceTexts } from '@/messages/prices';

import { paidFormServices, stubPaymentContext } from '../helpers/payment-services';
import { startPaystackStub, type PaystackStub } from '../helpers/paystack-stub';
import { sampleEnrolment } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// Prices in several currencies on each store (docs/product.md §14): a course priced by its editor in
// naira and CFA francs besides dollars. The post names the currency (the page's first when it names
// none), is refused in the form's words for one the course is not sold in, and is charged that price
// exactly, never through the site's rate. Once stored, the amount due never changes: not for a repeat,
// the provider's page, nor the webhook, whatever the editor does to the price afterwards.
const TOKEN = issueXsrfToken();
const NOW = Date.UTC(2026, 10, 27, 9);
const SECRET = 'c'.repeat(40);
const SITE = 'https://baobabdata.org';
const COURSE = 'data-analysis-with-python';

const meta = (): RequestMeta => ({
  headers: new Headers({ host: 'baobabdata.org', 'x-xsrf-token': TOKEN }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.44',
});

// The site's own currency and rate for items priced in dollars alone: naira at 1,500 per dollar, so a
// charge through the rate would show.
const settings: PaymentSettings = {
  online: true,
  currency: 'NGN',
  usdRate: 1_500,
  linkDays: 30,
  secret: SECRET,
  siteUrl: SITE,
};

// The editor's prices, laid on the seeded course in every language (the jest suite's CMS reads content).
function price(prices: Course['prices']) {
  for (const lang of ['en', 'fr'] as const) {
    const course = content(lang).courses.find((entry) => entry.slug === COURSE)! as Course;
    course.prices = prices;
  }
}

let stub: PaystackStub;
beforeAll(async () => {
  stub = await startPaystackStub();
});
afterAll(async () => {
  price(undefined);
  await stub.close();
});

describe.each(bothStores)('a course priced in several currencies on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  let tests = 0;
  beforeEach(async () => {
    store = await harness.open(`prices${++tests}`);
    price([
      { currency: 'NGN', amount: 150_000 },
      { currency: 'XOF', amount: 60_000 },
    ]);
  });
  afterEach(() => store.close());
  afterAll(() => harness.cleanup());

  const services = () => paidFormServices(store, { secret: SECRET, siteUrl: SITE }, settings, NOW);
  // The site's currency for items in dollars alone is dollars: the provider must still be asked in the record's.
  const context = () => stubPaymentContext(store, stub, { secret: SECRET, siteUrl: SITE }, NOW);
  const enrol = (fields: Record<string, string>, lang = 'en') => {
    const data = new FormData();
    const all = { ...sampleEnrolment, name: `Ada ${_name} ${tests}`, email: `ada${tests}@example.org`, ...fields };
    for (const [k, v] of Object.entries({ ...all, lang })) data.set(k, v);
    return submitForm('enrol', data, meta(), services());
  };
  const stored = async () => (await store.list('enrolment')).map((record) => record.data);

  it('charges the currency chosen exactly; without one, the page’s first; dollars as dollars, not through the rate', async () => {
    const naira = await enrol({});
    // The answer names the currency it is in: the page remembers it as the visitor's choice.
    expect(naira).toMatchObject({
      status: 'success',
      currency: 'NGN',
      link: { label: expect.stringContaining('₦150,000') },
    });
    const cfa = await enrol({ email: 'awa@example.org', currency: 'XOF' }, 'fr');
    expect(cfa).toMatchObject({
      status: 'success',
      currency: 'XOF',
      link: { label: expect.stringMatching(/60\s000\sF\sCFA/) },
    });
    const dollars = await enrol({ email: 'kofi@example.org', currency: 'USD' });
    expect(dollars).toMatchObject({
      status: 'success',
      currency: 'USD',
      link: { label: expect.stringContaining('$105') },
    });
    expect((await stored()).map(({ payAmount, payCurrency, payIn }) => [payAmount, payCurrency, payIn])).toEqual(
      expect.arrayContaining([
        [15_000_000, 'NGN', 'NGN'],
        [6_000_000, 'XOF', 'XOF'],
        [10_500, 'USD', 'USD'],
      ]),
    );
  });

  it('refuses a currency the course is not sold in, in the form’s words, storing nothing', async () => {
    for (const currency of ['GHS', 'EUR', 'ngn', 'x'.repeat(9)]) {
      const answer = await enrol({ currency });
      expect(answer).toMatchObject({ status: 'error' });
      if (currency !== 'x'.repeat(9)) {
        expect(answer).toMatchObject({ errors: { currency: priceTexts.en.notOffered } });
      }
    }
    expect(await stored()).toEqual([]);
  });

  it('never changes the amount due once stored: the repeat, the provider’s page and the webhook keep it', async () => {
    const first = await enrol({ currency: 'NGN' });
    if (first.status !== 'success' || !first.link) throw new Error(JSON.stringify(first));
    // The editor raises the naira price, and prices the course in cedis too.
    price([
      { currency: 'NGN', amount: 300_000 },
      { currency: 'GHS', amount: 1_500 },
    ]);
    // The same person again: nothing new stored, and the pay link still for what the record owes.
    const again = await enrol({ currency: 'NGN' });
    expect(again.status).toBe('success');
    expect(JSON.stringify(again)).not.toContain('300,000');
    const [record, ...others] = await store.list('enrolment');
    expect(others).toEqual([]);
    expect(record!.data).toMatchObject({ payAmount: 15_000_000, payCurrency: 'NGN' });
    // The provider is asked for the stored amount.
    const token = new URL(first.link.href).pathname.split('/').at(-1)!;
    expect(await startPayment(context(), token, 'en')).toMatchObject({ to: 'provider' });
    const reference = String(record!.data.payReference);
    expect(stub.transactions.get(reference)).toMatchObject({ amount: 15_000_000, currency: 'NGN' });
    // A webhook for today's price is refused; the stored one is taken once.
    stub.state.webhookUrl = undefined;
    await stub.pay(reference);
    const deliver = (event: unknown) => handleWebhook(context(), 'paystack', stub.webhookRequest(event));
    expect((await deliver(stub.chargeSuccess(reference, { amount: 30_000_000 }))).status).toBe(422);
    expect((await deliver(stub.chargeSuccess(reference, { currency: 'GHS', amount: 150_000 }))).status).toBe(422);
    expect((await deliver(stub.chargeSuccess(reference))).status).toBe(200);
    const paid = (await store.getRecord('enrolment', record!.id))!.data;
    expect(paid).toMatchObject({ payStatus: 'paid', payAmount: 15_000_000, payCurrency: 'NGN' });
    const mails = (await store.claimMails('t', NOW + 1e12, 100, 1000)) as OutboxMail[];
    const receipt = mails.find((mail) => mail.to === record!.data.email && /receipt/i.test(mail.subject))!;
    expect(receipt.text).toContain('₦150,000');
    expect(receipt.text).not.toContain('300,000');
  });
});
