import type * as cms from '@/lib/cms';
import { content } from '@/lib/content';
import type { Lang } from '@/lib/i18n';

// What lib/cms serves from a database seeded from data/ (lib/cms/seed.ts), without Payload: the jsdom
// suite stands on it (jest.config.mjs), and tests/cms proves the real door serves the same content
// (seed.test.ts).
export const cmsEvents: typeof cms.cmsEvents = async (lang: Lang) =>
  content(lang).events.map((event) => ({ ...event }));

export const cmsOffers: typeof cms.cmsOffers = async (lang: Lang) =>
  content(lang).offers.map((offer) => ({ ...offer }));

export const cmsOffer: typeof cms.cmsOffer = async (slug: string, lang: Lang) =>
  (await cmsOffers(lang)).find((offer) => offer.slug === slug);

export const cmsEvent: typeof cms.cmsEvent = async (slug: string, lang: Lang) =>
  (await cmsEvents(lang)).find((event) => event.slug === slug);

export const cmsItems: typeof cms.cmsItems = async (lang: Lang = 'en') => [
  ...content(lang).events.map((event) => ({
    collection: 'user' as const,
    slug: event.slug,
    title: event.title,
    lastDay: event.endDate,
  })),
  ...content(lang).offers.map((offer) => ({
    collection: 'offer' as const,
    slug: offer.slug,
    title: offer.title,
    lastDay: offer.endsOnDate,
  })),
];
