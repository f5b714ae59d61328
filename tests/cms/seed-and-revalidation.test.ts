import { rmSync } from 'node:fs';

import { afterAll, beforeAll, expect, it } from '@jest/globals';

import { revalidated, startCms } from './setup';

// An empty database is filled from data/ (lib/cms/seed.ts), and a published change regenerates the
// pages that show it, in every language (lib/cms/revalidate.ts).
let cms: Awaited<ReturnType<typeof startCms>>;

beforeAll(async () => {
  cms = await startCms();
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

it('serves, in every language, the events and offers of data/ from a new database, and seeds only once', async () => {
  const { cmsEvents, cmsOffers } = await import('@/lib/cms');
  const { content } = await import('@/lib/content');
  const { langs } = await import('@/lib/i18n');
  const { seedFromData } = await import('@/lib/cms/seed');
  for (const lang of langs) {
    expect(await cmsEvents(lang)).toEqual(content(lang).events);
    expect(await cmsOffers(lang)).toEqual(content(lang).offers);
  }
  expect(revalidated).toEqual([]);
  await seedFromData(cms.payload);
  expect(await cms.payload.count({ collection: 'events' })).toEqual({ totalDocs: content('en').events.length });
  expect(await cms.payload.count({ collection: 'offers' })).toEqual({ totalDocs: content('en').offers.length });
});

it('regenerates the event pages, the lists, Home and the sitemap when an event is published, and shows no draft', async () => {
  const { cmsEvent } = await import('@/lib/cms');
  const [event] = (await cms.payload.find({ collection: 'events', limit: 1 })).docs;
  await cms.payload.update({ collection: 'events', id: event!.id, locale: 'fr', data: { tagline: 'Nouveau.' } });
  expect(revalidated).toEqual(['/[lang]/events (layout)', '/[lang] (page)', '/sitemap.xml']);
  expect((await cmsEvent(event!.slug as string, 'fr'))?.tagline).toBe('Nouveau.');

  await cms.payload.update({ collection: 'events', id: event!.id, draft: true, data: { title: 'Not yet' } });
  expect((await cmsEvent(event!.slug as string, 'en'))?.title).toBe(event!.title);
});

it('regenerates the offer pages, the lists, Home and the sitemap when an offer changes, and checks its price', async () => {
  const [offer] = (await cms.payload.find({ collection: 'offers', limit: 1 })).docs;
  revalidated.length = 0;
  await cms.payload.update({ collection: 'offers', id: offer!.id, data: { capacity: 30 } });
  expect(revalidated).toEqual(['/[lang]/offers (layout)', '/[lang] (page)', '/sitemap.xml']);
  // The price arithmetic of data/offers.ts holds in the editor: 20 % off 150 is not 100.
  await expect(
    cms.payload.update({ collection: 'offers', id: offer!.id, data: { nowPrice: 100 } }),
  ).rejects.toMatchObject({
    data: {
      errors: [expect.objectContaining({ path: 'nowPrice', message: 'must be the old price less the discount' })],
    },
  });
});

it('carries the event day’s fields: places and reminders set in the editor are what the site reads', async () => {
  const { cmsEvent } = await import('@/lib/cms');
  const [event] = (await cms.payload.find({ collection: 'events', limit: 1 })).docs;
  expect(event!.reminders).toBe(true);
  // Published (the test above left a draft in its history).
  await cms.payload.update({
    collection: 'events',
    id: event!.id,
    data: { capacity: 12, reminders: false, _status: 'published' },
  });
  expect(await cmsEvent(event!.slug as string, 'en')).toMatchObject({ capacity: 12, reminders: false });
  // The event day's seats, waiting list and offers count the CMS's places (lib/places).
  const { itemBookingOf } = await import('@/lib/places');
  expect(await itemBookingOf('user', event!.slug as string)).toMatchObject({ capacity: 12 });
  // A capacity is a whole number of places, as data/events.ts's is.
  await expect(
    cms.payload.update({ collection: 'events', id: event!.id, data: { capacity: 2.5 } }),
  ).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ path: 'capacity' })] } });
});

it('names a registration’s event in the workspace from the CMS, also once the event is unpublished', async () => {
  const { itemNames } = await import('@/lib/staff/present');
  const created = await cms.payload.create({
    collection: 'events',
    locale: 'en',
    draft: true,
    data: {
      ...(await cms.payload.find({ collection: 'events', limit: 1, depth: 0 })).docs[0],
      id: undefined,
      slug: 'data-day-2026',
      title: 'Data Day 2026',
      _status: 'draft',
    } as never,
  });
  const items = await itemNames('en', Date.parse('2023-03-01T12:00:00Z'));
  expect(items.title('user', { event: 'data-day-2026' })).toBe('Data Day 2026');
  expect(items.known('user:data-day-2026')).toBe(true);
  await cms.payload.delete({ collection: 'events', id: created.id });
  // A deleted event's list is still found by its key, named by its slug.
  const after = await itemNames('en', Date.parse('2023-03-01T12:00:00Z'));
  expect(after.known('user:data-day-2026')).toBe(false);
  expect(after.label('user:data-day-2026')).toBe('Event registration: data-day-2026');
});
