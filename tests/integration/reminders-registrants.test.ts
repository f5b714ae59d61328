/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { content } from '@/lib/content';
import type { FormServices } from '@/lib/forms/services';
import { submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { REMINDER_SWEEP_MS, sendReminders } from '@/lib/places/reminders';
import { cancelPlace, claimPlace } from '@/lib/places/visitor';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { setSingleton } from '@/lib/singletons';
import type { InboxQuery, Store } from '@/lib/storage/types';

import { queuedMails } from '../helpers/outbox';
import { BEFORE_SEED_EVENT, sampleRegistration } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// Reminders per registrant, on both stores (docs/product.md §9): each registrant holding a place gets
// each reminder once, whether they registered before or after the day's first pass, promoted from the
// waiting list or not, with two instances passing at once; and none for a reminder whose day is over.
const dir = mkdtempSync(join(tmpdir(), 'baobab-reminders-each-'));
process.env.DATA_DIR = dir;
process.env.SITE_TODAY = BEFORE_SEED_EVENT;
process.env.SITE_CAPACITY = '3';
process.env.LINK_SECRET = 'reminders-each-test-link-secret-0123456789';

const TOKEN = issueXsrfToken();
const site = { siteUrl: 'http://localhost:3000', siteName: 'Baobab Data' };
const meta: RequestMeta = {
  headers: new Headers({ host: 'localhost:3000', 'x-xsrf-token': TOKEN }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.32',
};
const hackathon = content('en').events.find((event) => event.slug === sampleRegistration.event)!;
const daysBefore = (days: number) =>
  new Date(Date.parse(hackathon.startDate) - days * 86_400_000).toISOString().slice(0, 10);

// A moment early in the current sweep slot (lib/places/reminders.ts), so that the passes a test makes a
// second apart fall in one slot whatever the clock.
const slotStart = () => Math.floor(Date.now() / REMINDER_SWEEP_MS) * REMINDER_SWEEP_MS + 1000;

jest.setTimeout(60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(bothStores)('reminders per registrant on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  const services = (): FormServices => ({
    store,
    rateLimiter: createRateLimiter(1000),
    newsletter: doubleOptInNewsletter({ store: () => store, secret: () => 's'.repeat(40), mail: () => site }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...site },
    now: () => Date.now(),
    today: () => process.env.SITE_TODAY!,
    offerHours: 48,
    log: () => {},
  });
  const register = async (email: string, extra: Record<string, string> = {}) => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ ...sampleRegistration, email, ...extra })) data.set(k, v);
    expect(await submitForm('registerEvent', data, meta, services())).toMatchObject({ status: 'success' });
  };
  const mails = () => queuedMails(store);
  // The reminders queued so far, as "address subject", sorted.
  const reminders = async () =>
    (await mails())
      .filter((m) => /^(In 7 days|Tomorrow)/.test(m.subject))
      .map((m) => `${m.to} ${m.subject.split(':')[0]}`)
      .sort();
  const confirmation = async (to: string) =>
    (await mails()).find((m) => m.to === to && /^You're registered/.test(m.subject))!.text;

  let name = '';
  let opened = 0;
  beforeEach(async () => {
    name = `reminders${++opened}`;
    store = await harness.open(name);
    setSingleton('store', store);
  });
  afterEach(async () => {
    setSingleton('store', undefined);
    process.env.SITE_TODAY = BEFORE_SEED_EVENT;
    await store.close();
  });
  afterAll(() => harness.cleanup());

  it('reminds those who registered before and after the day’s first pass, once each, reading only the new ones between sweeps', async () => {
    process.env.SITE_TODAY = daysBefore(7);
    await register('a@example.org');
    const now = slotStart();
    expect(await sendReminders(store, now)).toBe(1);
    // Later the same day, in the same sweep slot: the newcomer is reached by a read of the new
    // registrations only, and a's reminder is not sent again.
    await register('b@example.org');
    const queries: InboxQuery[] = [];
    const inbox = store.inbox.bind(store);
    const watched = Object.assign(Object.create(store) as Store, {
      inbox: (query: InboxQuery) => (queries.push(query), inbox(query)),
    });
    expect(await sendReminders(watched, now + 1000)).toBe(1);
    expect(queries.map((q) => q.since)).toEqual([now - 1000 - 300_000]);
    // The next slot sweeps them all again, and finds nobody left to remind.
    expect(await sendReminders(store, now + REMINDER_SWEEP_MS)).toBe(0);
    expect(await reminders()).toEqual(['a@example.org In 7 days', 'b@example.org In 7 days']);
    // The confirmation of someone registering on the reminder's day promises it, and the next one.
    expect(await confirmation('b@example.org')).toContain(
      'We will send you a reminder 7 days before the event, then the day before.',
    );
  });

  it('sends one reminder to each registrant when two instances pass at once, and after a restart none', async () => {
    process.env.SITE_TODAY = daysBefore(1);
    await register('a@example.org');
    await register('b@example.org', { lang: 'fr' });
    const other = await harness.open(name);
    const counts = await Promise.all([sendReminders(store), sendReminders(other)]);
    expect(counts[0]! + counts[1]!).toBe(2);
    // Someone registering after both passes, then both instances at once again: one more.
    await register('c@example.org');
    const again = await Promise.all([sendReminders(store), sendReminders(other)]);
    expect(again[0]! + again[1]!).toBe(1);
    await other.close();
    const restarted = await harness.open(name);
    expect(await sendReminders(restarted, Date.now() + REMINDER_SWEEP_MS)).toBe(0);
    await restarted.close();
    const sent = (await mails()).filter((m) => /^(Tomorrow|Demain)/.test(m.subject)).map((m) => m.to);
    expect(sent.sort()).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
  });

  it('reminds someone given a freed place later that day, once', async () => {
    process.env.SITE_TODAY = daysBefore(1);
    await register('a@example.org');
    await register('b@example.org');
    await register('c@example.org');
    await register('d@example.org', { waitlist: '1' });
    const now = slotStart();
    expect(await sendReminders(store, now)).toBe(3);
    // c gives the place back from the reminder's link: it is offered to d, who claims it.
    const link = (await mails()).find((m) => m.to === 'c@example.org' && /^Tomorrow/.test(m.subject))!;
    const cancel = new URL(link.text.match(/https?:\/\/\S+\/places\/cancel\?t=\S+/)![0]).searchParams.get('t')!;
    expect(await cancelPlace(cancel)).toBe('cancelled');
    // The offer waits for d's claim: no reminder for a place only offered.
    expect(await sendReminders(store, now + 1000)).toBe(0);
    const offer = (await mails()).find((m) => m.to === 'd@example.org' && /A place is free/.test(m.subject))!;
    const claim = new URL(offer.text.match(/https?:\/\/\S+\/places\/claim\?t=\S+/)![0]).searchParams.get('t')!;
    expect(await claimPlace(claim)).toBe('claimed');
    // Within the same slot, found among the offers claimed since it began: once.
    expect(await sendReminders(store, now + 2000)).toBe(1);
    expect(await sendReminders(store, now + 3000)).toBe(0);
    expect(await sendReminders(store, now + REMINDER_SWEEP_MS)).toBe(0);
    expect((await reminders()).filter((line) => line.startsWith('d@'))).toEqual(['d@example.org Tomorrow']);
  });

  it('sends no reminder for a day that is over: a registrant on the event’s first day gets none, and is promised none', async () => {
    process.env.SITE_TODAY = hackathon.startDate;
    await register('late@example.org');
    expect(await sendReminders(store)).toBe(0);
    expect(await sendReminders(store, Date.now() + REMINDER_SWEEP_MS)).toBe(0);
    expect(await reminders()).toEqual([]);
    expect(await confirmation('late@example.org')).not.toContain('reminder');
    // Two days before: the week's reminder is over, the day before's is still to come and promised.
    process.env.SITE_TODAY = daysBefore(2);
    await register('two@example.org');
    expect(await sendReminders(store)).toBe(0);
    expect(await confirmation('two@example.org')).toContain('We will send you a reminder the day before the event.');
  });
});
