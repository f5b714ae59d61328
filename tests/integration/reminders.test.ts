/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { REMINDER_DAYS } from '@/lib/constants';
import { content } from '@/lib/content';
import { submitForm } from '@/lib/forms/submit';
import type { Lang } from '@/lib/i18n';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { sendReminders } from '@/lib/places/reminders';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { openSqliteStore } from '@/lib/storage/sqlite';
import type { Store } from '@/lib/storage/types';
import { remindersHelp } from '@/messages/reminders';

import { queuedMails } from '../helpers/outbox';
import { BEFORE_SEED_EVENT, sampleRegistration } from '../helpers/samples';

// The reminder days are one number in one home (REMINDER_DAYS, lib/constants.ts): the pass that sends
// the reminders, the mails' words and the content editor's help all follow it, and a pass reads the
// published events once per language, however many registrants there are.

// Every read of the events' door, by language: the CMS door of this suite (tests/helpers/cms-from-data.ts)
// with each call counted.
const mockReads: string[] = [];
jest.mock('@/lib/cms', () => {
  const door = jest.requireActual('../helpers/cms-from-data');
  return {
    ...door,
    cmsEvents: (lang: Lang) => {
      mockReads.push(`cmsEvents ${lang}`);
      return door.cmsEvents(lang);
    },
    cmsEvent: (slug: string, lang: Lang) => {
      mockReads.push(`cmsEvent ${lang}`);
      return door.cmsEvent(slug, lang);
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), 'baobab-reminders-'));
process.env.DATA_DIR = dir;
process.env.SITE_TODAY = BEFORE_SEED_EVENT;
process.env.LINK_SECRET = 'reminders-test-link-secret-0123456789abcdef';

const TOKEN = issueXsrfToken();
const site = { siteUrl: 'http://localhost:3000', siteName: 'Baobab Data' };
const meta: RequestMeta = {
  headers: new Headers({ host: 'localhost:3000', 'x-xsrf-token': TOKEN }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.31',
};
const hackathon = content('en').events.find((event) => event.slug === sampleRegistration.event)!;
const french = content('fr').events.find((event) => event.slug === sampleRegistration.event)!;
// The site's date `days` before the hackathon's first day.
const daysBefore = (days: number) =>
  new Date(Date.parse(hackathon.startDate) - days * 86_400_000).toISOString().slice(0, 10);
const NB = '\u00a0';

let store: Store;
beforeAll(async () => {
  store = openSqliteStore(join(dir, 'baobab.sqlite'));
  const register = (email: string, lang: Lang) => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ ...sampleRegistration, email, lang })) data.set(k, v);
    return submitForm('registerEvent', data, meta, {
      store,
      rateLimiter: createRateLimiter(1000),
      newsletter: doubleOptInNewsletter({ store: () => store, secret: () => 's'.repeat(40), mail: () => site }),
      recaptcha: null,
      mail: { staff: 'staff@baobabdata.org', ...site },
      now: () => Date.now(),
      today: () => BEFORE_SEED_EVENT,
      log: () => {},
    });
  };
  // Five registrants in English and three in French.
  for (let i = 0; i < 8; i += 1) {
    expect(await register(`r${i}@example.org`, i < 5 ? 'en' : 'fr')).toMatchObject({ status: 'success' });
  }
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  process.env.SITE_TODAY = BEFORE_SEED_EVENT;
});

// The reminders queued so far, as "address subject".
const reminders = async () =>
  (await queuedMails(store))
    .filter((mail) => /^(In \d|Tomorrow|Dans \d|Demain)/.test(mail.subject))
    .map((mail) => `${mail.to} ${mail.subject} | ${mail.text.split('\n')[0]}`)
    .sort();

it('says in the mail how many days are left, in each language, and reads the events once per language per pass', async () => {
  expect(REMINDER_DAYS).toEqual([7, 1]);
  process.env.SITE_TODAY = daysBefore(7);
  mockReads.length = 0;
  expect(await sendReminders(store)).toBe(8);
  // One read in English for the list, one in French for the French mails: not one per registrant.
  expect(mockReads.sort()).toEqual(['cmsEvents en', 'cmsEvents fr']);
  const week = await reminders();
  expect(week).toHaveLength(8);
  expect(week[0]).toBe(`r0@example.org In 7 days: ${hackathon.title} | See you in 7 days at ${hackathon.inSentence}`);
  expect(week[7]).toBe(
    `r7@example.org Dans 7${NB}jours${NB}: ${french.title} | Plus que 7${NB}jours avant ${french.inSentence}`,
  );

  process.env.SITE_TODAY = daysBefore(1);
  expect(await sendReminders(store)).toBe(8);
  const [first, , , , , , , last] = (await reminders()).filter((line) => /Tomorrow|Demain/.test(line));
  expect(first).toBe(`r0@example.org Tomorrow: ${hackathon.title} | See you tomorrow at ${hackathon.inSentence}`);
  expect(last).toBe(`r7@example.org Demain${NB}: ${french.title} | À demain pour ${french.inSentence}`);

  // On no reminder day, nothing, and the events are read once, in English only.
  process.env.SITE_TODAY = daysBefore(3);
  mockReads.length = 0;
  expect(await sendReminders(store)).toBe(0);
  expect(mockReads).toEqual(['cmsEvents en']);
});

it('follows another value of the constant everywhere: the pass, the mails and the editor’s help', async () => {
  expect(remindersHelp()).toBe('Registrants get a reminder mail 7 days and 1 day before the event starts.');
  await jest.isolateModulesAsync(async () => {
    jest.doMock('@/lib/constants', () => ({ ...jest.requireActual('@/lib/constants'), REMINDER_DAYS: [3, 1] }));
    const { sendReminders: send } = await import('@/lib/places/reminders');
    const { remindersHelp: help } = await import('@/messages/reminders');
    const { events } = await import('@/lib/cms/collections/events');
    expect(help()).toBe('Registrants get a reminder mail 3 days and 1 day before the event starts.');
    const field = events.fields.find((f) => 'name' in f && f.name === 'reminders');
    expect(field?.admin).toMatchObject({ description: help() });

    process.env.SITE_TODAY = daysBefore(7);
    expect(await send(store)).toBe(0);
    process.env.SITE_TODAY = daysBefore(3);
    expect(await send(store)).toBe(8);
  });
  const threeDays = (await reminders()).filter((line) => /3 days|3.jours/.test(line));
  expect(threeDays).toHaveLength(8);
  expect(threeDays[0]).toBe(
    `r0@example.org In 3 days: ${hackathon.title} | See you in 3 days at ${hackathon.inSentence}`,
  );
  expect(threeDays[7]).toBe(
    `r7@example.org Dans 3${NB}jours${NB}: ${french.title} | Plus que 3${NB}jours avant ${french.inSentence}`,
  );
});

it('leaves the days to the constant in the docs rather than writing them again', () => {
  const product = readFileSync(resolve(__dirname, '../../docs/product.md'), 'utf8');
  const reminders = product.slice(product.indexOf('**Reminders.**'), product.indexOf('**Check-in codes.**'));
  expect(reminders).toContain('`REMINDER_DAYS`');
  expect(reminders).not.toMatch(/\b(week|7 days)\b/);
});
