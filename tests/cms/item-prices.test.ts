import { rmSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from '@payloadcms/db-sqlite';

import { eventFields, startCms } from './setup';

// Prices in several currencies in the content editor (docs/product.md §14): an offer, a course, an event
// or a ticket kind priced besides its dollars in currencies Paystack settles. What cannot be meant is
// refused in words beside the field; what gets into the database odd anyway leaves that item out of the
// site and is listed as needing attention.
let cms: Awaited<ReturnType<typeof startCms>>;
let site: typeof import('@/lib/cms');

beforeAll(async () => {
  cms = await startCms();
  site = await import('@/lib/cms');
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

const local = [
  { currency: 'NGN', amount: 250_000 },
  { currency: 'XOF', amount: 100_000 },
];

async function seededOffer() {
  const found = await cms.payload.find({ collection: 'offers', limit: 1, depth: 0 });
  return found.docs[0] as unknown as { id: number; slug: string };
}

// The editor's refusal of a save, with the messages of the field it names.
async function refused(save: () => Promise<unknown>): Promise<string> {
  try {
    await save();
  } catch (error) {
    return JSON.stringify((error as { data?: unknown }).data ?? String(error));
  }
  throw new Error('saved');
}

describe('prices in several currencies in the editor', () => {
  it('prices the seeded offer in NGN and XOF besides USD: the site reads them in every language', async () => {
    const offer = await seededOffer();
    await cms.payload.update({ collection: 'offers', id: offer.id, data: { prices: local } as never });
    for (const lang of ['en', 'fr'] as const) {
      const read = await site.cmsOffer(offer.slug, lang);
      expect(read?.prices).toEqual(local);
    }
  });

  it('prices an event and each ticket kind, the kinds in the same currencies', async () => {
    await cms.payload.create({
      collection: 'events',
      data: eventFields('priced-day', {
        img: '/images/events/hackathon-2023.svg',
        registrationLink: undefined,
        price: 20,
        capacity: 30,
        prices: [{ currency: 'GHS', amount: 300 }],
        _status: 'published',
      }) as never,
    });
    expect((await site.cmsEvent('priced-day', 'fr'))?.prices).toEqual([{ currency: 'GHS', amount: 300 }]);
    await cms.payload.create({
      collection: 'events',
      data: eventFields('priced-kinds', {
        img: '/images/events/hackathon-2023.svg',
        registrationLink: undefined,
        tickets: [
          { name: 'Student', price: 10, capacity: 5, prices: [{ currency: 'KES', amount: 1_300 }] },
          { name: 'Free', price: 0, capacity: 5 },
        ],
        _status: 'published',
      }) as never,
    });
    const kinds = (await site.cmsEvent('priced-kinds', 'en'))?.tickets;
    expect(kinds?.map((kind) => kind.prices)).toEqual([[{ currency: 'KES', amount: 1_300 }], undefined]);
  });

  it('refuses in words: dollars among the other currencies, a currency twice, nothing, a free item priced', async () => {
    const offer = await seededOffer();
    const update = (prices: unknown) => () =>
      cms.payload.update({ collection: 'offers', id: offer.id, data: { prices } as never });
    expect(
      await refused(
        update([
          { currency: 'NGN', amount: 5 },
          { currency: 'NGN', amount: 6 },
        ]),
      ),
    ).toMatch(/NGN is priced twice/);
    expect(await refused(update([{ currency: 'USD', amount: 5 }]))).toMatch(/currency|USD|invalid/i);
    expect(await refused(update([{ currency: 'EUR', amount: 5 }]))).toMatch(/currency|invalid/i);
    expect(await refused(update([{ currency: 'NGN', amount: 0 }]))).toMatch(/above zero/);
    const event = (fields: Record<string, unknown>) => () =>
      cms.payload.create({
        collection: 'events',
        data: eventFields(`refused-${Math.random().toString(36).slice(2, 8)}`, {
          img: '/images/events/hackathon-2023.svg',
          registrationLink: undefined,
          _status: 'published',
          ...fields,
        }) as never,
      });
    expect(await refused(event({ prices: [{ currency: 'NGN', amount: 5_000 }] }))).toMatch(
      /go with a price in US dollars/,
    );
    expect(
      await refused(
        event({
          tickets: [
            { name: 'A', price: 10, capacity: 5, prices: [{ currency: 'KES', amount: 1_300 }] },
            { name: 'B', price: 20, capacity: 5, prices: [{ currency: 'NGN', amount: 30_000 }] },
          ],
        }),
      ),
    ).toMatch(/same currencies/);
    // The offer keeps what it had.
    expect((await site.cmsOffer(offer.slug, 'en'))?.prices).toEqual(local);
  });

  it('leaves out an offer whose price is stored odd below the checks, and lists it as needing attention', async () => {
    const offer = await seededOffer();
    const db = (cms.payload.db as unknown as { drizzle: { run: (query: unknown) => Promise<unknown> } }).drizzle;
    await db.run(sql.raw(`UPDATE offers_prices SET amount = -3 WHERE _parent_id = ${Number(offer.id)}`));
    expect(await site.cmsOffer(offer.slug, 'en')).toBeUndefined();
    const problem = (await site.cmsProblems()).find((entry) => entry.id === String(offer.id));
    expect(problem?.fields).toEqual(expect.arrayContaining(['prices.0.amount']));
  });
});
