import { rmSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { eventFields, startCms } from './setup';

// A series in the content editor (lib/cms/collections/events.ts, lib/content/series.ts): a repeat the
// site can read is saved and read as one event per date; a bad one is refused on its field in the words
// of the language being edited; "Duplicate" makes the next date; the seed's events stay as they were.
let cms: Awaited<ReturnType<typeof startCms>>;
let site: typeof import('@/lib/cms');
let texts: typeof import('@/messages/series').seriesTexts;
type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
let api: Record<'POST' | 'PATCH', Handler>;
const origin = 'http://127.0.0.1:3000';

// A call to the editor's REST API as a browser of the site would make it, with a session or none.
async function call(method: keyof typeof api, path: string, cookie: string | null, body?: unknown) {
  const headers: Record<string, string> = {
    origin,
    'sec-fetch-site': 'same-origin',
    'content-type': 'application/json',
  };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`${origin}/staff/content/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await api[method](request, { params: Promise.resolve({ slug: path.split('/') }) });
  return response.status;
}

beforeAll(async () => {
  process.env.SITE_TODAY = '2026-12-01';
  cms = await startCms();
  site = await import('@/lib/cms');
  texts = (await import('@/messages/series')).seriesTexts;
  api = (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as typeof api;
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

const frenchTexts = {
  title: 'Journée des données',
  inSentence: 'la Journée des données',
  dates: '5 juin 2027',
  tagline: 'Une journée d’exposés et d’ateliers.',
  description: 'Des exposés le matin, des ateliers l’après-midi.',
  location: 'Nairobi, Kenya',
};
const picture = { img: '/images/events/hackathon-2023.svg', _status: 'published' };
const create = (slug: string, fields: Record<string, unknown>) =>
  cms.payload.create({
    collection: 'events',
    data: eventFields(slug, { ...picture, ...fields }) as never,
  });
// The words of a refused save (the editor's note), or '' when it was saved.
const refusal = async (save: Promise<unknown>) => {
  try {
    await save;
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('a repeat', () => {
  it('is saved and read as one event per date, the first keeping the address', async () => {
    await create('monthly-meetup', { repeat: 'monthly', repeatCount: 3 });
    const slugs = (await site.cmsEvents('en')).map((event) => event.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['monthly-meetup', 'monthly-meetup--2027-07-05', 'monthly-meetup--2027-08-05']),
    );
    // The seed's events stay valid and alone.
    expect(slugs.filter((slug) => slug.startsWith('baobab-data-hackathon-2023'))).toEqual([
      'baobab-data-hackathon-2023',
    ]);
    const third = await site.cmsEvent('monthly-meetup--2027-08-05', 'en');
    expect(third).toMatchObject({ startDate: '2027-08-05', endDate: '2027-08-05', dates: '5 August 2027' });
  });

  it('is refused in words, in the language being edited', async () => {
    const [en, fr] = [texts.en, texts.fr];
    expect(await refusal(create('weekly-no-end', { repeat: 'weekly' }))).toBe(en.noEnd);
    // Edited in French (an event is written in English first): the refusals in French.
    const french = await create('french-edit', {});
    const inFrench = (data: Record<string, unknown>) =>
      refusal(
        cms.payload.update({
          collection: 'events',
          id: french.id,
          locale: 'fr' as never,
          data: { ...frenchTexts, ...data } as never,
        }),
      );
    expect(await inFrench({ repeat: 'weekly' })).toBe(fr.noEnd);
    expect(await inFrench({ repeat: 'dates', repeatDates: '2026-01-01' })).toBe(fr.pastDate('2026-01-01'));
    expect(await refusal(create('ends-early', { repeat: 'monthly', repeatUntil: '2027-01-01' }))).toBe(
      en.endBeforeStart,
    );
    expect(await refusal(create('too-many', { repeat: 'weekly', repeatUntil: '2035-01-01' }))).toBe(en.tooMany(52));
    expect(await refusal(create('too-many', { repeat: 'weekly', repeatCount: 400 }))).toBe(en.tooMany(52));
    expect(await refusal(create('in-the-past', { repeat: 'dates', repeatDates: '2026-01-01, 2027-07-01' }))).toBe(
      en.pastDate('2026-01-01'),
    );
    expect(await refusal(create('talk--2027-01-14', {}))).toBe(en.slugLikeDate);
    const slugs = (await site.cmsEvents('en')).map((event) => event.slug);
    expect(slugs.filter((slug) => /weekly-no-end|ends-early|too-many|in-the-past|talk--/.test(slug))).toEqual([]);
  });

  it('lists other dates as the editor gives them', async () => {
    expect(await refusal(create('listed', { repeat: 'dates', repeatDates: '2027-07-01\n2027-09-02' }))).toBe('');
    const listed = (await site.cmsEvents('en')).filter((event) => event.series === 'listed');
    expect(listed.map((event) => event.startDate)).toEqual(['2027-06-05', '2027-07-01', '2027-09-02']);
  });
});

describe('"Duplicate"', () => {
  it('makes the next date: a week later, the same length, a new address and no repeat of its own', async () => {
    const talk = await create('evening-talk', { startDate: '2027-06-05', endDate: '2027-06-06' });
    const copy = (await cms.payload.duplicate({ collection: 'events', id: talk.id })) as Record<string, unknown>;
    expect(copy).toMatchObject({
      slug: 'evening-talk-2027-06-12',
      startDate: '2027-06-12',
      endDate: '2027-06-13',
      repeat: 'none',
    });
    expect(copy.dates).toMatch(/^12\s*–\s*13 June 2027$/);
    // A monthly series' copy is a month later.
    const monthly = (await site.cmsEvents('en')).find((event) => event.slug === 'monthly-meetup')!;
    const copied = (await cms.payload.duplicate({ collection: 'events', id: monthly.id })) as Record<string, unknown>;
    expect(copied).toMatchObject({ slug: 'monthly-meetup-2027-07-05', startDate: '2027-07-05', repeat: 'none' });
    expect(copied.repeatCount ?? null).toBeNull();
  });
});

describe('who may repeat or duplicate an event', () => {
  it('is an editor or an admin: no session, staff and the door are refused, and nothing is made', async () => {
    const talk = await create('roles-talk', {});
    const before = (await cms.payload.find({ collection: 'events', limit: 0, draft: true })).totalDocs;
    for (const who of [null, 'staff@example.org', 'door@example.org']) {
      const cookie = who ? await cms.sessionFor(who) : null;
      expect([401, 403]).toContain(await call('POST', `events/${talk.id}/duplicate`, cookie));
      expect([401, 403]).toContain(
        await call('PATCH', `events/${talk.id}`, cookie, { repeat: 'weekly', repeatCount: 3 }),
      );
    }
    expect((await cms.payload.find({ collection: 'events', limit: 0, draft: true })).totalDocs).toBe(before);
    expect((await site.cmsEvents('en')).filter((event) => event.series === 'roles-talk')).toEqual([]);
    // The editor makes the next date, the admin the one after it (from the copy).
    expect(await call('POST', `events/${talk.id}/duplicate`, await cms.sessionFor('editor@example.org'))).toBe(200);
    const copy = (
      await cms.payload.find({
        collection: 'events',
        where: { slug: { equals: 'roles-talk-2027-06-12' } },
        draft: true,
      })
    ).docs[0]!;
    expect(await call('POST', `events/${copy.id}/duplicate`, await cms.sessionFor('admin@example.org'))).toBe(200);
    const slugs = (await cms.payload.find({ collection: 'events', limit: 0, draft: true, pagination: false })).docs.map(
      (doc) => doc.slug,
    );
    expect(slugs).toEqual(expect.arrayContaining(['roles-talk-2027-06-12', 'roles-talk-2027-06-19']));
    const editor = await cms.sessionFor('editor@example.org');
    expect(await call('PATCH', `events/${talk.id}`, editor, { repeat: 'weekly', repeatCount: 3 })).toBe(200);
    expect((await site.cmsEvents('en')).filter((event) => event.series === 'roles-talk')).toHaveLength(3);
    // A bad rule through the API: the editor's words, a 400, nothing changed.
    expect(await call('PATCH', `events/${talk.id}`, editor, { repeat: 'monthly', repeatCount: null })).toBe(400);
    expect((await site.cmsEvents('en')).filter((event) => event.series === 'roles-talk')).toHaveLength(3);
  });
});
