/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { revalidatePath } from 'next/cache';
import { NextRequest } from 'next/server';

import { events } from '@/lib/content';
import { externalRegistration, remindersAhead } from '@/lib/content/schedule';
import { forms } from '@/lib/forms/registry';
import { getStore } from '@/lib/storage';
import { formTexts } from '@/messages/forms';
import { visitorMails } from '@/messages/mails/visitor';

import { queuedMails } from '../helpers/outbox';
import { BEFORE_SEED_EVENT, sampleRegistration } from '../helpers/samples';

jest.mock('next/cache', () => ({ revalidatePath: jest.fn() }));

// Issue 43, part A: the site's registration is the only one. With places here (SITE_CAPACITY, or an
// event's capacity), the answer and the confirmation never send anyone to an external page; whoever takes
// the last place reads their success and what follows, with and without JavaScript, in both languages,
// and nothing of a full event; the next visitor hears that it is full.
const dir = mkdtempSync(join(tmpdir(), 'baobab-guest-list-'));
process.env.DATA_DIR = dir;
process.env.SITE_TODAY = BEFORE_SEED_EVENT;
process.env.SITE_CAPACITY = '2';
process.env.LINK_SECRET = 'guest-list-test-link-secret-0123456789abcdef';

const EVENT = 'baobab-data-hackathon-2023';
const PAGE = `/events/${EVENT}`;
let POST: typeof import('@/app/api/forms/[operation]/route').POST;

beforeAll(async () => {
  ({ POST } = await import('@/app/api/forms/[operation]/route'));
});
afterAll(async () => {
  await getStore().close();
  rmSync(dir, { recursive: true, force: true });
});

// A registration as the page posts it: without JavaScript (`page` set: the answer is a page), or as the
// browser's script does (JSON).
function post(fields: Record<string, string>, page?: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ ...sampleRegistration, ...fields })) body.set(k, v);
  const query = page ? `?${new URLSearchParams({ page })}` : '';
  const request = new NextRequest(`http://localhost:3000/api/forms/registerEvent${query}`, {
    method: 'POST',
    body,
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
  });
  return POST(request, { params: Promise.resolve({ operation: 'registerEvent' }) });
}

// Every word of a full event or of its waiting list, in a language.
const fullWords = (lang: 'en' | 'fr') => {
  const w = formTexts[lang];
  return [w.ui.waitlistIntro, w.ui.joinWaitlist, w.answers.eventFull, w.answers.waitlisted];
};

describe('an event whose places the site holds', () => {
  it('has no external registration, even with a link; without places, the link is the way on', () => {
    const hackathon = events[0]!;
    expect(hackathon.registrationLink).toMatch(/^https:/);
    expect(externalRegistration(hackathon)).toBeUndefined();
    const withoutPlaces = { ...hackathon, capacity: undefined };
    const saved = process.env.SITE_CAPACITY;
    delete process.env.SITE_CAPACITY;
    try {
      expect(externalRegistration(withoutPlaces)).toBe(hackathon.registrationLink);
      expect(externalRegistration({ ...withoutPlaces, registrationLink: undefined })).toBeUndefined();
      expect(externalRegistration({ ...withoutPlaces, capacity: 40 })).toBeUndefined();
    } finally {
      process.env.SITE_CAPACITY = saved;
    }
  });

  it('promises only the reminders whose day has not ended, and none when they are off', () => {
    const on = (startDate: string) => remindersAhead({ startDate }, '2023-03-01');
    expect(on('2023-03-18')).toEqual([7, 1]);
    // On a reminder's day the pass still reaches a new registrant (lib/places/reminders.ts).
    expect(on('2023-03-08')).toEqual([7, 1]);
    expect(on('2023-03-07')).toEqual([1]);
    expect(on('2023-03-02')).toEqual([1]);
    // On the event's first day, none: the confirmation says when and where.
    expect(on('2023-03-01')).toEqual([]);
    expect(remindersAhead({ startDate: '2023-03-18', reminders: false }, '2023-03-01')).toEqual([]);
  });

  it('gives the last place with one answer, with JavaScript and without, in both languages; the next visitor hears it is full', async () => {
    // With JavaScript: the first place, in French.
    const first = await post({ email: 'first@example.org', lang: 'fr' });
    const state = (await first.json()) as Record<string, unknown>;
    const fr = formTexts.fr.answers;
    expect(state).toEqual({
      status: 'success',
      message: fr.eventPlace,
      detail: `${fr.eventPlaceDetail} ${fr.remindersAhead([7, 1])}`,
    });
    expect(state).not.toHaveProperty('link');

    // Without JavaScript: the last place, in English. The page says the success and what follows, and no
    // word of a full event, a waiting list or an external page.
    const last = await post({ email: 'last@example.org' }, PAGE);
    expect(last.status).toBe(200);
    const html = await last.text();
    const en = formTexts.en.answers;
    expect(html).toContain(en.eventPlace);
    expect(html).toContain(en.eventPlaceDetail);
    expect(html).toContain(en.remindersAhead([7, 1]));
    for (const words of fullWords('en')) expect(html).not.toContain(words);
    expect(html).not.toContain(en.eventLink);
    expect(html).not.toContain('events.baobabdata.org');

    // The next visitor, without JavaScript: full, and the waiting list offered.
    const next = await post({ email: 'next@example.org' }, PAGE);
    expect(next.status).toBe(400);
    expect(await next.text()).toContain(en.eventFull);
    expect(await getStore().list('user')).toHaveLength(2);
  });

  it('confirms by mail with the check-in code and the reminders to come, never "finish your registration" elsewhere', async () => {
    const mails = await queuedMails(getStore(), 100);
    const english = mails.find((m) => m.to === 'last@example.org')!;
    const french = mails.find((m) => m.to === 'first@example.org')!;
    for (const [mail, lang] of [
      [english, 'en'],
      [french, 'fr'],
    ] as const) {
      const t = visitorMails[lang];
      expect(mail.text).toContain(t.event.code);
      expect(mail.text).toContain(t.event.follows([7, 1]));
      expect(mail.text).toContain(t.event.invite);
      expect(mail.text).not.toContain(t.event.finish);
      expect(mail.text).not.toContain(t.event.link);
      expect(mail.text).not.toContain('events.baobabdata.org');
      expect(mail.text).toContain(t.notYou);
    }
    expect(english.text).not.toMatch(/nothing else will follow/i);
    expect(french.text).not.toMatch(/rien d’autre ne suivra/);
  });
});

