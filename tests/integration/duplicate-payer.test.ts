/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NextRequest } from 'next/server';

import type { FormOperation } from '@/lib/forms/registry';
import { submitForm } from '@/lib/forms/submit';
import { smtpTransport, type MailTransport } from '@/lib/mail/transport';
import { createOutboxWorker } from '@/lib/mail/worker';
import { payPath, readPayToken } from '@/lib/payments/links';
import type { PaymentSettings } from '@/lib/payments/record';
import { returnState, startPayment } from '@/lib/payments/visitor';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { setSingleton } from '@/lib/singletons';
import { possibleDuplicates } from '@/lib/staff/duplicates';
import { itemPage } from '@/lib/staff/inbox';
import { remindUnpaid } from '@/lib/staff/payments';
import { handleStaffPost } from '@/lib/staff/posts';
import { payerKey, type Store } from '@/lib/storage/types';
import { signInLink } from '@/lib/team';
import { formTexts } from '@/messages/forms';

import { paidFormServices, stubPaymentContext } from '../helpers/payment-services';
import { startPaystackStub, type PaystackStub } from '../helpers/paystack-stub';
import { sampleEnrolment } from '../helpers/samples';
import { startSmtpServer } from '../helpers/smtp';
import { bothStores } from '../helpers/stores';

// One person, one payment per item, on each store: a second enrolment with the same address stores
// nothing, says so in the form's answer and mails the record's pay link again (read from a real SMTP
// server); once paid, neither pay links nor reminders ask that address again; two enrolments at once
// make one record; duplicates stored before the rule are flagged in the item's list and merged by staff.
const dir = mkdtempSync(join(tmpdir(), 'baobab-duplicate-payer-'));
process.env.DATA_DIR = dir;
process.env.STAFF_EMAILS = 'admin@example.org';
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The first test on Firestore starts the emulator, and this machine's cores are shared.
jest.setTimeout(60_000);

const TOKEN = issueXsrfToken();
const NOW = Date.UTC(2026, 10, 27, 9);
const SECRET = 'd'.repeat(40);
const SITE = 'https://baobabdata.org';
const python = 'enrolment:Data Analysis with Python';
const en = formTexts.en.answers;
const fr = formTexts.fr.answers;

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

const settings: PaymentSettings = {
  online: true,
  currency: 'USD',
  usdRate: 1,
  linkDays: 30,
  secret: SECRET,
  siteUrl: SITE,
};

let stub: PaystackStub;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: MailTransport;
beforeAll(async () => {
  stub = await startPaystackStub();
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url, 'Baobab Data <hello@baobabdata.org>');
});
afterAll(async () => {
  transport.close();
  await Promise.all([stub.close(), smtp.close()]);
});

