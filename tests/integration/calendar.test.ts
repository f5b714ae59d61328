/** @jest-environment node */
import ICAL from 'ical.js';

import { dayIn } from '@/lib/content/schedule';
import type { FormOperation } from '@/lib/forms/registry';
import type { FormServices } from '@/lib/forms/services';
import { submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import type { OutboxMail, Store } from '@/lib/storage/types';
import { formTexts } from '@/messages/forms';

import { BEFORE_SEED_EVENT, sampleEnrolment, sampleRegistration } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// The seed's event and offer as an organiser would set them up with places and hours: the same dates
// (March 2023), 3 places at the hackathon from 09:00 to 17:00 Lagos time, 2 spots in the offer.
jest.mock('@/data/events', () => {
  const actual = jest.requireActual('@/data/events');
  return {
    events: actual.events.map((event: object) => ({
      ...event,
      capacity: 3,
      startTime: '09:00',
      endTime: '17:00',
      timeZone: 'Africa/Lagos',
    })),
  };
});
jest.mock('@/data/offers', () => {
  const actual = jest.requireActual('@/data/offers');
  return { offers: actual.offers.map((offer: object) => ({ ...offer, capacity: 2 })) };
});

const TOKEN = issueXsrfToken();
const site = { siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' };
const offer = {
  email: 'fatou@example.org',
  firstName: 'Fatou',
  lastName: 'Diop',
  gender: 'female',
  degree: 'bachelor',
  occupation: 'Analyst',
  country: 'Senegal',
  offer: 'become-a-data-analyst',
};

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const meta: RequestMeta = {
  headers: new Headers({ host: 'baobabdata.org', 'x-xsrf-token': TOKEN }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.20',
};

const everything = (store: Store): Promise<OutboxMail[]> => store.claimMails('t', Date.now() + 1e12, 500, 1000);
const wholeText = (m: OutboxMail) =>
  [m.subject, m.text, m.html, ...(m.attachments ?? []).map((a) => a.content)].join('\n');

describe.each(bothStores)('the calendar and confirmations on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  const services = (today: string, payments?: FormServices['payments']): FormServices => ({
    store,
    rateLimiter: createRateLimiter(1000),
    newsletter: doubleOptInNewsletter({ store: () => store, secret: () => 's'.repeat(40), mail: () => site }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...site },
    now: () => Date.now(),
    today: () => today,
    log: () => {},
    ...(payments ? { payments } : {}),
  });
  const send = (
    operation: FormOperation,
    fields: Record<string, string>,
    today = BEFORE_SEED_EVENT,
    payments?: FormServices['payments'],
  ) => submitForm(operation, formData(fields), meta, services(today, payments));

  beforeEach(async () => {
    store = await harness.open();
  });
  afterEach(() => store.close());
  afterAll(() => harness.cleanup());

  it('refuses, on the real date, the seed’s past event and offer with the form’s words in each language, storing nothing', async () => {
    const today = dayIn(Date.now());
    expect(today > '2023-03-25').toBe(true);
    for (const lang of ['en', 'fr'] as const) {
      const words = formTexts[lang].answers;
      expect(await send('registerEvent', { ...sampleRegistration, lang }, today)).toMatchObject({
        status: 'error',
        message: words.eventClosed,
        values: { email: sampleRegistration.email },
      });
      expect(await send('registerOffer', { ...offer, lang }, today)).toMatchObject({
        status: 'error',
        message: words.offerClosed,
      });
    }
    expect(await store.list('user')).toEqual([]);
    expect(await store.list('offer')).toEqual([]);
    expect(await store.outboxCounts()).toEqual({ pending: 0, sent: 0, failed: 0 });
    // The last day still takes registrations.
    expect(await send('registerEvent', sampleRegistration, '2023-03-19')).toMatchObject({ status: 'success' });
  });

  // Ten transactions at once retry one another on the emulator: beside the browser tests, longer than
  // jest's 5 s.
  it('never gives more places than there are under parallel posts, answering the rest with the form’s words', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send('registerEvent', { ...sampleRegistration, email: `p${i}@example.org`, lang: i % 2 ? 'fr' : 'en' }),
      ),
    );
    expect(results.filter((r) => r.status === 'success')).toHaveLength(3);
    const refused = results.filter((r) => r.status === 'error');
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect([formTexts.en.answers.eventFull, formTexts.fr.answers.eventFull]).toContain(
        (r as { message: string }).message,
      );
    }
    expect(await store.list('user')).toHaveLength(3);
    expect(await store.seatsTaken('event:baobab-data-hackathon-2023')).toBe(3);
    // Three staff notes and three confirmations: nothing for the refused.
    expect(await everything(store)).toHaveLength(6);

    const offers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => send('registerOffer', { ...offer, email: `o${i}@example.org`, lang: 'fr' })),
    );
    expect(offers.filter((r) => r.status === 'success')).toHaveLength(2);
    expect(offers.filter((r) => r.status === 'error').map((r) => (r as { message: string }).message)).toEqual(
      Array(3).fill(formTexts.fr.answers.offerFull),
    );
    expect(await store.list('offer')).toHaveLength(2);
  }, 30_000);

  it('has the pages made again once the last place is taken, or one of the few left, not before', async () => {
    const placesChanged = jest.fn();
    const register = (email: string) =>
      submitForm('registerEvent', formData({ ...sampleRegistration, email }), meta, {
        ...services(BEFORE_SEED_EVENT),
        placesChanged,
      });
    await register('a@example.org');
    await register('b@example.org');
    expect(placesChanged).not.toHaveBeenCalled();
    await register('c@example.org');
    expect(placesChanged).toHaveBeenCalledTimes(1);
    // Below the share of places a page counts, each place taken changes what the page says.
    await store.forgetEmail('b@example.org');
    await store.forgetEmail('c@example.org');
    const counted = (email: string) =>
      submitForm('registerEvent', formData({ ...sampleRegistration, email }), meta, {
        ...services(BEFORE_SEED_EVENT),
        placesChanged,
        placesLeftShare: 0.5,
      });
    await counted('d@example.org');
    expect(placesChanged).toHaveBeenCalledTimes(2);
  });

  it('sends two confirmations, each with its own payment link, for two courses on one day', async () => {
    await send('enrol', { ...sampleEnrolment, course: 'Data Analysis with Python' });
    await send('enrol', { ...sampleEnrolment, course: 'Introduction To Data Science' });
    const mails = (await everything(store)).filter((m) => m.to === sampleEnrolment.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your enrolment in Data Analysis with Python',
      'Your enrolment in Introduction To Data Science',
    ]);
    expect(mails.find((m) => m.subject.endsWith('Python'))!.text).toContain(
      'https://pay.baobabdata.org/data-analysis-with-python',
    );
    expect(mails.find((m) => m.subject.endsWith('Science'))!.text).toContain(
      'https://pay.baobabdata.org/introduction-to-data-science',
    );
  });

  it('lets no one who types a victim’s address first put a word in the victim’s inbox or deprive them of their payment link', async () => {
    const victim = 'victim@example.org';
    const attacker = {
      name: 'Mallory Pwned',
      email: victim,
      phone: '+234 999 000 1111',
      gender: 'male',
      country: 'Visit evil.example',
      course: 'Data Analysis with Python',
      lang: 'fr',
    };
    // Payments online: a pay link in each confirmation.
    const online = {
      online: true,
      currency: 'USD' as const,
      usdRate: 1,
      linkDays: 30,
      secret: 'c'.repeat(40),
      siteUrl: site.siteUrl,
    };
    await send('enrol', attacker, BEFORE_SEED_EVENT, online);
    // The victim's own enrolments: one person, one record per course, so each is told they are already
    // registered and stores nothing; the link to pay goes in the post's language, once per language and
    // day: the French one is the attacker's confirmation, the English one comes with the victim's post.
    for (const lang of ['fr', 'en']) {
      const answer = await send('enrol', { ...sampleEnrolment, email: victim, lang }, BEFORE_SEED_EVENT, online);
      expect(answer).toMatchObject({ message: formTexts[lang as 'fr' | 'en'].answers.alreadyRegistered });
    }
    await send('registerEvent', {
      firstName: 'Mallory',
      lastName: 'Pwned',
      email: victim,
      event: sampleRegistration.event,
    });
    await send('contactUs', { name: 'Mallory Pwned', email: victim, message: 'Click evil.example now' });

    const messages = await everything(store);
    const inbox = messages.filter((m) => m.to === victim);
    // The link to pay in each language, the event and the contact acknowledgement.
    expect(inbox).toHaveLength(4);
    for (const mail of inbox) expect(wholeText(mail)).not.toMatch(/Mallory|Pwned|evil\.example|999 000|Ada/);
    const enrolments = inbox.filter((m) => /https:\/\/baobabdata\.org\/(fr\/)?pay\//.test(m.text));
    expect(enrolments.map((m) => m.html.match(/<html lang="(\w+)"/)![1]).sort()).toEqual(['en', 'fr']);

    const notes = messages.filter((m) => m.to === 'staff@baobabdata.org');
    expect(notes).toHaveLength(3);
    expect(await store.list('enrolment')).toHaveLength(1);
  });

  it('confirms in the sender’s own language even when a stranger sent the same fields first in another', async () => {
    const victim = { ...sampleRegistration, email: 'owner@example.org' };
    await send('registerEvent', { ...victim, lang: 'fr' });
    expect(await send('registerEvent', { ...victim, lang: 'en' })).toMatchObject({ status: 'success' });
    // The same post again in the same language is a repeat: nothing new.
    await send('registerEvent', { ...victim, lang: 'en' });
    const mails = (await everything(store)).filter((m) => m.to === victim.email);
    expect(mails.map((m) => m.html.match(/<html lang="(\w+)"/)![1]).sort()).toEqual(['en', 'fr']);
  });

  it('sends one address at most five confirmations a day across every form, the first ones, and says so to staff', async () => {
    const busy = 'busy@example.org';
    const courses = ['Data Analysis with Python', 'Introduction To Data Science', 'Introduction To ML & AI'];
    for (const course of courses) await send('enrol', { ...sampleEnrolment, email: busy, course });
    await send('registerEvent', { ...sampleRegistration, email: busy });
    await send('registerOffer', { ...offer, email: busy });
    // The sixth and seventh: stored, not confirmed.
    await send('contactUs', { name: 'Busy', email: busy, message: 'Hello' });
    await send('enrol', { ...sampleEnrolment, email: busy, course: 'Data Analysis with Google Sheet' });
    const messages = await everything(store);
    const confirmations = messages.filter((m) => m.to === busy);
    expect(confirmations).toHaveLength(5);
    expect(confirmations.some((m) => m.subject.includes('Google Sheet'))).toBe(false);
    const held = messages.filter((m) => m.to === 'staff@baobabdata.org' && /the day's 5 confirmations/.test(m.text));
    expect(held).toHaveLength(2);
    expect(await store.list('enrolment')).toHaveLength(4);
    expect(await store.list('contact')).toHaveLength(1);
  });

  it('attaches an invitation with the hours, the time zone, a reminder and one UID per event, only while it is to come', async () => {
    await send('registerEvent', sampleRegistration);
    await send('registerEvent', { ...sampleRegistration, email: 'other@example.org', lang: 'fr' });
    const invites = (await everything(store))
      .filter((m) => m.to !== 'staff@baobabdata.org')
      .map((m) => m.attachments!.find((a) => a.filename === 'invite.ics')!.content);
    expect(invites).toHaveLength(2);
    const events = invites.map((ics) => {
      const calendar = new ICAL.Component(ICAL.parse(ics));
      const vevent = calendar.getFirstSubcomponent('vevent')!;
      return { calendar, vevent, event: new ICAL.Event(vevent) };
    });
    const { calendar, vevent, event } = events[0]!;
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Africa/Lagos');
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Africa/Lagos');
    expect(event.startDate.toString()).toBe('2023-03-18T09:00:00');
    expect(event.endDate.toString()).toBe('2023-03-19T17:00:00');
    // 09:00 in Lagos is 08:00 UTC.
    expect(event.startDate.toUnixTime()).toBe(Date.UTC(2023, 2, 18, 8) / 1000);
    const alarm = vevent.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm.getFirstPropertyValue('trigger'))).toBe('-P1D');
    expect(new Set(events.map((e) => e.event.uid))).toEqual(
      new Set(['event-baobab-data-hackathon-2023@baobabdata.org']),
    );

    // Under way (its last day): registration is open, but a calendar wants no invitation for it.
    await send('registerEvent', { ...sampleRegistration, email: 'late@example.org' }, '2023-03-19');
    const late = (await everything(store)).find((m) => m.to === 'late@example.org')!;
    expect((late.attachments ?? []).map((a) => a.filename)).toEqual(['check-in.png']);
    expect(late.text).not.toContain('invitation');
  });
});