describe('the answers of an event without places here', () => {
  const answer = (registrationLink: string | undefined, lang: 'en' | 'fr') =>
    forms.registerEvent.answer({ entity: { ...events[0]!, capacity: undefined, registrationLink } } as never, lang);

  it('lead on to the external page while SITE_CAPACITY is not set, and say "registered" without one', () => {
    const saved = process.env.SITE_CAPACITY;
    delete process.env.SITE_CAPACITY;
    try {
      expect(answer('https://example.org/register', 'en')).toEqual({
        status: 'success',
        message: formTexts.en.answers.eventContinue,
        detail: formTexts.en.answers.eventDetail,
        link: { href: 'https://example.org/register', label: formTexts.en.answers.eventLink },
      });
      const fr = formTexts.fr.answers;
      expect(answer(undefined, 'fr')).toEqual({
        status: 'success',
        message: fr.eventRegistered,
        detail: `${fr.eventRegisteredDetail} ${fr.remindersAhead([7, 1])}`,
      });
    } finally {
      process.env.SITE_CAPACITY = saved;
    }
  });
});

describe('"Add to calendar": the event’s calendar file', () => {
  const get = async (lang: string, slug: string) => {
    const { GET } = await import('@/app/[lang]/events/[slug]/calendar.ics/route');
    return GET(new Request(`http://localhost:3000/${lang}/events/${slug}/calendar.ics`), {
      params: Promise.resolve({ lang, slug }),
    });
  };
  // The lines of a calendar file, unfolded (RFC 5545).
  const lines = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

  it('is a valid calendar of the published event, in the page’s language', async () => {
    for (const lang of ['en', 'fr'] as const) {
      const response = await get(lang, EVENT);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const text = await response.text();
      expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
      const file = lines(text);
      const local = (await (await import('@/lib/cms')).cmsEvent(EVENT, lang))!;
      expect(file).toContain(`SUMMARY:${local.title}`);
      expect(file).toContain(`LOCATION:${local.location.replace(/,/g, '\\,')}`);
      expect(file).toContain(`UID:event-${EVENT}@baobabdata.org`);
      expect(file).toContain('DTSTART;VALUE=DATE:20230318');
      expect(file).toContain('DTEND;VALUE=DATE:20230320');
      const url = file.find((line) => line.startsWith('URL:'))!;
      expect(url).toBe(`URL:http://localhost:3000${lang === 'fr' ? '/fr' : ''}/events/${EVENT}`);
      expect(file.find((line) => line.startsWith('ORGANIZER'))).toMatch(/mailto:hello@baobabdata\.org$/);
      // The alarm speaks the page's language.
      expect(file).toContain(`DESCRIPTION:${visitorMails[lang].event.reminder(local.inSentence)}`);
    }
  });

  it('gives an event with hours its hours in its own zone', async () => {
    const { eventCalendar } = await import('@/lib/mail/ics');
    const text = eventCalendar(
      { ...events[0]!, startTime: '09:00', endTime: '17:00', timeZone: 'Africa/Dakar' },
      'fr',
      { siteUrl: 'https://baobabdata.org', organizerEmail: 'hello@baobabdata.org', organizerName: 'Baobab Data' },
    );
    const file = lines(text);
    expect(file).toContain('DTSTART;TZID=Africa/Dakar:20230318T090000');
    expect(file).toContain('DTEND;TZID=Africa/Dakar:20230319T170000');
    expect(file).toContain('TZID:Africa/Dakar');
    expect(file).toContain('TZOFFSETTO:+0000');
  });

  it('is a 404, never a 5xx, for an unknown event or language, or a hostile slug', async () => {
    for (const [lang, slug] of [
      ['en', 'no-such-event'],
      ['xx', EVENT],
      ['fr', '../../etc/passwd'],
      ['en', '%00'],
      ['en', 'a'.repeat(5000)],
    ]) {
      const response = await get(lang!, slug!);
      expect(response.status).toBe(404);
    }
  });
});

