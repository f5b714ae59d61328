import { rmSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from '@payloadcms/db-sqlite';

import { eventFields, startCms } from './setup';

// Content is input too (lib/cms/default-texts.ts, lib/cms/checked.ts): an item is created in the default
// language first, nothing is published without its default-language texts, and an item the site cannot
// read, however it got in, is left out of its list on its own and listed as needing attention.
type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
let api: Record<'GET' | 'POST' | 'PATCH', Handler>;
let cms: Awaited<ReturnType<typeof startCms>>;
let site: typeof import('@/lib/cms');
let other: string;
const base = 'http://127.0.0.1:3000/staff/content/api';
const editorial = [
  'courses',
  'events',
  'offers',
  'projects',
  'insights',
  'partners',
  'people',
  'testimonials',
] as const;

beforeAll(async () => {
  cms = await startCms();
  api = (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as typeof api;
  site = await import('@/lib/cms');
  const { langs, defaultLang } = await import('@/lib/i18n');
  other = langs.find((lang) => lang !== defaultLang)!;
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

async function call(method: keyof typeof api, path: string, cookie: string, body?: unknown) {
  const headers: Record<string, string> = { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin', cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(`${base}/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const slug = new URL(request.url).pathname.slice('/staff/content/api/'.length).split('/');
  const response = await api[method](request, { params: Promise.resolve({ slug }) });
  return { status: response.status, text: await response.text() };
}

// A copy of a seeded item that the collection accepts as new: no ids (of the item or of its rows), and
// a slug and key of its own where the collection has them.
function copyOf(doc: Record<string, unknown>, suffix: string): Record<string, unknown> {
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => !['id', 'createdAt', 'updatedAt', '_status'].includes(key))
              .map(([key, inner]) => [key, strip(inner)]),
          )
        : value;
  const copy = strip(doc) as Record<string, unknown>;
  if (typeof copy.slug === 'string') copy.slug = `${copy.slug}-${suffix}`;
  if (typeof copy.key === 'string') copy.key = `${copy.key}-${suffix}`;
  return copy;
}

async function firstOf(collection: (typeof editorial)[number]) {
  const { docs } = await cms.payload.find({ collection, limit: 1, depth: 0, sort: 'id' });
  return docs[0] as unknown as Record<string, unknown>;
}

describe('an item is written in the default language first', () => {
  it('refuses to create an item of any collection in another language, naming the missing texts', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    for (const collection of editorial) {
      const before = await cms.payload.count({ collection });
      const answer = await call('POST', `${collection}?locale=${other}`, cookie, {
        ...copyOf(await firstOf(collection), 'copy'),
        _status: 'published',
      });
      // A partner is a logo and a name, the same in every language: nothing of it is written per language.
      if (collection === 'partners') {
        expect(answer.status).toBe(201);
        continue;
      }
      expect([collection, answer.status]).toEqual([collection, 400]);
      expect(answer.text).toMatch(/Missing in English \(switch the editor's language to English[^)]*\): \w/);
      expect(await cms.payload.count({ collection })).toEqual(before);
    }
  });

  it('refuses to publish in another language while a default-language text is empty, and names each one', async () => {
    const { defaultLang } = await import('@/lib/i18n');
    const cookie = await cms.sessionFor('editor@example.org');
    // A draft in the default language with only the facts: drafts may be incomplete.
    const facts: Record<string, unknown> = eventFields('slip-day', { img: '/images/events/hackathon-2023.svg' });
    for (const text of ['title', 'inSentence', 'dates', 'tagline', 'description', 'location']) delete facts[text];
    const draft = await call('POST', 'events?draft=true', cookie, { ...facts, _status: 'draft' });
    expect(draft.status).toBe(201);
    const id = (JSON.parse(draft.text) as { doc: { id: number } }).doc.id;
    const texts = eventFields('slip-day');
    const inOther = {
      title: texts.title,
      inSentence: texts.inSentence,
      dates: texts.dates,
      tagline: texts.tagline,
      description: texts.description,
      location: texts.location,
      _status: 'published',
    };
    const refused = await call('PATCH', `events/${id}?locale=${other}`, cookie, inOther);
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(
      /Missing in English \([^)]*\): Title, In Sentence, Dates, Tagline, Description, Location"/,
    );
    expect((await cms.payload.findByID({ collection: 'events', id, draft: false }))._status).toBe('draft');
    // With the default language's texts written, the same publish goes through.
    const { _status, ...english } = inOther;
    expect((await call('PATCH', `events/${id}?draft=true`, cookie, english)).status).toBe(200);
    expect(_status).toBe('published');
    const inOtherWords = { ...inOther, title: 'Journée des données' };
    expect((await call('PATCH', `events/${id}?locale=${other}`, cookie, inOtherWords)).status).toBe(200);
    // The check read the default language's texts; the save still lands in the language it was made in.
    const read = (locale: string) =>
      cms.payload.findByID({ collection: 'events', id, locale: locale as never, fallbackLocale: false, depth: 0 });
    expect((await read(defaultLang)).title).toBe(texts.title);
    expect((await read(other)).title).toBe('Journée des données');
    expect((await site.cmsEvents(other as never)).map((event) => event.slug)).toContain('slip-day');
  });
});

describe('an item the site cannot read', () => {
  // Forced in below the CMS's checks, as a script or an older version might have left it.
  async function breakInDatabase(statement: string) {
    const db = (cms.payload.db as unknown as { drizzle: { run: (query: unknown) => Promise<unknown> } }).drizzle;
    await db.run(sql.raw(statement));
  }

  it('is left out of its list alone, in every language, and listed as needing attention', async () => {
    const { defaultLang } = await import('@/lib/i18n');
    const broken = await cms.payload.create({
      collection: 'events',
      data: eventFields('broken-day', { img: '/images/events/hackathon-2023.svg', _status: 'published' }) as never,
    });
    const reversed = await cms.payload.create({
      collection: 'events',
      data: eventFields('reversed-day', { img: '/images/events/hackathon-2023.svg', _status: 'published' }) as never,
    });
    const listed = async (lang: string) => (await site.cmsEvents(lang as never)).map((event) => event.slug);
    expect(await listed(defaultLang)).toEqual(
      expect.arrayContaining(['baobab-data-hackathon-2023', 'broken-day', 'reversed-day']),
    );

    // No English texts at all, and an end before the start.
    await breakInDatabase(
      `DELETE FROM events_locales WHERE _parent_id = ${Number(broken.id)} AND _locale = '${defaultLang}'`,
    );
    await breakInDatabase(
      `UPDATE events SET start_date = '2027-06-09', end_date = '2027-06-01' WHERE id = ${Number(reversed.id)}`,
    );
    const insight = await firstOf('insights');
    await breakInDatabase(`UPDATE insights_locales SET title = '' WHERE _parent_id = ${Number(insight.id)}`);

    for (const lang of [defaultLang, other]) {
      const slugs = await listed(lang);
      expect(slugs).toContain('baobab-data-hackathon-2023');
      expect(slugs).not.toContain('broken-day');
      expect(slugs).not.toContain('reversed-day');
      expect(await site.cmsEvent('broken-day', lang as never)).toBeUndefined();
      const insights = await site.cmsInsights(lang as never);
      expect(insights.length).toBeGreaterThan(0);
      expect(insights.map((entry) => entry.link)).not.toContain(insight.link);
    }

    // The door lists the others, and the places pass (offers of freed seats, reminders) still runs.
    const { checkInEvents } = await import('@/lib/staff/check-in');
    const door = (await checkInEvents()).map((event) => JSON.stringify(event));
    expect(door.join()).toContain('baobab-data-hackathon-2023');
    expect(door.join()).not.toContain('broken-day');
    const { placesPass } = await import('@/lib/places/task');
    await expect(placesPass()).resolves.toEqual({ ended: expect.any(Number), reminders: expect.any(Number) });

    const problems = await site.cmsProblems();
    const ids = problems.map((problem) => `${problem.collection}:${problem.id}`);
    expect(ids).toEqual(
      expect.arrayContaining([`events:${broken.id}`, `events:${reversed.id}`, `insights:${insight.id}`]),
    );
    const reversedProblem = problems.find((problem) => problem.id === String(reversed.id))!;
    expect(reversedProblem.fields).toContain('endDate');
    expect(reversedProblem.editHref).toBe(`/staff/content/collections/events/${reversed.id}`);
    expect(problems.find((problem) => problem.id === String(broken.id))!.fields).toContain('title');
  });

  it('cannot share a slug with another item: the API refuses it in words', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    const first = await firstOf('offers');
    const before = await cms.payload.count({ collection: 'offers' });
    const answer = await call('POST', 'offers', cookie, {
      ...copyOf(first, 'twin'),
      slug: first.slug,
      _status: 'published',
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/slug/i);
    expect(await cms.payload.count({ collection: 'offers' })).toEqual(before);
  });

  it('publishes an event with places and no registration link, which the site reads and lists (issue 43)', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    const img = '/images/events/hackathon-2023.svg';
    const { registrationLink: _link, ...fields } = eventFields('own-list', { img, capacity: 30, _status: 'published' });
    const answer = await call('POST', 'events', cookie, fields);
    expect(answer.status).toBe(201);
    const event = await site.cmsEvent('own-list', 'en');
    expect(event).toMatchObject({ slug: 'own-list', capacity: 30 });
    expect(event!.registrationLink).toBeUndefined();
    expect((await site.cmsEvents('en')).map((e) => e.slug)).toContain('own-list');
    // A link, when given, is still checked as an address.
    const bad = await call('POST', 'events', cookie, eventFields('bad-link', { img, registrationLink: 'not a link' }));
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/registrationLink/);
  });

  it('leaves the figures and contact details at their first values when they cannot be read', async () => {
    const before = await site.cmsContact();
    await breakInDatabase(`UPDATE contact SET email = 'not an address'`);
    const after = await site.cmsContact();
    expect(after.contactInfo.email).toMatch(/@/);
    expect(after.contactInfo.email).toBe(before.contactInfo.email);
    expect((await site.cmsProblems()).map((problem) => problem.collection)).toContain('contact');
  });
});
