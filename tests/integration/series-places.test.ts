/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { cmsEvent, cmsEvents, cmsItems } from '@/lib/cms';
import { content } from '@/lib/content';
import type { SiteEvent } from '@/lib/content/types';
import { eventAgenda } from '@/lib/forms/places';
import type { FormServices } from '@/lib/forms/services';
import { submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { sendReminders } from '@/lib/places/reminders';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { setSingleton } from '@/lib/singletons';
import type { Store } from '@/lib/storage/types';
import { formTexts } from '@/messages/forms';

import { queuedMails } from '../helpers/outbox';
import { sampleRegistration } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// The places of a series, on both stores (docs/product.md §9, "Series"): each date is an event of its
// own, so each has its own places, counted exactly, its own waiting list and its own reminders; two
// instances taking a date's last place give it once; a date the series does not have is refused.
const dir = mkdtempSync(join(tmpdir(), 'baobab-series-'));
process.env.DATA_DIR = dir;
process.env.SITE_TODAY = '2026-12-01';
delete process.env.SITE_CAPACITY;
process.env.LINK_SECRET = 'series-test-link-secret-0123456789abcdefgh';

const TOKEN = issueXsrfToken();
const site = { siteUrl: 'http://localhost:3000', siteName: 'Baobab Data' };
const meta: RequestMeta = {
  headers: new Headers({ host: 'localhost:3000', 'x-xsrf-token': TOKEN }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.33',
};

// A monthly study group of three dates with two places each, added to the content of both languages.
const SERIES = 'study-group';
const DATES = ['2026-12-10', '2027-01-10', '2027-02-10'];
const SLUGS = [SERIES, `${SERIES}--2027-01-10`, `${SERIES}--2027-02-10`];
for (const lang of ['en', 'fr'] as const) {
  const events = content(lang).events as SiteEvent[];
  events.push({
    ...events[0]!,
    id: 99,
    slug: SERIES,
    title: lang === 'en' ? 'Study group' : 'Groupe d’étude',
    startDate: DATES[0]!,
    endDate: DATES[0]!,
    dates: '10 December 2026',
    capacity: 2,
    registrationLink: undefined,
    repeat: 'monthly',
    repeatCount: 3,
  });
}

jest.setTimeout(60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('reads a series as one event per date, lists it once, and names each date to staff', async () => {
  const dates = (await cmsEvents('en')).filter((event) => event.series === SERIES);
  expect(dates.map((event) => [event.slug, event.startDate])).toEqual(SLUGS.map((slug, i) => [slug, DATES[i]]));
  expect((await cmsEvent(`${SERIES}--2027-01-11`, 'en'))?.slug).toBeUndefined();
  const { upcoming } = await eventAgenda('en');
  const listed = upcoming.filter((item) => item.title === 'Study group');
  expect(listed.map((item) => [item.href, item.when])).toEqual([
    ['/events/study-group', '10 December 2026, and 2 more dates'],
  ]);
  expect((await eventAgenda('fr')).upcoming.find((item) => item.title === 'Groupe d’étude')?.when).toBe(
    '10 décembre 2026, et 2\u00a0autres dates',
  );
  const items = (await cmsItems('en')).filter((item) => item.slug.startsWith(SERIES));
  expect(items.map((item) => item.slug)).toEqual(SLUGS);
});

describe.each(bothStores)('series places on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  const services = (on: Store): FormServices => ({
    store: on,
    rateLimiter: createRateLimiter(1000),
    newsletter: doubleOptInNewsletter({ store: () => on, secret: () => 's'.repeat(40), mail: () => site }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...site },
    now: () => Date.now(),
    today: () => process.env.SITE_TODAY!,
    offerHours: 48,
    log: () => {},
  });
  const register = (event: string, email: string, extra: Record<string, string> = {}, on: Store = store) => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ ...sampleRegistration, event, email, ...extra })) data.set(k, v);
    return submitForm('registerEvent', data, meta, services(on));
  };
  const seat = (slug: string) => `event:${slug}`;

  let name = '';
  let opened = 0;
  beforeEach(async () => {
    name = `series${++opened}`;
    store = await harness.open(name);
    setSingleton('store', store);
  });
  afterEach(async () => {
    setSingleton('store', undefined);
    process.env.SITE_TODAY = '2026-12-01';
    await store.close();
  });
  afterAll(() => harness.cleanup());

  it('keeps each date’s places apart and exact: one date full, the next still open, each with its own waiting list', async () => {
    expect(await register(SLUGS[0]!, 'a@example.org')).toMatchObject({ status: 'success' });
    expect(await register(SLUGS[0]!, 'b@example.org')).toMatchObject({ status: 'success' });
    expect(await register(SLUGS[0]!, 'c@example.org')).toMatchObject({ status: 'error', waitlist: true });
    expect(await register(SLUGS[0]!, 'c@example.org', { waitlist: '1' })).toMatchObject({ status: 'success' });
    // The same person may come to another date: the next date is open, its places its own.
    expect(await register(SLUGS[1]!, 'a@example.org')).toMatchObject({ status: 'success' });
    expect(await register(SLUGS[1]!, 'c@example.org')).toMatchObject({ status: 'success' });
    expect(await register(SLUGS[1]!, 'd@example.org', { waitlist: '1' })).toMatchObject({ status: 'success' });
    expect(await Promise.all(SLUGS.map((slug) => store.seatsTaken(seat(slug))))).toEqual([2, 2, 0]);
    expect((await store.waitingList(seat(SLUGS[0]!))).length).toBe(1);
    expect((await store.waitingList(seat(SLUGS[1]!))).length).toBe(1);
    expect((await store.waitingList(seat(SLUGS[2]!))).length).toBe(0);
    // Each registration names its date; the confirmation says that date.
    const records = await store.list('user');
    expect(records.filter((r) => r.data.event === SLUGS[1]).map((r) => r.data.email)).toEqual([
      'a@example.org',
      'c@example.org',
      'd@example.org',
    ]);
    const mails = await queuedMails(store);
    const second = mails.filter((m) => m.to === 'c@example.org' && /^You're registered/.test(m.subject));
    expect(second.map((m) => m.text.includes('10 January 2027'))).toEqual([true]);
  });

  it('gives a date’s last place once when two instances take it at once, the other dates untouched', async () => {
    const other = await harness.open(name);
    const answers = await Promise.all([
      register(SLUGS[2]!, 'x@example.org'),
      register(SLUGS[2]!, 'y@example.org', {}, other),
      register(SLUGS[2]!, 'z@example.org'),
      register(SLUGS[2]!, 'w@example.org', {}, other),
    ]);
    await other.close();
    expect(answers.filter((a) => a.status === 'success')).toHaveLength(2);
    expect(await store.seatsTaken(seat(SLUGS[2]!))).toBe(2);
    expect(await store.seatsTaken(seat(SLUGS[0]!))).toBe(0);
    expect(await store.seatsTaken(seat(SLUGS[1]!))).toBe(0);
  });

  it('refuses a date the series does not have, storing nothing, and reminds only the date’s own registrants', async () => {
    const unknown = formTexts.en.answers;
    for (const forged of [
      `${SERIES}--2027-01-11`,
      `${SERIES}--2027-03-10`,
      `${SERIES}--x`,
      `${SERIES}--2027-01-10--2027-01-10`,
    ]) {
      const answer = await register(forged, 'f@example.org');
      expect(answer.status).toBe('error');
      expect(JSON.stringify(answer)).not.toContain(unknown.eventPlace);
    }
    expect(await store.list('user')).toHaveLength(0);
    await register(SLUGS[0]!, 'first@example.org');
    await register(SLUGS[1]!, 'second@example.org');
    process.env.SITE_TODAY = '2027-01-09';
    expect(await sendReminders(store)).toBe(1);
    const reminded = (await queuedMails(store)).filter((m) => /^Tomorrow/.test(m.subject));
    expect(reminded.map((m) => m.to)).toEqual(['second@example.org']);
  });
});
