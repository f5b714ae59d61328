import { rmSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from '@payloadcms/db-sqlite';

import { eventFields, startCms } from './setup';

// A paid event in the content editor (docs/product.md §14, docs/staff.md "Content"): one price, or ticket
// kinds each with its name in every language, its price and its places. What the editor cannot save is
// refused in words beside the field; what gets into the database odd anyway leaves that event out of
// the site and is listed as needing attention.
let cms: Awaited<ReturnType<typeof startCms>>;
let site: typeof import('@/lib/cms');
let other: 'fr';

beforeAll(async () => {
  cms = await startCms();
  site = await import('@/lib/cms');
  const { langs, defaultLang } = await import('@/lib/i18n');
  other = langs.find((lang) => lang !== defaultLang)! as 'fr';
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

const kinds = [
  { name: 'Student', price: 20, capacity: 30 },
  { name: 'Professional', price: 50, capacity: 20 },
];
const paidEvent = (slug: string, fields: Record<string, unknown> = {}) =>
  eventFields(slug, {
    img: '/images/events/hackathon-2023.svg',
    registrationLink: undefined,
    _status: 'published',
    ...fields,
  }) as never;

// The editor's refusal of a save, with the messages of the field it names.
async function refusal(data: Record<string, unknown>) {
  try {
    await cms.payload.create({
      collection: 'events',
      data: paidEvent(`refused-${Math.random().toString(36).slice(2, 8)}`, data),
    });
  } catch (error) {
    return JSON.stringify((error as { data?: unknown }).data ?? String(error));
  }
  throw new Error('saved');
}

describe('ticket kinds in the editor', () => {
  it('publishes an event with two kinds and no registration link, each kind named in both languages', async () => {
    const created = await cms.payload.create({ collection: 'events', data: paidEvent('paid-day', { tickets: kinds }) });
    const rows = (created as unknown as { tickets: { id: string; name: string }[] }).tickets;
    await cms.payload.update({
      collection: 'events',
      id: created.id,
      locale: other,
      data: {
        title: 'Journée payante',
        inSentence: 'la Journée payante',
        dates: '5 juin 2027',
        tagline: 'Une journée de conférences.',
        description: 'Des conférences le matin, des ateliers l’après-midi.',
        location: 'Nairobi, Kenya',
        tickets: rows.map((row, i) => ({ ...row, name: ['Étudiant', 'Professionnel'][i] })),
      } as never,
    });
    const english = await site.cmsEvent('paid-day', 'en');
    const french = await site.cmsEvent('paid-day', other);
    expect(english?.registrationLink).toBeUndefined();
    expect(english?.tickets?.map(({ name, price, capacity }) => ({ name, price, capacity }))).toEqual(kinds);
    expect(french?.tickets?.map((kind) => kind.name)).toEqual(['Étudiant', 'Professionnel']);
    // A kind keeps its id through a rename and in every language: registrations name it by that.
    expect(french?.tickets?.map((kind) => kind.id)).toEqual(english?.tickets?.map((kind) => kind.id));
    expect(english?.tickets?.[0]?.id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    // Staff see the kinds' names in their lists and downloads.
    const item = (await site.cmsItems('en')).find((entry) => entry.slug === 'paid-day');
    expect(item?.tickets?.map((kind) => kind.name)).toEqual(['Student', 'Professional']);
  });

  it('publishes an event with one price, and keeps a free event valid', async () => {
    await cms.payload.create({ collection: 'events', data: paidEvent('one-price-day', { price: 15, capacity: 40 }) });
    expect((await site.cmsEvent('one-price-day', 'en'))?.price).toBe(15);
    const free = await site.cmsEvent('baobab-data-hackathon-2023', 'en');
    expect(free).toBeDefined();
    expect(free?.price).toBeUndefined();
    expect(free?.tickets).toBeUndefined();
  });

  it('refuses in words a kind without a name, a price or places below zero, two kinds of one name, and kinds beside a price or places', async () => {
    expect(await refusal({ tickets: [{ name: '', price: 20, capacity: 3 }] })).toMatch(/name/i);
    expect(await refusal({ tickets: [{ name: 'Student', price: -1, capacity: 3 }] })).toMatch(
      /price is not below zero/,
    );
    expect(await refusal({ tickets: [{ name: 'Student', price: 10, capacity: -2 }] })).toMatch(
      /places are not below zero/,
    );
    expect(await refusal({ tickets: [{ name: 'Student', price: 10, capacity: 2.5 }] })).toMatch(/whole number/);
    expect(
      await refusal({
        tickets: [
          { name: 'Student', price: 10, capacity: 3 },
          { name: ' student ', price: 15, capacity: 3 },
        ],
      }),
    ).toMatch(/two ticket kinds are named/);
    expect(await refusal({ price: 10, tickets: kinds })).toMatch(/one price or ticket kinds, not both/);
    expect(await refusal({ capacity: 10, tickets: kinds })).toMatch(/places are given on each kind/);
    expect(await refusal({ price: -5 })).toMatch(/price is not below zero/);
  });

  it('leaves out an event whose kind is stored odd below the checks, and lists it as needing attention', async () => {
    const created = await cms.payload.create({ collection: 'events', data: paidEvent('odd-day', { tickets: kinds }) });
    const db = (cms.payload.db as unknown as { drizzle: { run: (query: unknown) => Promise<unknown> } }).drizzle;
    await db.run(sql.raw(`UPDATE events_tickets SET price = -3 WHERE _parent_id = ${Number(created.id)}`));
    expect(await site.cmsEvent('odd-day', 'en')).toBeUndefined();
    expect((await site.cmsEvents('en')).map((event) => event.slug)).toContain('baobab-data-hackathon-2023');
    const problem = (await site.cmsProblems()).find((entry) => entry.id === String(created.id));
    expect(problem?.fields).toEqual(expect.arrayContaining(['tickets.0.price', 'tickets.1.price']));
  });
});