describe('the newsletter archive', () => {
  it('shows a letter as soon as its send starts, dated that day, and has its pages made again at once', async () => {
    const { archive, archivedLetter, startLetter } = await import('@/lib/letters');
    const { storedOf } = await import('@/lib/letters/letter');
    const store = getStore();
    await store.add(
      'newsletter',
      { name: 'Reader', email: 'reader@example.org', date: 1, status: 'confirmed' },
      {
        uniqueKey: 'reader@example.org',
      },
    );
    const at = Date.UTC(2023, 2, 1, 9);
    const news = {
      id: 'letter-march',
      slug: 'march',
      updatedAt: at,
      versions: { en: { subject: 'March news', body: 'Hello.' } },
      audience: 'subscribers',
      testList: [],
      status: 'draft' as const,
      createdBy: 'editor@example.org',
      updatedBy: 'editor@example.org',
    };
    await store.saveLetter(storedOf(news));
    expect(await archive()).toEqual([]);
    jest.mocked(revalidatePath).mockClear();
    const staff = { id: 's', email: 'editor@example.org', createdAt: at, seenAt: at };
    expect(await startLetter(staff as never, news, at)).toBe('started');
    // Not one batch has gone yet: the letter is in the archive, its page answers, dated the start.
    const listed = await archive();
    expect(listed.map((letter) => [letter.slug, letter.status, letter.startedAt])).toEqual([['march', 'sending', at]]);
    expect(await archivedLetter('march', 'en')).toMatchObject({ subject: 'March news' });
    expect(jest.mocked(revalidatePath).mock.calls).toEqual([
      ['/[lang]/newsletter', 'page'],
      ['/[lang]/newsletter/[slug]', 'page'],
    ]);
  });
});

describe('every sentence true of its situation', () => {
  it('gives a freed place’s deadline with its zone, and French times and first days as French writes them', async () => {
    const { formatDeadline } = await import('@/lib/places/offers');
    const { formatDates } = await import('@/lib/i18n/format');
    // 23:52 UTC is 00:52 the next day in Lagos (on the site's calendar, SITE_TODAY moves it).
    const at = Date.now();
    expect(formatDeadline(at, 'en')).toMatch(/^\d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Lagos time\)$/);
    expect(formatDeadline(at, 'fr')).toMatch(
      /^(1er|\d{1,2})\u00a0?\s?\S+ \d{4} à \d{1,2}\u00a0h(\u00a0\d{2})? \(heure de Lagos\)$/u,
    );
    expect(formatDates('2023-03-01', undefined, 'fr')).toBe('1er mars 2023');
    expect(formatDates('2023-03-11', undefined, 'fr')).toBe('11 mars 2023');
    expect(formatDates('2023-03-01', undefined, 'en')).toBe('1 March 2023');
    const { frenchClock } = await import('@/messages/units');
    expect(frenchClock('00:52')).toBe('0\u00a0h\u00a052');
    expect(frenchClock('09:00')).toBe('9\u00a0h');
    expect(visitorMails.fr.eventReminder.hours('09:00', '17:00', 'Lagos')).toBe(
      'de 9\u00a0h à 17\u00a0h (heure de Lagos)',
    );
  });

  it('promises no entry code after a freed place is taken, for an offer as for an event', async () => {
    const { messages } = await import('@/messages');
    for (const lang of ['en', 'fr'] as const) {
      expect(messages(lang).places.claimedText).not.toMatch(/code|inscription est enregistrée|You are registered/);
    }
  });
});
