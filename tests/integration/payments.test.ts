/** @jest-environment node */
import type { FormOperation } from '@/lib/forms/registry';
import type { FormServices } from '@/lib/forms/services';
import { submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { payPath, readPayToken } from '@/lib/payments/links';
import { paystackProvider } from '@/lib/payments/paystack';
import { createPaymentCheck } from '@/lib/payments/pending';
import type { PaymentSettings } from '@/lib/payments/record';
import { settleByHand, type PaymentContext } from '@/lib/payments/settle';
import { returnState, startPayment } from '@/lib/payments/visitor';
import { handleWebhook } from '@/lib/payments/webhook';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import type { OutboxMail, PayableRecord, Store } from '@/lib/storage/types';

import { startPaystackStub, STUB_SECRET_KEY, type PaystackStub } from '../helpers/paystack-stub';
import { BEFORE_SEED_EVENT, sampleEnrolment } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// Paid places end to end on each store (docs/product.md §14), against the Paystack stub in its
// documented shapes: the form stores the record and answers with its pay link, the pay link opens the
// provider's page, and the webhook, the return page and the periodic check each mark it paid, once.
const TOKEN = issueXsrfToken();
const NOW = Date.UTC(2026, 10, 27, 9);
const SECRET = 'p'.repeat(40);
const SITE = 'https://baobabdata.org';
const site = { siteUrl: SITE, siteName: 'Baobab Data' };

const meta = (): RequestMeta => ({
  headers: new Headers({ host: 'baobabdata.org', 'x-xsrf-token': TOKEN }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.9',
});

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const settings = (online: boolean): PaymentSettings => ({
  online,
  currency: 'USD',
  usdRate: 1,
  linkDays: 30,
  secret: SECRET,
  siteUrl: SITE,
});

let stub: PaystackStub;
beforeAll(async () => {
  stub = await startPaystackStub();
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.state.failure = null;
});

describe.each(bothStores)('paid places on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  let logged: string[];
  // Each test's store by name: opening the name again is a second instance on the same data.
  let name = '';
  let tests = 0;

  beforeEach(async () => {
    name = `pay${++tests}`;
    store = await harness.open(name);
    logged = [];
  });
  afterEach(() => store.close());
  afterAll(() => harness.cleanup());

  const services = (online = true, more: Partial<FormServices> = {}): FormServices => ({
    store,
    rateLimiter: createRateLimiter(100),
    newsletter: doubleOptInNewsletter({ store: () => store, secret: () => SECRET, mail: () => site }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...site },
    now: () => NOW,
    today: () => BEFORE_SEED_EVENT,
    log: () => {},
    payments: settings(online),
    ...more,
  });
  const context = (on: Store = store, more: Partial<PaymentContext> = {}): PaymentContext => ({
    store: on,
    provider: paystackProvider({ secretKey: STUB_SECRET_KEY, baseUrl: stub.url, timeoutMs: 500 }),
    secret: SECRET,
    siteUrl: SITE,
    timeZone: 'Africa/Lagos',
    currency: 'USD',
    linkDays: 30,
    now: () => NOW + 60_000,
    log: (_level, message) => logged.push(message),
    ...more,
  });
  const send = (operation: FormOperation, fields: Record<string, string>, online = true) =>
    submitForm(operation, formData(fields), meta(), services(online));

  // An enrolment in the $105 course, its record and the token of the pay link its answer carries.
  // Each test's visitor is another person: references come from what was sent, and the stub keeps
  // every reference it was given.
  const visitor = () => ({ ...sampleEnrolment, name: `Ada ${_name} ${name}` });
  async function enrol(fields: Record<string, string> = {}) {
    const state = await send('enrol', { ...visitor(), ...fields });
    if (state.status !== 'success' || !state.link) throw new Error(`no pay link: ${JSON.stringify(state)}`);
    const token = new URL(state.link.href).pathname.split('/').at(-1)!;
    const [stored] = await store.list('enrolment');
    const record: PayableRecord = { ...stored!, collection: 'enrolment' };
    return { state, token, record, reference: String(record.data.payReference) };
  }

  // The visitor follows the pay link and pays on the provider's page; the webhook is left to the test.
  async function payOnProvider(token: string, ctx = context()) {
    const outcome = await startPayment(ctx, token, 'en');
    expect(outcome).toMatchObject({ to: 'provider' });
    const reference = readPayToken(SECRET, token, NOW)!.reference;
    stub.state.webhookUrl = undefined;
    return stub.pay(reference);
  }

  const webhook = (body: string, signature = stub.sign(body)) =>
    new Request('http://127.0.0.1/api/payments/paystack', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
  const deliver = (ctx: PaymentContext, event: unknown, signature?: string) => {
    const body = JSON.stringify(event);
    return handleWebhook(ctx, 'paystack', webhook(body, signature));
  };
  const receipts = async (id: string) =>
    (await store.mailsAbout(id)).filter((m) => /receipt/i.test(m.subject) && m.to === 'ada@example.org');
  const paidEntries = async () => (await store.auditLog(50)).filter((e) => e.what === 'paid');
  const queued = (): Promise<OutboxMail[]> => store.claimMails('t', NOW + 1e12, 100, 1000);

  it('stores the enrolment first with what it owes, and answers “Pay $105 now” with the server’s own pay link', async () => {
    const { state, record, reference } = await enrol();
    expect(state).toMatchObject({ message: 'Enroled', link: { label: 'Pay $105 now' } });
    expect(state.status === 'success' && state.detail).toContain('works for 30 days');
    expect(record.data).toMatchObject({ payStatus: 'unpaid', payAmount: 10_500, payCurrency: 'USD' });
    expect(reference).toMatch(/^BD-[0-9A-Z]{12}$/);
    // The pay link in the confirmation mail is the answer's.
    const confirmation = (await queued()).find((m) => m.to === 'ada@example.org')!;
    expect(confirmation.text).toContain(`${SITE}/pay/`);
    expect(confirmation.text).toContain('The payment link works for 30 days');
    // The same submission again answers with the same link (and a bot's, caught by the honeypot, too).
    const again = await send('enrol', visitor());
    expect(again.status === 'success' && readPayToken(SECRET, again.link!.href.split('/').at(-1)!, NOW)).toEqual({
      reference,
      expired: false,
    });
    expect(again.status === 'success' && again.link!.href).toBe(state.link!.href);
    const bot = await send('enrol', { ...visitor(), website: 'http://spam.example' });
    expect(bot).toEqual(state);
    // The bot's hit is kept as spam and owes nothing: its link leads to no payment.
    expect((await store.list('enrolment')).map((r) => r.data.payStatus ?? r.data.spamSource)).toEqual([
      'unpaid',
      'honeypot',
    ]);
  });

  it('keeps the course’s own payment page without a provider, the record still owing its fee for staff to mark', async () => {
    const state = await send('enrol', sampleEnrolment, false);
    expect(state).toMatchObject({
      link: { href: 'https://pay.baobabdata.org/data-analysis-with-python', label: 'Go to the payment page' },
    });
    const [record] = await store.list('enrolment');
    expect(record!.data).toMatchObject({ payStatus: 'unpaid', payAmount: 10_500 });
  });

  it('shows no payment for a free course, and asks the offer’s price for a reservation', async () => {
    const free = await send('enrol', { ...sampleEnrolment, course: 'Introduction To Data Ethics & Privacy' });
    expect(free.status === 'success' && free.link).toBeFalsy();
    expect((await store.list('enrolment'))[0]!.data.payStatus).toBeUndefined();
    const offer = await send('registerOffer', {
      email: 'ama@example.org',
      firstName: 'Ama',
      lastName: 'Mensah',
      gender: 'female',
      degree: 'bachelor',
      occupation: 'Analyst',
      country: 'Ghana',
      offer: 'become-a-data-analyst',
    });
    expect(offer).toMatchObject({ message: 'Your Spot has been Reserved', link: { label: 'Pay $120 now' } });
    expect((await store.list('offer'))[0]!.data).toMatchObject({ payStatus: 'unpaid', payAmount: 12_000 });
  });

  it('answers and mails a French visitor in French', async () => {
    const { state } = await enrol({ lang: 'fr' });
    expect(state).toMatchObject({ link: { label: 'Payer 105\u00a0$US maintenant' } });
    expect(state.status === 'success' && state.link!.href).toMatch(new RegExp(`^${SITE}/fr/pay/`));
  });

  it('is paid through the webhook: one commit of the record, its receipt and its audit entry, and 200 after', async () => {
    const { token, record, reference } = await enrol();
    await payOnProvider(token);
    const ctx = context();
    const answer = await deliver(ctx, stub.chargeSuccess(reference));
    expect(answer.status).toBe(200);
    const paid = (await store.getRecord('enrolment', record.id))!.data;
    expect(paid).toMatchObject({ payStatus: 'paid', payMethod: 'paystack', payChannel: 'card' });
    expect(await receipts(record.id)).toHaveLength(1);
    expect(await paidEntries()).toEqual([
      expect.objectContaining({ who: 'Paystack', record: { collection: 'enrolment', id: record.id } }),
    ]);
    const receipt = (await queued()).find((m) => m.subject === 'Your receipt: Data Analysis with Python')!;
    expect(receipt.text).toContain('Amount paid: $105');
    expect(receipt.text).toContain(`Reference: ${reference}`);
    expect(receipt.text).toContain('Received by: Baobab Data');
    expect(receipt.text).toContain(`${SITE}/payments/receipt?t=`);
    // The return page afterwards says so from the store.
    expect(await returnState(ctx, { reference }, 'en')).toMatchObject({ state: 'paid' });
    expect(await receipts(record.id)).toHaveLength(1);
  });

  it('is paid through the return page only, asking the provider on the server; the query proves nothing', async () => {
    const { token, record, reference } = await enrol();
    const ctx = context();
    // Before paying, the reference in the query string is only asked about.
    await startPayment(ctx, token, 'en');
    expect(await returnState(ctx, { reference }, 'en')).toMatchObject({ state: 'pending' });
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('unpaid');
    await payOnProvider(token);
    expect(await returnState(ctx, { reference }, 'en')).toMatchObject({ state: 'paid' });
    expect(await returnState(ctx, { reference }, 'en')).toMatchObject({ state: 'paid' });
    expect(await receipts(record.id)).toHaveLength(1);
    expect((await paidEntries()).map((e) => e.detail)).toEqual([expect.stringMatching(/^return page: USD 105\.00/)]);
  });

  it('takes a webhook before the return: the return finds it paid and mails nothing more', async () => {
    const { token, record, reference } = await enrol();
    await payOnProvider(token);
    const ctx = context();
    expect((await deliver(ctx, stub.chargeSuccess(reference))).status).toBe(200);
    expect(await returnState(ctx, { reference }, 'en')).toMatchObject({ state: 'paid' });
    expect(await receipts(record.id)).toHaveLength(1);
    expect(await paidEntries()).toHaveLength(1);
  });

  it('changes nothing for a second or replayed delivery, from one instance or two at once: one receipt', async () => {
    const { token, record, reference } = await enrol();
    await payOnProvider(token);
    const other = await harness.open(name);
    const event = stub.chargeSuccess(reference);
    const answers = await Promise.all([
      deliver(context(), event),
      deliver(context(other), event),
      deliver(context(), event),
    ]);
    // Acknowledged, so the provider stops delivering it, and nothing more is recorded.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(
      (await Promise.all(answers.map((a) => a.text()))).filter((text) => /^Already recorded/.test(text)),
    ).toHaveLength(2);
    const replay = await deliver(context(), event);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toMatch(/^Already recorded: nothing changed/);
    expect(await receipts(record.id)).toHaveLength(1);
    expect(await paidEntries()).toHaveLength(1);
    expect(logged.filter((line) => /webhook: already recorded/.test(line))).toHaveLength(3);
    await other.close();
  });

  it('marks a payment refunded on the provider’s dashboard once, from its webhook; a part refunded or another currency changes nothing', async () => {
    const { token, record, reference } = await enrol();
    await payOnProvider(token);
    const ctx = context();
    // Before it is paid, a refund of it is refused.
    expect((await deliver(ctx, stub.refundProcessed(reference))).status).toBe(422);
    expect((await deliver(ctx, stub.chargeSuccess(reference))).status).toBe(200);
    const part = await deliver(ctx, stub.refundProcessed(reference, { amount: 5_000 }));
    expect([part.status, await part.text()]).toEqual([200, 'Part refunded: the record stays paid.\n']);
    expect((await deliver(ctx, stub.refundProcessed(reference, { currency: 'NGN' }))).status).toBe(422);
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('paid');
    // Forged: another key's signature.
    const forged = JSON.stringify(stub.refundProcessed(reference));
    expect(
      (await handleWebhook(ctx, 'paystack', webhook(forged, stub.sign(forged, 'sk_test_someoneelse0000')))).status,
    ).toBe(401);
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('paid');

    const whole = await Promise.all([
      deliver(ctx, stub.refundProcessed(reference)),
      deliver(ctx, stub.refundProcessed(reference)),
    ]);
    expect(whole.map((a) => a.status)).toEqual([200, 200]);
    expect((await Promise.all(whole.map((a) => a.text()))).sort()).toEqual([
      'Already recorded: nothing changed.\n',
      'Refund recorded.\n',
    ]);
    expect((await store.getRecord('enrolment', record.id))!.data).toMatchObject({
      payStatus: 'refunded',
      refundedBy: 'Paystack',
    });
    const refunds = (await store.auditLog(50)).filter((e) => e.what === 'refunded');
    expect(refunds).toMatchObject([{ who: 'Paystack', detail: `webhook: USD 105.00, ${reference}` }]);
    // An unknown reference, signed for real.
    const unknown = stub.refundProcessed(reference);
    unknown.data.transaction_reference = 'BD-000000000000';
    expect((await deliver(ctx, unknown)).status).toBe(404);
  });

  it('answers 503 when the store does not commit, so the provider delivers again, and records the next delivery', async () => {
    const { token, record, reference } = await enrol();
    await payOnProvider(token);
    const ctx = context();
    const spy = jest.spyOn(store, 'settlePayment').mockRejectedValue(new Error('store down'));
    const charge = await deliver(ctx, stub.chargeSuccess(reference));
    const refund = await deliver(ctx, stub.refundProcessed(reference));
    spy.mockRestore();
    expect([charge.status, await charge.text()]).toEqual([503, 'Not recorded yet: deliver it again later.\n']);
    expect(refund.status).toBe(422);
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('unpaid');
    expect(
      logged.filter((line) => /not committed, the provider will deliver it again: store down/.test(line)),
    ).toHaveLength(1);
    expect((await deliver(ctx, stub.chargeSuccess(reference))).status).toBe(200);
    const spyRefund = jest.spyOn(store, 'settlePayment').mockRejectedValue(new Error('store down'));
    expect((await deliver(ctx, stub.refundProcessed(reference))).status).toBe(503);
    spyRefund.mockRestore();
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('paid');
  });

  it('refuses forged and altered deliveries with 401 and one log line each, marking nothing', async () => {
    const { token, record, reference } = await enrol();
    await payOnProvider(token);
    const ctx = context();
    const body = JSON.stringify(stub.chargeSuccess(reference));
    const tries = [
      handleWebhook(ctx, 'paystack', webhook(body, stub.sign(body, 'sk_test_someoneelse0000'))),
      handleWebhook(ctx, 'paystack', webhook(body.replace('"success"', '"success" '), stub.sign(body))),
      handleWebhook(ctx, 'paystack', webhook(body, '')),
      handleWebhook(ctx, 'paystack', webhook(body, 'f'.repeat(128))),
      handleWebhook(ctx, 'paystack', new Request('http://127.0.0.1/api/payments/paystack', { method: 'POST', body })),
    ];
    for (const answer of await Promise.all(tries)) expect(answer.status).toBe(401);
    expect(logged.filter((line) => /bad or missing signature/.test(line))).toHaveLength(5);
    // Another provider's name, a body too large, and a signed body that is not an event.
    expect((await handleWebhook(ctx, 'flutterwave', webhook(body))).status).toBe(404);
    expect((await handleWebhook(ctx, 'paystack', webhook('x'.repeat(70_000)))).status).toBe(413);
    expect((await handleWebhook(ctx, 'paystack', webhook('[1,2]'))).status).toBe(400);
    expect(
      (await handleWebhook(ctx, 'paystack', webhook(JSON.stringify({ event: 'transfer.success', data: {} })))).status,
    ).toBe(200);
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('unpaid');
    expect(await paidEntries()).toEqual([]);
  });

  it('marks nothing for a wrong amount or currency, from the webhook or the return page', async () => {
    const { token, record, reference } = await enrol();
    await payOnProvider(token);
    const ctx = context();
    const lower = stub.chargeSuccess(reference, { amount: 100 });
    const naira = stub.chargeSuccess(reference, { currency: 'NGN' });
    expect((await deliver(ctx, lower)).status).toBe(422);
    expect((await deliver(ctx, naira)).status).toBe(422);
    expect(logged.filter((line) => /amount differs|currency differs/.test(line))).toHaveLength(2);
    // The provider itself reports another amount when asked.
    stub.transactions.get(reference)!.amount = 100;
    expect(await returnState(ctx, { reference }, 'en')).toMatchObject({ state: 'mismatch' });
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('unpaid');
    expect(await receipts(record.id)).toEqual([]);
  });

  it('answers an unknown reference with 404 and says so on the return page; an altered link is not valid', async () => {
    const { token } = await enrol();
    const ctx = context();
    // A payment on the same provider account that is none of this site's.
    const foreign = _name === 'SQLite' ? 'BD-0000000000AA' : 'BD-0000000000BB';
    const stranger = await paystackProvider({ secretKey: STUB_SECRET_KEY, baseUrl: stub.url }).initialise({
      reference: foreign,
      amount: 10_500,
      currency: 'USD',
      email: 'x@example.org',
      callbackUrl: `${SITE}/payments/return`,
      metadata: {},
    });
    expect(stranger.url).toContain('/checkout/');
    await stub.pay(foreign);
    expect((await deliver(ctx, stub.chargeSuccess(foreign))).status).toBe(404);
    expect(logged).toContain('payment webhook refused: unknown reference');
    expect(await returnState(ctx, { reference: foreign }, 'en')).toEqual({ state: 'unknown' });
    expect(await returnState(ctx, { reference: '<script>' }, 'en')).toEqual({ state: 'unknown' });
    expect(await startPayment(ctx, `${token}x`, 'en')).toEqual({ to: 'return', problem: 'invalid' });
    expect(await startPayment(ctx, 'garbage', 'en')).toEqual({ to: 'return', problem: 'invalid' });
  });

  it('keeps the enrolment when the provider times out, and says the link in the mail will work later', async () => {
    stub.state.failure = 'down';
    const { token, record, reference } = await enrol();
    const ctx = context();
    expect(await startPayment(ctx, token, 'en')).toEqual({ to: 'return', reference, problem: 'down' });
    expect(await returnState(ctx, { reference }, 'en')).toMatchObject({ state: 'down' });
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('unpaid');
    const check = createPaymentCheck({ context: () => ({ ...ctx, store }), intervalMs: 60_000 });
    await store.updateRecord('enrolment', record.id, { payStartedAt: NOW });
    expect(await check.check()).toBeNull();
    expect(logged.some((line) => /payment check stopped/.test(line))).toBe(true);
    // Back up: the link works.
    stub.state.failure = null;
    expect(await startPayment(ctx, token, 'en')).toMatchObject({ to: 'provider' });
  });

  it('sends a visitor back on the link to the same provider page, and settles a payment made meanwhile', async () => {
    const { token, record, reference } = await enrol();
    const ctx = context();
    const first = await startPayment(ctx, token, 'en');
    const second = await startPayment(ctx, token, 'en');
    expect(second).toEqual(first);
    expect(
      stub.requests.filter((r) => r.url.pathname === '/transaction/initialize' && r.body.includes(reference)),
    ).toHaveLength(1);
    await stub.pay(reference);
    expect(await startPayment(ctx, token, 'en')).toEqual({ to: 'return', reference });
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('paid');
    // An expired link says so, and the return page offers a new one.
    const later = context(store, { now: () => NOW + 31 * 86_400_000 });
    const old = payPath(SECRET, reference, 'en', NOW, 30).split('/').at(-1)!;
    expect(await startPayment(later, old, 'en')).toEqual({ to: 'return', reference, problem: 'expired' });
  });

  it('settles a payment whose webhook never came and whose visitor never came back, in the periodic check', async () => {
    const { token, record } = await enrol();
    await payOnProvider(token);
    const check = createPaymentCheck({ context: () => ({ ...context(), store }), intervalMs: 60_000 });
    expect(await check.check()).toEqual({ asked: 1, paid: 1 });
    expect((await store.getRecord('enrolment', record.id))!.data.payStatus).toBe('paid');
    expect(await receipts(record.id)).toHaveLength(1);
    expect((await paidEntries()).map((e) => e.detail)).toEqual([expect.stringMatching(/^check:/)]);
  });

  it('lets staff mark a bank transfer by hand once, with amount and note, and a refund after', async () => {
    const state = await send('enrol', sampleEnrolment, false);
    expect(state.status).toBe('success');
    const [stored] = await store.list('enrolment');
    const ref = { collection: 'enrolment' as const, id: stored!.id };
    const ctx = context(store, { provider: null });
    const transfer = {
      settlement: 'paid' as const,
      amount: 10_500,
      currency: 'USD' as const,
      note: 'GTBank transfer 0042',
    };
    expect(await settleByHand(ctx, ref, 'staff@example.org', transfer)).toBe('done');
    expect(await settleByHand(ctx, ref, 'staff@example.org', transfer)).toBe('already');
    expect((await store.getRecord('enrolment', stored!.id))!.data).toMatchObject({
      payStatus: 'paid',
      payMethod: 'hand',
      payNote: 'GTBank transfer 0042',
      paidBy: 'staff@example.org',
    });
    expect(await receipts(stored!.id)).toHaveLength(1);
    const refund = { settlement: 'refunded' as const, note: 'Cohort moved' };
    const later = context(store, { provider: null, now: () => NOW + 120_000 });
    expect(await settleByHand(later, ref, 'staff@example.org', refund)).toBe('done');
    expect((await store.auditLog(10)).map((e) => e.what).slice(0, 2)).toEqual(['refunded', 'paid']);
  });
});
