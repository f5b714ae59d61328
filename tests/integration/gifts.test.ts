/** @jest-environment node */
import type { GiftContext } from '@/lib/gifts/context';
import { give } from '@/lib/gifts/give';
import { giftsOf } from '@/lib/gifts/ledger';
import { manageUrl } from '@/lib/gifts/links';
import { giverGifts, providerManageLink, stopMyGift } from '@/lib/gifts/manage';
import { giftThanks } from '@/lib/gifts/thanks';
import { giftEvents } from '@/lib/gifts/webhook';
import { recipientsOf } from '@/lib/letters/recipients';
import { paystackProvider } from '@/lib/payments/paystack';
import type { PaymentContext } from '@/lib/payments/settle';
import { handleWebhook } from '@/lib/payments/webhook';
import { createRateLimiter } from '@/lib/security/rate-limit';
import type { GiftEntry, OutboxMail, Store } from '@/lib/storage/types';

import { altered } from '../helpers/altered';
import { startPaystackStub, STUB_SECRET_KEY, type PaystackStub } from '../helpers/paystack-stub';
import { bothStores } from '../helpers/stores';

// Gifts on each store (docs/product.md §15), against the Paystack stub in its documented shapes: the
// /donate post stores the pledge and sends the giver to Paystack (a monthly gift on a plan of its own);
// each webhook event (the charge, the subscription's start, a renewal, a failed renewal, its end) is
// recorded once and mailed once however many times and from however many instances it is delivered; a
// forged, altered or mismatched event, and another giver's link, change nothing.
const NOW = Date.UTC(2026, 11, 2, 9);
const SECRET = 'g'.repeat(40);
const SITE = 'https://baobabdata.org';

let stub: PaystackStub;
beforeAll(async () => {
  stub = await startPaystackStub();
});
afterAll(() => stub.close());