describe.each(bothStores)('one payer per item on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  let name = '';
  let tests = 0;

  beforeEach(async () => {
    name = `dupes${++tests}`;
    store = await harness.open(name);
    setSingleton('store', store);
    smtp.received.length = 0;
  });
  afterEach(async () => {
    setSingleton('store', undefined);
    await store.close();
  });
  afterAll(() => harness.cleanup());

  const services = (on: Store = store, now = NOW) =>
    paidFormServices(on, { secret: SECRET, siteUrl: SITE }, settings, now);
  const context = () => stubPaymentContext(store, stub, { secret: SECRET, siteUrl: SITE }, NOW);
  const send = (operation: FormOperation, fields: Record<string, string>, on: Store = store, now = NOW) =>
    submitForm(operation, formData(fields), meta(), services(on, now));
  // Each test's visitor is another person to the stub, which keeps every reference it was given.
  const address = () => `ada.${name}.${_name.slice(0, 3).toLowerCase()}@example.org`;
  const visitor = () => ({ ...sampleEnrolment, email: address() });
  const deliver = () =>
    createOutboxWorker({
      store: () => store,
      transport,
      owner: 'test',
      maxAttempts: 3,
      retryBaseMs: 0,
      pollMs: 1000,
      log: () => {},
    }).runOnce();
  const mailsTo = (to: string) => smtp.received.filter((m) => m.to?.some((a) => a.address === to));
  const staff = { id: 's', email: 'staff@example.org', createdAt: 0, seenAt: 0, role: 'staff' as const };

  it('enrolled twice and paid once: one payable record, the pay link mailed again, and no reminder to the payer', async () => {
    const first = await send('enrol', visitor());
    expect(first).toMatchObject({ status: 'success', message: en.enroled, link: { label: 'Pay $105 now' } });
    const href = first.status === 'success' ? first.link!.href : '';

    // Again the same day, with other details and the address in capitals: nothing stored, the form's own
    // answer; the day's confirmation already carried the link, so no second mail.
    const again = await send('enrol', { ...visitor(), phone: '+234 801 234 0000', email: address().toUpperCase() });
    expect(again).toEqual({ status: 'success', message: en.alreadyRegistered, detail: en.payLinkMailed });
    expect(await store.list('enrolment')).toHaveLength(1);
    // A retried identical submission still gets its first answer, pay link included.
    expect(await send('enrol', visitor())).toEqual(first);
    expect(await store.list('enrolment')).toHaveLength(1);
    await deliver();
    expect(mailsTo(address()).map((m) => m.subject)).toEqual(['Your enrolment in Data Analysis with Python']);

    // The next day, again: the pay link of the stored record goes again, once that day.
    const later = NOW + 86_400_000;
    expect(await send('enrol', { ...visitor(), phone: '+234 801 234 1111' }, store, later)).toEqual(again);
    expect(await send('enrol', { ...visitor(), phone: '+234 801 234 1112' }, store, later)).toEqual(again);
    expect(await store.list('enrolment')).toHaveLength(1);
    await deliver();
    const payAgain = mailsTo(address()).filter(
      (m) => m.subject === 'You are already registered: Data Analysis with Python',
    );
    expect(payAgain).toHaveLength(1);
    expect(payAgain[0]!.text).toContain('pay $105 online');
    const [stored] = await store.list('enrolment');
    const mailed = /https:\/\/baobabdata\.org\/pay\/(\S+)/.exec(payAgain[0]!.text ?? '')![1]!;
    expect(readPayToken(SECRET, mailed, later)).toEqual({ reference: stored!.data.payReference, expired: false });

    // Paid once, on the provider's page, confirmed on the return page.
    const [record] = await store.list('enrolment');
    const reference = String(record!.data.payReference);
    const token = new URL(href).pathname.split('/').at(-1)!;
    expect(await startPayment(context(), token, 'en')).toMatchObject({ to: 'provider' });
    stub.state.webhookUrl = undefined;
    await stub.pay(reference);
    expect(await returnState(context(), { reference }, 'en')).toMatchObject({ state: 'paid' });

    // Once paid (the receipt sent), another enrolment (a French page) says so and mails nothing.
    await deliver();
    expect(mailsTo(address()).filter((m) => m.subject === 'Your receipt: Data Analysis with Python')).toHaveLength(1);
    const count = smtp.received.length;
    const paid = await send('enrol', { ...visitor(), phone: '+234 801 234 2222', lang: 'fr' });
    expect(paid).toEqual({ status: 'success', message: fr.alreadyRegistered, detail: fr.alreadyPaid });
    await deliver();
    expect(smtp.received.slice(count).filter((m) => m.to?.some((a) => a.address === address()))).toEqual([]);

    // A duplicate stored before the rule, unpaid: its pay link says the place is paid, and the reminder to
    // everyone unpaid skips the address.
    const old = await store.add('enrolment', {
      ...visitor(),
      email: ` ${address().toUpperCase()} `,
      lang: 'en',
      date: NOW - 86_400_000,
      payStatus: 'unpaid',
      payAmount: 10_500,
      payCurrency: 'USD',
      payReference: 'BD-DDDD44444444',
    });
    const oldToken = payPath(SECRET, 'BD-DDDD44444444', 'en', NOW, 30).split('/').at(-1)!;
    expect(await startPayment(context(), oldToken, 'en')).toEqual({ to: 'return', reference: 'BD-DDDD44444444' });
    expect(await returnState(context(), { reference: 'BD-DDDD44444444' }, 'en')).toMatchObject({
      state: 'already-paid',
      record: { id: old.id },
    });
    expect(await remindUnpaid(staff, python, NOW)).toEqual({ sent: 0, skipped: 1 });
    await deliver();
    expect(smtp.received.filter((m) => /not received/.test(m.text ?? ''))).toEqual([]);
  });

  it('makes one record of two enrolments sent at once with the same address, from two instances', async () => {
    const second = await harness.open(name);
    try {
      const answers = await Promise.all([
        send('enrol', { ...visitor(), phone: '+234 801 234 0001' }),
        send('enrol', { ...visitor(), phone: '+234 801 234 0002', email: ` ${address()}` }, second),
        send('enrol', { ...visitor(), phone: '+234 801 234 0003', email: address().toUpperCase() }, second),
      ]);
      expect(await store.list('enrolment')).toHaveLength(1);
      expect(answers.filter((a) => a.status === 'success' && a.message === en.enroled)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 'success' && a.message === en.alreadyRegistered)).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('lets the person register again once their record no longer stands (set aside as spam)', async () => {
    await send('enrol', visitor());
    const [record] = await store.list('enrolment');
    await store.updateRecord('enrolment', record!.id, { staffStatus: 'spam' });
    expect(await send('enrol', { ...visitor(), phone: '+234 801 234 3333' })).toMatchObject({ message: en.enroled });
    expect(await store.list('enrolment')).toHaveLength(2);
    expect(payerKey(' Data ', ' A@B.org ')).toBe(payerKey(' Data ', 'a@b.org'));
  });

  it('flags duplicates stored before the rule in the item’s list, and merges them for a role that may, once', async () => {
    const stored = (email: string, more: Record<string, string | number>) =>
      store.add('enrolment', {
        ...sampleEnrolment,
        email,
        lang: 'en',
        payStatus: 'unpaid',
        payAmount: 10_500,
        payCurrency: 'USD',
        ...more,
      });
    const first = await stored('kofi@example.org', { date: NOW - 3000, payReference: 'BD-AAAA11111111' });
    const paid = await stored('Kofi@Example.org', {
      date: NOW - 2000,
      payReference: 'BD-BBBB22222222',
      payStatus: 'paid',
      paidAt: NOW - 1000,
    });
    const other = await stored('awa@example.org', { date: NOW - 1000, payReference: 'BD-CCCC33333333' });
    const field = { field: 'course', value: 'Data Analysis with Python' };
    const flagged = async () => possibleDuplicates('enrolment', (await itemPage('enrolment', field, undefined)).rows);
    expect([...(await flagged())].sort()).toEqual([first.id, paid.id].sort());
    // The payments list (the item's page filtered by payment) flags the one it shows.
    expect([
      ...(await possibleDuplicates('enrolment', (await itemPage('enrolment', field, undefined, 'unpaid')).rows)),
    ]).toEqual([first.id]);

    // Staff posts: cross-site, signed out and the door's role are refused, and change nothing.
    await store.saveTeamMember(
      { email: 'door@example.org', role: 'door', addedBy: 'admin@example.org', addedAt: NOW },
      { at: NOW, who: 'admin@example.org', what: 'team-add', detail: 'door@example.org' },
    );
    const adminCookie = await signedIn('admin@example.org');
    const doorCookie = await signedIn('door@example.org');
    const merge = (cookie: string | null, origin = 'http://localhost:3000') => {
      const body = new FormData();
      body.set('collection', 'enrolment');
      body.set('id', first.id);
      return handleStaffPost(
        'merge',
        new NextRequest('http://localhost:3000/staff/api/merge', {
          method: 'POST',
          body,
          headers: {
            host: 'localhost:3000',
            origin,
            ...(cookie ? { cookie: `baobab-staff=${cookie}` } : {}),
          },
        }),
      );
    };
    expect((await merge(adminCookie, 'https://evil.example')).status).toBe(403);
    expect((await merge(doorCookie)).status).toBe(403);
    expect((await merge(null)).headers.get('location')).toBe('/staff/sign-in');
    expect((await store.getRecord('enrolment', first.id))!.data.staffStatus).toBeUndefined();

    const done = await merge(adminCookie);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/staff/items/enrolment/Data%20Analysis%20with%20Python?merged=merged');
    // The paid record is kept; the other is set aside, naming it, with its audit entry.
    expect((await store.getRecord('enrolment', paid.id))!.data.staffStatus).toBeUndefined();
    expect((await store.getRecord('enrolment', first.id))!.data).toMatchObject({
      staffStatus: 'spam',
      mergedInto: paid.id,
      statusBy: 'admin@example.org',
    });
    const entries = (await store.auditLog(50)).filter((e) => e.what === 'merge');
    expect(entries).toEqual([
      expect.objectContaining({ who: 'admin@example.org', record: { collection: 'enrolment', id: first.id } }),
    ]);
    expect(await flagged()).toEqual(new Set());
    expect((await merge(adminCookie)).headers.get('location')).toMatch(/merged=single$/);
    expect((await itemPage('enrolment', field, undefined)).rows.map((r) => r.id).sort()).toEqual(
      [paid.id, other.id].sort(),
    );
    // The set-aside record's pay link leads to the kept one, which is paid; nobody paid is reminded.
    const token = payPath(SECRET, 'BD-AAAA11111111', 'en', NOW, 30).split('/').at(-1)!;
    expect(await startPayment(context(), token, 'en')).toEqual({ to: 'return', reference: 'BD-BBBB22222222' });
    expect(await remindUnpaid(staff, python, NOW)).toEqual({ sent: 1, skipped: 0 });
    // Kofi enrolling again now hears he is registered and paid.
    expect(await send('enrol', { ...sampleEnrolment, email: 'kofi@example.org' })).toEqual({
      status: 'success',
      message: en.alreadyRegistered,
      detail: en.alreadyPaid,
    });
  });

  async function signedIn(email: string): Promise<string> {
    const body = new FormData();
    body.set('t', new URL(signInLink(email, Date.now())).searchParams.get('t')!);
    const answer = await handleStaffPost(
      'sign-in',
      new NextRequest('http://localhost:3000/staff/api/sign-in', {
        method: 'POST',
        body,
        headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
      }),
    );
    return /baobab-staff=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')![1]!;
  }
});
