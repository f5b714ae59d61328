/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FormServices } from '@/lib/forms/services';
import type { FormState } from '@/lib/forms/state';
import { submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { readPayToken } from '@/lib/payments/links';
import { paystackProvider } from '@/lib/payments/paystack';
import { paymentSettings } from '@/lib/payments/record';
import type { PaymentContext } from '@/lib/payments/settle';
import { returnState, startPayment } from '@/lib/payments/visitor';
import { handleWebhook } from '@/lib/payments/webhook';
import { itemBookingsOf } from '@/lib/places/bookings';
import { cancelPlace, claimPlace } from '@/lib/places/visitor';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { setSingleton } from '@/lib/singletons';
import { guestList } from '@/lib/staff/check-in';
import { markPaidByHand, paymentView, remindUnpaid } from '@/lib/staff/payments';
import { itemPlacesOf } from '@/lib/staff/queries';
import type { OutboxMail, Store } from '@/lib/storage/types';
import { formTexts } from '@/messages/forms';

import { queuedMails } from '../helpers/outbox';
import { PROFESSIONAL, STUDENT, SUMMIT, WORKSHOP } from '../helpers/paid-event';
import { startPaystackStub, STUB_SECRET_KEY, type PaystackStub } from '../helpers/paystack-stub';
import { BEFORE_SEED_EVENT } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// The CMS serves data/'s content and two paid events: a summit with a student kind (3 places, $20) and a
// professional kind (2 places, $50), and a workshop at one price ($15, 5 places).
jest.mock('@/lib/cms', () => {
  const base = jest.requireActual('../helpers/cms-from-data');
  const { paidEvents } = jest.requireActual('../helpers/paid-event');
  const cmsEvents = async (lang: string) => [...(await base.cmsEvents(lang)), ...paidEvents(lang)];
  return {
    ...base,
    cmsEvents,
    cmsEvent: async (slug: string, lang: string) =>
      (await cmsEvents(lang)).find((event: { slug: string }) => event.slug === slug),
  };
});

// Paid events with ticket kinds (docs/product.md §14) on each store: each kind's places are exact under
// registrations sent at once by two instances; someone on a kind's waiting list owes nothing (no pay
// link, no reminder to pay) until a place is theirs; one payment is one record, marked paid once with one
// receipt, by the webhook as by hand; and the post never sets the kind's price or another event's kind.
const dir = mkdtempSync(join(tmpdir(), 'baobab-paid-events-'));
process.env.DATA_DIR = dir;
process.env.SITE_TODAY = BEFORE_SEED_EVENT;
delete process.env.SITE_CAPACITY;
process.env.LINK_SECRET = 'paid-events-test-link-secret-0123456789ab';
process.env.PAYSTACK_SECRET_KEY = STUB_SECRET_KEY;

const TOKEN = issueXsrfToken();
const site = { siteUrl: 'http://localhost:3000', siteName: 'Baobab Data' };
const meta: RequestMeta = {
  headers: new Headers({ host: 'localhost:3000', 'x-xsrf-token': TOKEN }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.41',
};
const staff = { id: 's', email: 'staff@example.org', createdAt: 0, seenAt: 0, role: 'admin' as const };
const words = formTexts.en.answers;
const STUDENT_SEAT = `event:${SUMMIT}:${STUDENT}`;
const PRO_SEAT = `event:${SUMMIT}:${PROFESSIONAL}`;

jest.setTimeout(60_000);
let stub: PaystackStub;
beforeAll(async () => {
  stub = await startPaystackStub();
});
afterAll(() => {
  stub.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(bothStores)('paid events with ticket kinds on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  let name = '';
  let opened = 0;
  const services = (on: Store = store): FormServices => ({
    store: on,
    rateLimiter: createRateLimiter(1000),
    newsletter: doubleOptInNewsletter({ store: () => on, secret: () => 's'.repeat(40), mail: () => site }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...site },
    payments: paymentSettings(),
    now: () => Date.now(),
    today: () => BEFORE_SEED_EVENT,
    offerHours: 48,
    log: () => {},
  });
  const register = (email: string, fields: Record<string, string> = {}, on: Store = store) => {
    const data = new FormData();
    const post = { firstName: 'Awa', lastName: 'Diop', email, event: SUMMIT, ...fields };
    for (const [k, v] of Object.entries(post)) data.set(k, v);
    return submitForm('registerEvent', data, meta, services(on));
  };
  const context = (): PaymentContext => ({
    store,
    provider: paystackProvider({ secretKey: STUB_SECRET_KEY, baseUrl: stub.url, timeoutMs: 2000 }),
    secret: paymentSettings().secret,
    siteUrl: site.siteUrl,
    timeZone: 'Africa/Lagos',
    currency: 'USD',
    linkDays: 30,
    now: () => Date.now(),
    log: () => {},
  });
  const mails = () => queuedMails(store);
  const mailsTo = async (to: string, subject: RegExp) =>
    (await mails()).filter((m) => m.to === to && subject.test(m.subject));
  const records = async () => store.list('user');
  const record = async (email: string) => (await records()).find((r) => r.data.email === email)!;
  const payHref = (answer: FormState) => ('link' in answer ? answer.link?.href : undefined);
  const payLinkIn = (mail: OutboxMail) => mail.text.match(/https?:\/\/\S+\/pay\/\S+/)?.[0];
  const tokenIn = (href: string) => href.split('/pay/')[1]!;
  const placeToken = (mail: OutboxMail, path: string) =>
    new URL(mail.text.match(new RegExp(`https?://\\S+${path}\\?t=\\S+`))![0]).searchParams.get('t')!;
  const webhook = (event: unknown) => handleWebhook(context(), 'paystack', stub.webhookRequest(event));

  beforeEach(async () => {
    name = `paidev${++opened}`;
    store = await harness.open(name);
    setSingleton('store', store);
  });
  afterEach(async () => {
    setSingleton('store', undefined);
    await store.close();
  });
  afterAll(() => harness.cleanup());

  it('holds each kind’s places exactly when two instances take them at once, each kind full on its own', async () => {
    const other = await harness.open(name);
    try {
      const sent = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          register(`p${i}@example.org`, { ticket: i % 2 ? PROFESSIONAL : STUDENT }, i % 4 < 2 ? store : other),
        ),
      );
      const booked = sent.filter((s) => s.status === 'success');
      const refused = sent.filter((s) => s.status === 'error');
      expect(booked).toHaveLength(5);
      expect(refused).toHaveLength(11);
      // A full kind is offered its own waiting list, in the words of a kind.
      for (const answer of refused) expect(answer).toMatchObject({ message: words.ticketFull, waitlist: true });
      expect(await store.seatsTaken(STUDENT_SEAT)).toBe(3);
      expect(await other.seatsTaken(PRO_SEAT)).toBe(2);
      const stored = await records();
      expect(stored.filter((r) => r.data.ticket === STUDENT)).toHaveLength(3);
      expect(stored.filter((r) => r.data.ticket === PROFESSIONAL)).toHaveLength(2);
      // Each owes its own kind's price, in cents, fixed by the server.
      for (const r of stored) {
        expect(r.data).toMatchObject({ booking: 'registered', payStatus: 'unpaid' });
        expect(r.data.payAmount).toBe(r.data.ticket === STUDENT ? 2000 : 5000);
      }
    } finally {
      await other.close();
    }
  });

  it('lets one kind fill while the other stays open, and asks nothing of someone on a kind’s waiting list until a place is theirs', async () => {
    for (const email of ['a@example.org', 'b@example.org']) await register(email, { ticket: PROFESSIONAL });
    // The professional kind is full; the student kind still takes registrations.
    expect(await register('c@example.org', { ticket: PROFESSIONAL })).toMatchObject({
      status: 'error',
      message: words.ticketFull,
      waitlist: true,
    });
    expect(await register('s@example.org', { ticket: STUDENT })).toMatchObject({ status: 'success' });
    const waiting = await register('c@example.org', { ticket: PROFESSIONAL, waitlist: '1' });
    expect(waiting).toEqual({ status: 'success', message: words.waitlisted, detail: words.waitlistPosition(1) });
    const c = await record('c@example.org');
    expect(c.data).toMatchObject({ booking: 'waiting', waitPosition: 1, ticket: PROFESSIONAL });
    for (const field of ['payStatus', 'payAmount', 'payReference']) expect(c.data).not.toHaveProperty(field);
    const list = await mailsTo('c@example.org', /waiting list/);
    expect(list).toHaveLength(1);
    expect(payLinkIn(list[0]!)).toBeUndefined();
    expect(await paymentView('user', c.data)).toBeNull();
    // A reminder to pay reaches the three who hold a place and owe, never the one waiting.
    expect(await remindUnpaid(staff, `user:${SUMMIT}`, Date.now())).toEqual({ sent: 3, skipped: 0 });
    expect(await mailsTo('c@example.org', /pay|Pay/)).toHaveLength(0);

    // A gives the place back: it is offered to C, still owing nothing, then claimed: C owes $50 under a
    // reference of their own, with the pay link in the confirmation.
    const aConfirmation = (await mailsTo('a@example.org', /registered/))[0]!;
    expect(await cancelPlace(placeToken(aConfirmation, '/places/cancel'))).toBe('cancelled');
    expect((await record('c@example.org')).data).toMatchObject({ booking: 'offered' });
    expect((await record('c@example.org')).data).not.toHaveProperty('payStatus');
    const offer = (await mailsTo('c@example.org', /A place is free/))[0]!;
    expect(payLinkIn(offer)).toBeUndefined();
    expect(await claimPlace(placeToken(offer, '/places/claim'))).toBe('claimed');
    const claimed = await record('c@example.org');
    expect(claimed.data).toMatchObject({ booking: 'registered', payStatus: 'unpaid', payAmount: 5000 });
    const confirmation = (await mailsTo('c@example.org', /registered/))[0]!;
    expect(confirmation.text).toContain('Professional');
    const reference = readPayToken(paymentSettings().secret, tokenIn(payLinkIn(confirmation)!), Date.now())!.reference;
    expect(reference).toBe(claimed.data.payReference);
    expect(await store.seatsTaken(PRO_SEAT)).toBe(2);
    expect(await store.seatsTaken(STUDENT_SEAT)).toBe(1);
    // Staff see each kind's places and waiting list, and at the door each guest's kind and payment.
    const places = await itemPlacesOf(await itemBookingsOf('user', SUMMIT));
    expect(places.kinds.map((k) => [k.name, k.taken, k.capacity, k.waiting.length])).toEqual([
      ['Student', 1, 3, 0],
      ['Professional', 2, 2, 0],
    ]);
    const guests = (await guestList(SUMMIT))!.guests;
    expect(guests.map((g) => [g.email, g.ticket, g.payment]).sort()).toEqual([
      ['b@example.org', 'Professional', 'unpaid'],
      ['c@example.org', 'Professional', 'unpaid'],
      ['s@example.org', 'Student', 'unpaid'],
    ]);
  });

  it('marks one payment once: the webhook twice, the return page and staff by hand make one receipt, and a refund by webhook is kept', async () => {
    // Another person on each store: the stub keeps every reference it was given.
    const answer = await register('pay@example.org', {
      ticket: STUDENT,
      lastName: `Diop ${_name.slice(0, 6)} ${name}`,
    });
    expect(answer).toMatchObject({ status: 'success', message: words.eventPlace });
    expect(answer).toMatchObject({ link: { label: words.payNow('$20', false) } });
    const r = await record('pay@example.org');
    const reference = String(r.data.payReference);
    expect(readPayToken(paymentSettings().secret, tokenIn(payHref(answer)!), Date.now())!.reference).toBe(reference);
    expect((await store.findPayment(reference))?.id).toBe(r.id);
    // The same person again: nothing new stored, one record owes.
    expect(await register(' PAY@example.org', { ticket: PROFESSIONAL })).toMatchObject({
      message: words.alreadyRegistered,
    });
    expect(
      (await records()).filter((x) => String(x.data.email).trim().toLowerCase() === 'pay@example.org'),
    ).toHaveLength(1);
    // Paid on the provider's page; the webhook comes twice, the visitor returns, staff press too.
    expect(await startPayment(context(), tokenIn(payHref(answer)!), 'en')).toMatchObject({ to: 'provider' });
    stub.state.webhookUrl = undefined;
    await stub.pay(reference);
    expect((await webhook(stub.chargeSuccess(reference))).status).toBe(200);
    expect((await webhook(stub.chargeSuccess(reference))).status).toBe(200);
    expect(await returnState(context(), { reference }, 'en')).toMatchObject({ state: 'paid' });
    expect(
      await markPaidByHand(
        staff,
        { collection: 'user', id: r.id },
        { amount: '20', currency: 'USD', note: '' },
        Date.now(),
      ),
    ).not.toBe('done');
    const paid = await record('pay@example.org');
    expect(paid.data).toMatchObject({ payStatus: 'paid', payAmount: 2000 });
    const receipts = await mailsTo('pay@example.org', /receipt/i);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Data Summit 2023');
    expect(receipts[0]!.text).toContain('Student');
    expect((await store.auditLog(50)).filter((e) => e.what === 'paid')).toHaveLength(1);
    // Refunded by the provider: the record says so, once.
    expect((await webhook(stub.refundProcessed(reference))).status).toBe(200);
    expect((await record('pay@example.org')).data.payStatus).toBe('refunded');
  });

  it('never takes the price or the kind from the post: an unknown kind, another event’s, a kind to a one-price event, a price field', async () => {
    const refused = async (fields: Record<string, string>, message: string) => {
      const answer = await register('h@example.org', fields);
      expect(answer).toMatchObject({ status: 'error', errors: { ticket: message } });
    };
    await refused({ ticket: 'forged-kind' }, words.ticketUnknown);
    await refused({ ticket: '' }, words.ticketChoose);
    await refused({}, words.ticketChoose);
    // Not even an id's characters: refused by the form's own check.
    await refused({ ticket: `${STUDENT}:x` }, formTexts.en.checks.ticket);
    await refused({ ticket: `${STUDENT}\u0000` }, formTexts.en.checks.ticket);
    // A kind of the summit sent to the one-price workshop, and to the free hackathon.
    await refused({ event: WORKSHOP, ticket: STUDENT }, words.ticketUnknown);
    await refused({ event: 'baobab-data-hackathon-2023', ticket: STUDENT }, words.ticketUnknown);
    expect(await records()).toHaveLength(0);
    // A price or an amount in the post is not a field: the kind's price is charged.
    const answer = await register('h@example.org', { ticket: STUDENT, price: '0', payAmount: '1', amount: '1' });
    expect(answer).toMatchObject({ status: 'success' });
    const r = await record('h@example.org');
    expect(r.data).toMatchObject({ payAmount: 2000, ticket: STUDENT });
    for (const field of ['price', 'amount']) expect(r.data).not.toHaveProperty(field);
    // The one-price workshop: its price, no kind.
    const workshop = await register('w@example.org', { event: WORKSHOP });
    expect(workshop).toMatchObject({ status: 'success', link: { label: words.payNow('$15', false) } });
    expect((await record('w@example.org')).data).toMatchObject({ payAmount: 1500, booking: 'registered' });
    expect((await record('w@example.org')).data).not.toHaveProperty('ticket');
  });

  it('keeps a free event as it was: no payment, no pay link, and the same address may register twice', async () => {
    const free = { event: 'baobab-data-hackathon-2023' };
    const first = await register('f@example.org', free);
    expect(first).toMatchObject({ status: 'success', message: words.eventContinue });
    // Its answer's link is still its own registration page's, never a pay link.
    expect(payHref(first)).not.toMatch(/\/pay\//);
    expect(await register('f@example.org', { ...free, firstName: 'Fatou' })).toMatchObject({ status: 'success' });
    const stored = (await records()).filter((r) => r.data.email === 'f@example.org');
    expect(stored).toHaveLength(2);
    for (const r of stored) expect(r.data).not.toHaveProperty('payStatus');
    expect(await paymentView('user', stored[0]!.data)).toBeNull();
  });
});
