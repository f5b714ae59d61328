/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { content } from '@/lib/content';
import type { Offer } from '@/lib/content/types';
import type { FormServices } from '@/lib/forms/services';
import type { FormState } from '@/lib/forms/state';
import { submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { paymentContext } from '@/lib/payments/context';
import { readPayToken } from '@/lib/payments/links';
import { paymentSettings } from '@/lib/payments/record';
import { returnState, startPayment } from '@/lib/payments/visitor';
import { cancelPlace, claimPlace } from '@/lib/places/visitor';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { setSingleton } from '@/lib/singletons';
import { promote } from '@/lib/staff/actions';
import { markPaidByHand, paymentView, remindUnpaid } from '@/lib/staff/payments';
import type { OutboxMail, Store } from '@/lib/storage/types';
import { formTexts } from '@/messages/forms';

import { queuedMails } from '../helpers/outbox';
import { BEFORE_SEED_EVENT } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// A paid offer with places (docs/product.md §9, §14): a reservation that holds a place owes the price and
// gets its pay link; one on the waiting list owes nothing and gets none until it is given a place (claimed
// from the offer's mail, or given by staff), then owes under its own reference and is mailed its pay link;
// a paid reservation given back frees its place and stays paid, for staff to refund.
const dir = mkdtempSync(join(tmpdir(), 'baobab-paid-places-'));
process.env.DATA_DIR = dir;
process.env.SITE_TODAY = BEFORE_SEED_EVENT;
process.env.SITE_CAPACITY = '1';
process.env.LINK_SECRET = 'paid-places-test-link-secret-0123456789ab';
// A provider configured, so pay links are made; none is called here.
process.env.PAYSTACK_SECRET_KEY = 'sk_test_paidplaces0000';
process.env.PAYSTACK_BASE_URL = 'http://127.0.0.1:9';

const TOKEN = issueXsrfToken();
const site = { siteUrl: 'http://localhost:3000', siteName: 'Baobab Data' };
const meta: RequestMeta = {
  headers: new Headers({ host: 'localhost:3000', 'x-xsrf-token': TOKEN }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.31',
};
const SEAT = 'offer:become-a-data-analyst';
const reservation = {
  firstName: 'Awa',
  lastName: 'Diop',
  gender: 'female',
  degree: 'master',
  occupation: 'Teacher',
  country: 'Senegal',
  offer: 'become-a-data-analyst',
};
const staff = { id: 's', email: 'staff@example.org', createdAt: 0, seenAt: 0, role: 'admin' as const };
const words = formTexts.en.answers;

jest.setTimeout(30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(bothStores)('a paid offer with places on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  const services = (): FormServices => ({
    store,
    rateLimiter: createRateLimiter(1000),
    newsletter: doubleOptInNewsletter({ store: () => store, secret: () => 's'.repeat(40), mail: () => site }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...site },
    payments: paymentSettings(),
    now: () => Date.now(),
    today: () => BEFORE_SEED_EVENT,
    offerHours: 48,
    log: () => {},
  });
  const reserve = (email: string, extra: Record<string, string> = {}) => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ ...reservation, email, ...extra })) data.set(k, v);
    return submitForm('registerOffer', data, meta, services());
  };
  const mails = () => queuedMails(store);
  const mailTo = async (to: string, subject: RegExp) => {
    const found = (await mails()).filter((m) => m.to === to && subject.test(m.subject));
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const record = async (email: string) => (await store.list('offer')).find((r) => r.data.email === email)!;
  // The reference a pay link names (its token signed for it, unexpired).
  const referenceOf = (href: string) => {
    const signed = readPayToken(paymentSettings().secret, href.split('/pay/')[1]!, Date.now());
    expect(signed).toMatchObject({ expired: false });
    return signed!.reference;
  };
  const payHref = (answer: FormState) => ('link' in answer ? answer.link?.href : undefined);
  const payLinkIn = (mail: OutboxMail) => mail.text.match(/https?:\/\/\S+\/pay\/\S+/)?.[0];
  const token = (mail: OutboxMail, path: string) =>
    new URL(mail.text.match(new RegExp(`https?://\\S+${path}\\?t=\\S+`))![0]).searchParams.get('t')!;

  let opened = 0;
  beforeEach(async () => {
    store = await harness.open(`paid${++opened}`);
    setSingleton('store', store);
  });
  afterEach(async () => {
    setSingleton('store', undefined);
    await store.close();
  });
  afterAll(() => harness.cleanup());

  it('takes no second place for the same address: the holder is told, the one waiting hears their position', async () => {
    const first = await reserve('a@example.org');
    const again = await reserve(' A@Example.org', { firstName: 'Awa-Marie' });
    expect(again).toEqual({ status: 'success', message: words.alreadyRegistered, detail: words.payLinkMailed });
    expect(await store.list('offer')).toHaveLength(1);
    // The day's confirmation has the pay link: no second mail that day.
    const sent = (await mails()).filter((m) => m.to === 'a@example.org');
    expect(sent.map((m) => referenceOf(payLinkIn(m)!))).toEqual([referenceOf(payHref(first)!)]);
    // Full: the list, once; again, the same position, and no second ticket.
    const waiting = await reserve('b@example.org', { waitlist: '1' });
    expect(await reserve('B@example.org', { waitlist: '1', lastName: 'Ba' })).toEqual(waiting);
    expect(await store.waitingList(SEAT)).toHaveLength(1);
    expect(await store.list('offer')).toHaveLength(2);
  });

  it('asks no payment of someone waiting, and the price under their own reference once they claim a freed place', async () => {
    const first = await reserve('a@example.org');
    expect(first).toMatchObject({ status: 'success', message: words.offerReserved });
    const a = await record('a@example.org');
    expect(a.data).toMatchObject({ booking: 'registered', payStatus: 'unpaid', payAmount: 12000 });
    expect(referenceOf(payHref(first)!)).toBe(a.data.payReference);
    const confirmation = await mailTo('a@example.org', /reserved|Reserved/);
    expect(referenceOf(payLinkIn(confirmation)!)).toBe(a.data.payReference);

    // Full: the waiting list, with no pay link and nothing owed.
    const waiting = await reserve('b@example.org', { waitlist: '1' });
    expect(waiting).toEqual({ status: 'success', message: words.waitlisted, detail: words.waitlistPosition(1) });
    const b = await record('b@example.org');
    expect(b.data).toMatchObject({ booking: 'waiting', waitPosition: 1 });
    expect(b.data).not.toHaveProperty('payStatus');
    expect(b.data).not.toHaveProperty('payReference');
    expect(payLinkIn(await mailTo('b@example.org', /waiting list/))).toBeUndefined();
    // A repeat hears its position again, still without a pay link.
    expect(await reserve('b@example.org', { waitlist: '1' })).toEqual(waiting);

    // A gives the place back; it is offered to B, who still owes nothing until they take it.
    expect(await cancelPlace(token(confirmation, '/places/cancel'))).toBe('cancelled');
    expect((await record('b@example.org')).data).toMatchObject({ booking: 'offered' });
    expect((await record('b@example.org')).data).not.toHaveProperty('payStatus');
    const offerMail = await mailTo('b@example.org', /A place is free/);
    expect(payLinkIn(offerMail)).toBeUndefined();

    // Claimed: the record owes the price under a reference of its own, and the confirmation links to it.
    expect(await claimPlace(token(offerMail, '/places/claim'))).toBe('claimed');
    const claimed = await record('b@example.org');
    expect(claimed.data).toMatchObject({ booking: 'registered', payStatus: 'unpaid', payAmount: 12000 });
    expect(claimed.data.payReference).toMatch(/^BD-[0-9A-Z]{12}$/);
    expect(claimed.data.payReference).not.toBe(a.data.payReference);
    const claimedMail = await mailTo('b@example.org', /reserved|Reserved/);
    expect(referenceOf(payLinkIn(claimedMail)!)).toBe(claimed.data.payReference);
    expect((await store.findPayment(String(claimed.data.payReference)))?.id).toBe(claimed.id);
    // The same post again answers with the record's own pay link.
    const again = await reserve('b@example.org', { waitlist: '1' });
    expect(referenceOf(payHref(again)!)).toBe(claimed.data.payReference);
    expect(await store.seatsTaken(SEAT)).toBe(1);
  });

  it('charges a place claimed from the waiting list in the currency its visitor chose, exactly', async () => {
    // The editor prices the offer in CFA francs (before the discount): 100 000, so 80 000 now.
    const offers = (['en', 'fr'] as const).map((lang) => content(lang).offers[0] as Offer);
    for (const offer of offers) offer.prices = [{ currency: 'XOF', amount: 100_000 }];
    try {
      await reserve('a@example.org', { currency: 'XOF' });
      expect((await record('a@example.org')).data).toMatchObject({
        payAmount: 8_000_000,
        payCurrency: 'XOF',
        payIn: 'XOF',
      });
      const confirmation = await mailTo('a@example.org', /reserved|Reserved/);
      // Waiting owes nothing, but keeps the currency chosen.
      await reserve('b@example.org', { waitlist: '1', currency: 'XOF' });
      const waiting = (await record('b@example.org')).data;
      expect(waiting).toMatchObject({ booking: 'waiting', payIn: 'XOF' });
      expect(waiting).not.toHaveProperty('payAmount');
      expect(await cancelPlace(token(confirmation, '/places/cancel'))).toBe('cancelled');
      expect(await claimPlace(token(await mailTo('b@example.org', /A place is free/), '/places/claim'))).toBe(
        'claimed',
      );
      expect((await record('b@example.org')).data).toMatchObject({
        booking: 'registered',
        payStatus: 'unpaid',
        payAmount: 8_000_000,
        payCurrency: 'XOF',
      });
      const claimed = await mailTo('b@example.org', /reserved|Reserved/);
      expect(claimed.text).toMatch(/CFA\s?80,000/);
      expect(claimed.text).not.toContain('$');
    } finally {
      for (const offer of offers) offer.prices = undefined;
    }
  });

  it('keeps a paid reservation given back as paid, for staff to refund, and offers its place', async () => {
    await reserve('a@example.org');
    await reserve('b@example.org', { waitlist: '1' });
    const a = await record('a@example.org');
    const paid = { amount: '120', currency: 'USD' as const, note: 'cash' };
    expect(await markPaidByHand(staff, { collection: 'offer', id: a.id }, paid, Date.now())).toBe('done');
    const confirmation = await mailTo('a@example.org', /reserved|Reserved/);
    expect(await cancelPlace(token(confirmation, '/places/cancel'))).toBe('cancelled');
    const given = (await record('a@example.org')).data;
    expect(given).toMatchObject({ booking: 'cancelled', payStatus: 'paid', payReference: a.data.payReference });
    expect(await paymentView('offer', given)).toMatchObject({ state: 'paid' });
    expect((await record('b@example.org')).data.booking).toBe('offered');
    expect(await store.seatsTaken(SEAT)).toBe(1);
  });

  it('asks nothing more of a reservation given back unpaid: no payment page, no payment due, no reminder', async () => {
    await reserve('a@example.org');
    await reserve('b@example.org', { waitlist: '1' });
    const confirmation = await mailTo('a@example.org', /reserved|Reserved/);
    expect(await cancelPlace(token(confirmation, '/places/cancel'))).toBe('cancelled');
    expect(await claimPlace(token(await mailTo('b@example.org', /A place is free/), '/places/claim'))).toBe('claimed');
    const given = (await record('a@example.org')).data;
    expect(given).toMatchObject({ booking: 'cancelled', payStatus: 'unpaid' });
    expect(await paymentView('offer', given)).toBeNull();
    // Its mailed pay link leads to the return page saying nothing is due, without asking the provider.
    const ctx = { ...paymentContext(), store };
    expect(await startPayment(ctx, payLinkIn(confirmation)!.split('/pay/')[1]!, 'en')).toEqual({
      to: 'return',
      reference: given.payReference,
    });
    expect(await returnState(ctx, { reference: given.payReference }, 'en')).toMatchObject({ state: 'given-back' });
    expect(await paymentView('offer', (await record('b@example.org')).data)).toMatchObject({ state: 'unpaid' });
    const before = new Set((await mails()).map((m) => m.id));
    expect(await remindUnpaid(staff, SEAT, Date.now())).toEqual({ sent: 1, skipped: 1 });
    const reminders = (await mails()).filter((m) => !before.has(m.id));
    expect(reminders.map((m) => m.to)).toEqual(['b@example.org']);
  });

  it('makes a place staff give by hand owe its price, with the pay link in its confirmation', async () => {
    await reserve('a@example.org');
    await reserve('b@example.org', { waitlist: '1' });
    // A's place freed without an offer being made yet: staff give it to B.
    await store.updateRecord('offer', (await record('a@example.org')).id, { booking: 'cancelled' });
    const b = await record('b@example.org');
    expect(b.data).not.toHaveProperty('payStatus');
    expect(await promote(staff, { collection: 'offer', id: b.id }, Date.now())).toBe('taken');
    const given = (await record('b@example.org')).data;
    expect(given).toMatchObject({ booking: 'registered', payStatus: 'unpaid', payAmount: 12000 });
    expect(referenceOf(payLinkIn(await mailTo('b@example.org', /reserved|Reserved/))!)).toBe(given.payReference);
    expect(await store.seatsTaken(SEAT)).toBe(1);
  });
});