describe.each(bothStores)('gifts on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  let name = '';
  let tests = 0;
  let logged: string[];

  beforeEach(async () => {
    name = `gift${++tests}`;
    store = await harness.open(name);
    logged = [];
    stub.state.webhookUrl = undefined;
  });
  afterEach(() => store.close());
  afterAll(() => harness.cleanup());

  const provider = () => paystackProvider({ secretKey: STUB_SECRET_KEY, baseUrl: stub.url, timeoutMs: 2000 });
  const giftCtx = (on: Store = store): GiftContext => ({
    store: on,
    provider: provider(),
    secret: SECRET,
    siteUrl: SITE,
    timeZone: 'Africa/Lagos',
    now: () => NOW,
    log: (_level, message) => logged.push(message),
  });
  const payCtx = (on: Store = store): PaymentContext => ({
    store: on,
    provider: provider(),
    secret: SECRET,
    siteUrl: SITE,
    timeZone: 'Africa/Lagos',
    currency: 'USD',
    linkDays: 30,
    now: () => NOW,
    log: (_level, message) => logged.push(message),
  });

  // The form as a page without JavaScript posts it.
  async function donate(fields: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ lang: 'en', frequency: 'once', ...fields })) form.set(key, value);
    const request = new Request(`${SITE}/api/gifts`, {
      method: 'POST',
      headers: { host: 'baobabdata.org', origin: SITE, 'sec-fetch-site': 'same-origin' },
      body: form,
    });
    return give(giftCtx(), request, { rateLimiter: createRateLimiter(100), recaptcha: null });
  }

  // A gift made and paid on the stub (its webhooks left to the test): its pledge and transaction.
  async function paidGift(fields: Record<string, string>) {
    const answer = await donate(fields);
    expect(answer.status).toBe(200);
    // The answer links on to Paystack's page (the site's CSP lets a form lead only to the site itself).
    const checkout = /<a href="([^"]+\/checkout\/\w+)">/.exec(await answer.text())?.[1] ?? '';
    expect(checkout.startsWith(`${stub.url}/checkout/`)).toBe(true);
    // This gift's pledge: the newest of its giver's (entries made in the same millisecond are ordered by key).
    const pledge = (await store.giftEntries({ field: 'email', value: fields.email!.toLowerCase() }))
      .filter((e) => e.kind === 'pledge')
      .at(-1)!;
    await stub.pay(String(pledge.reference));
    return { pledge, transaction: stub.transactions.get(String(pledge.reference))! };
  }

  const webhook = (body: string, signature = stub.sign(body)) =>
    new Request('http://127.0.0.1/api/payments/paystack', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
  const deliverOn = (on: Store, event: unknown, signature?: string) => {
    const body = typeof event === 'string' ? event : JSON.stringify(event);
    return handleWebhook(payCtx(on), 'paystack', webhook(body, signature), giftEvents(giftCtx(on)));
  };
  // Three deliveries at once, from two instances on the same data.
  async function thrice(event: unknown) {
    const other = await harness.open(name);
    try {
      const answers = await Promise.all([deliverOn(store, event), deliverOn(other, event), deliverOn(store, event)]);
      return answers.map((answer) => answer.status);
    } finally {
      await other.close();
    }
  }
  const entries = async (kind: GiftEntry['kind']) => (await store.giftEntries()).filter((e) => e.kind === kind);
  const queued = (): Promise<OutboxMail[]> => store.claimMails('t', NOW + 1e12, 100, 1000);

  it('a gift of 5,000 NGN once: three deliveries from two instances give one payment and one receipt', async () => {
    const { pledge } = await paidGift({ currency: 'NGN', amount: '5000', email: 'Ada@Example.org' });
    expect(pledge).toMatchObject({ amount: 500_000, currency: 'NGN', frequency: 'once', email: 'ada@example.org' });
    expect(stub.transactions.get(String(pledge.reference))).toMatchObject({ amount: 500_000, currency: 'NGN' });

    expect(await thrice(stub.chargeSuccess(String(pledge.reference)))).toEqual([200, 200, 200]);
    expect(await entries('paid')).toHaveLength(1);
    const mails = await queued();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'ada@example.org', subject: 'Thank you for your gift of ₦5,000' });
    // The receipt carries the signed link to the giver's gifts, and nothing the giver typed.
    expect(mails[0]!.text).toContain(manageUrl(SITE, SECRET, 'ada@example.org', 'en'));

    // The thank-you page finds it paid, with the same link.
    const thanks = await giftThanks(giftCtx(), pledge.reference);
    expect(thanks).toMatchObject({ state: 'paid', amount: 500_000, currency: 'NGN', monthly: false });

    // A thank-you letter's audience: those a payment came from, once each; a pledge never paid is not one.
    expect((await donate({ currency: 'NGN', amount: '5000', email: 'unpaid@example.org' })).status).toBe(200);
    const givers = await recipientsOf(store, { audience: 'givers', testList: [] });
    expect(givers.map(({ email, lang }) => [email, lang])).toEqual([['ada@example.org', 'en']]);

    // Forgetting the address (docs/staff.md) removes its gifts and their mails, on either store.
    await store.forgetEmail('ADA@example.org');
    expect((await store.giftEntries()).filter((entry) => entry.email === 'ada@example.org')).toEqual([]);
    expect(await store.findEmail('ada@example.org')).toMatchObject({ records: [], mails: [] });
  });

  it('a monthly gift of 20 GHS: its charge, subscription, renewal and failed renewal are each recorded and mailed once, in French', async () => {
    const { pledge } = await paidGift({
      currency: 'GHS',
      amount: 'other',
      other: '20',
      frequency: 'monthly',
      email: 'kofi@example.org',
      lang: 'fr',
    });
    expect(pledge.planCode).toMatch(/^PLN_/);
    expect(stub.plans.get(String(pledge.planCode))).toMatchObject({
      amount: 2000,
      currency: 'GHS',
      interval: 'monthly',
    });
    const subscription = [...stub.subscriptions.values()].find((sub) => sub.planCode === pledge.planCode)!;

    expect(await thrice(stub.chargeSuccess(String(pledge.reference)))).toEqual([200, 200, 200]);
    expect(await thrice(stub.subscriptionEvent('subscription.create', subscription.code))).toEqual([200, 200, 200]);
    expect(await thrice(stub.renewal(subscription.code))).toEqual([200, 200, 200]);
    expect(await thrice(stub.paymentFailed(subscription.code, 'INV_month3'))).toEqual([200, 200, 200]);

    expect(await entries('paid')).toHaveLength(2);
    expect(await entries('subscribed')).toHaveLength(1);
    expect(await entries('failed')).toHaveLength(1);
    const subjects = (await queued()).map((mail) => mail.subject).sort();
    expect(subjects).toEqual(
      [
        'Le don de ce mois-ci n’a pas pu être prélevé',
        'Merci pour votre don de 20\u00a0GH₵',
        'Merci pour votre don de 20\u00a0GH₵',
        'Votre don mensuel est en place',
      ].sort(),
    );
    const [gift] = giftsOf(await store.giftEntries());
    expect(gift).toMatchObject({ state: 'active' });
    expect(gift!.payments.map((p) => p.renewal)).toEqual([false, true]);
  });

  it('the giver stops a monthly gift from their link; Paystack’s subscription.disable that follows changes nothing', async () => {
    const { pledge } = await paidGift({
      currency: 'GHS',
      amount: '50',
      frequency: 'monthly',
      email: 'kofi@example.org',
    });
    const subscription = [...stub.subscriptions.values()].find((sub) => sub.planCode === pledge.planCode)!;
    await thrice(stub.chargeSuccess(String(pledge.reference)));
    await thrice(stub.subscriptionEvent('subscription.create', subscription.code));
    await queued();

    const token = new URL(manageUrl(SITE, SECRET, 'kofi@example.org', 'en')).searchParams.get('t');
    expect((await giverGifts(giftCtx(), token))!.gifts.map((g) => g.state)).toEqual(['active']);
    // Paystack's own page for the subscription (changing the card), for its giver only.
    expect(await providerManageLink(giftCtx(), token, pledge.giftId)).toEqual({
      url: `${stub.url}/manage/${subscription.code}`,
    });
    const stranger = new URL(manageUrl(SITE, SECRET, 'someone@example.org', 'en')).searchParams.get('t');
    expect(await providerManageLink(giftCtx(), stranger, pledge.giftId)).toBe('not-yours');
    expect(await stopMyGift(giftCtx(), token, pledge.giftId)).toBe('stopped');
    expect(subscription.status).toBe('cancelled');
    expect(await thrice(stub.subscriptionEvent('subscription.disable', subscription.code))).toEqual([200, 200, 200]);
    expect(await stopMyGift(giftCtx(), token, pledge.giftId)).toBe('already');
    expect(await entries('stopped')).toHaveLength(1);
    expect((await queued()).map((mail) => mail.subject)).toEqual(['Your monthly gift has stopped']);
    expect((await giverGifts(giftCtx(), token))!.gifts.map((g) => g.state)).toEqual(['stopped']);
  });

  it('refuses forged, altered and mismatched events, another gift’s plan and another giver’s link, changing nothing', async () => {
    const a = await paidGift({ currency: 'GHS', amount: '20', frequency: 'monthly', email: 'a@example.org' });
    const b = await paidGift({ currency: 'GHS', amount: '20', frequency: 'monthly', email: 'b@example.org' });
    const subA = [...stub.subscriptions.values()].find((sub) => sub.planCode === a.pledge.planCode)!;
    const before = await store.giftEntries();

    const charge = JSON.stringify(stub.chargeSuccess(String(a.pledge.reference)));
    // Forged (another key) and altered (a changed body under the first body's signature): 401.
    expect((await deliverOn(store, charge, stub.sign(charge, 'sk_test_someoneelse0000'))).status).toBe(401);
    expect((await deliverOn(store, charge.replace('"amount":2000', '"amount":200'), stub.sign(charge))).status).toBe(
      401,
    );
    // The wrong currency, the wrong amount, correctly signed: 422.
    expect((await deliverOn(store, stub.chargeSuccess(String(a.pledge.reference), { currency: 'NGN' }))).status).toBe(
      422,
    );
    expect((await deliverOn(store, stub.chargeSuccess(String(a.pledge.reference), { amount: 100 }))).status).toBe(422);
    // Gift A's first charge on gift B's plan, and a renewal of B's plan charged to A: 422.
    expect(
      (await deliverOn(store, stub.chargeSuccess(String(a.pledge.reference), { plan: String(b.pledge.planCode) })))
        .status,
    ).toBe(422);
    expect((await deliverOn(store, stub.renewal(subA.code, { plan: String(b.pledge.planCode) }))).status).toBe(422);
    // A subscription of B's plan for A's address: 422.
    const wrongSub = stub.subscriptionEvent('subscription.create', subA.code);
    (wrongSub.data.plan as { plan_code: string }).plan_code = String(b.pledge.planCode);
    expect((await deliverOn(store, wrongSub)).status).toBe(422);
    // A plan nobody gave on: 404.
    const unknown = stub.subscriptionEvent('subscription.create', subA.code);
    (unknown.data.plan as { plan_code: string }).plan_code = 'PLN_nobody';
    expect((await deliverOn(store, unknown)).status).toBe(404);
    expect(await store.giftEntries()).toEqual(before);

    // B's link cannot see or stop A's gift; an altered link sees nothing.
    const tokenB = new URL(manageUrl(SITE, SECRET, 'b@example.org', 'en')).searchParams.get('t')!;
    expect(await stopMyGift(giftCtx(), tokenB, a.pledge.giftId)).toBe('not-yours');
    expect(await stopMyGift(giftCtx(), altered(tokenB), b.pledge.giftId)).toBe('bad-link');
    expect(
      await giverGifts(giftCtx(), tokenB.replace(/^[^.]+/, Buffer.from('a@example.org').toString('base64url'))),
    ).toBeNull();
    expect(await store.giftEntries()).toEqual(before);
    expect(await queued()).toEqual([]);
  });

  it('refuses a form from another origin, a bad amount or currency, and stores nothing', async () => {
    const cross = new Request(`${SITE}/api/gifts`, {
      method: 'POST',
      headers: { host: 'baobabdata.org', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({
        lang: 'en',
        currency: 'NGN',
        amount: '5000',
        frequency: 'once',
        email: 'a@example.org',
      }),
    });
    expect((await give(giftCtx(), cross, { rateLimiter: createRateLimiter(100), recaptcha: null })).status).toBe(403);
    for (const fields of <Record<string, string>[]>[
      { currency: 'EUR', amount: '5000', email: 'a@example.org' },
      { currency: 'NGN', amount: 'other', other: '1', email: 'a@example.org' },
      { currency: 'NGN', amount: 'other', other: '5e3', email: 'a@example.org' },
      { currency: 'NGN', amount: '5000', email: 'not an address' },
      { currency: 'NGN', amount: '5000', email: 'a@example.org', frequency: 'weekly' },
    ]) {
      expect((await donate(fields)).status).toBe(400);
    }
    // The honeypot: the page a person gets, nothing stored, nothing sent to Paystack.
    const calls = stub.requests.length;
    const bot = await donate({ currency: 'NGN', amount: '5000', email: 'a@example.org', website: 'x' });
    expect(bot.status).toBe(200);
    expect(await bot.text()).toContain('<a href="/donate/thanks">Continue to Paystack to pay</a>');
    expect(stub.requests.length).toBe(calls);
    expect(await store.giftEntries()).toEqual([]);
  });
});
