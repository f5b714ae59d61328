import type * as cms from '@/lib/cms';
import { content } from '@/lib/content';
import { expandSeries } from '@/lib/content/series';
import type { Lang } from '@/lib/i18n';
import { projectIdFromSlug, projectSlug } from '@/lib/slug';

// What lib/cms serves from a database seeded from data/ (lib/cms/seed.ts), without Payload: the jsdom
// suite stands on it (jest.config.mjs), and tests/cms proves the real door serves the same content
// (seed.test.ts).
// A seeded course's key is its English title of data/ (lib/cms/seed.ts).
export const cmsCourses: typeof cms.cmsCourses = async (lang: Lang) =>
  content(lang).courses.map((course) => ({
    ...course,
    key: content('en').courses.find((english) => english.id === course.id)!.title,
  }));

export const cmsCourse: typeof cms.cmsCourse = async (slug: string, lang: Lang) =>
  (await cmsCourses(lang)).find((course) => course.slug === slug);

export const cmsCourseByKey: typeof cms.cmsCourseByKey = async (key: string, lang: Lang) =>
  (await cmsCourses(lang)).find((course) => course.key === key);

// Each date of a series an event of its own, as the real door reads them (lib/content/series.ts); a
// test adds a series by pushing an event with a repeat rule into content(lang).events.
export const cmsEvents: typeof cms.cmsEvents = async (lang: Lang) =>
  expandSeries(
    content(lang).events.map((event) => ({ ...event })),
    lang,
  );

export const cmsOffers: typeof cms.cmsOffers = async (lang: Lang) =>
  content(lang).offers.map((offer) => ({ ...offer }));

export const cmsOffer: typeof cms.cmsOffer = async (slug: string, lang: Lang) =>
  (await cmsOffers(lang)).find((offer) => offer.slug === slug);

export const cmsEvent: typeof cms.cmsEvent = async (slug: string, lang: Lang) =>
  (await cmsEvents(lang)).find((event) => event.slug === slug);

export const cmsItems: typeof cms.cmsItems = async (lang: Lang = 'en') => [
  ...(await cmsCourses(lang)).map((course) => ({
    collection: 'enrolment' as const,
    slug: course.key,
    title: course.title,
    lastDay: '9999-12-31',
  })),
  ...(await cmsEvents(lang)).map((event) => ({
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

export const cmsInsights: typeof cms.cmsInsights = async (lang: Lang) => content(lang).insights.map((i) => ({ ...i }));
export const cmsPartners: typeof cms.cmsPartners = async (lang: Lang) => content(lang).partners.map((p) => ({ ...p }));
export const cmsPeople: typeof cms.cmsPeople = async (lang: Lang, group) =>
  content(lang)[group].map((person) => ({ ...person }));
export const cmsTestimonials: typeof cms.cmsTestimonials = async (lang: Lang) =>
  content(lang).testimonials.map((t) => ({ ...t }));
export const cmsFigures: typeof cms.cmsFigures = async () => ({
  projectStats: { ...content('en').projectStats },
  academyStats: { ...content('en').academyStats },
});
export const cmsContact: typeof cms.cmsContact = async () => ({
  contactInfo: { ...content('en').contactInfo },
  socialLinks: content('en').socialLinks.map((link) => ({ ...link })),
});
// A project's address is made from its English title and its number.
export const cmsProjects: typeof cms.cmsProjects = async (lang: Lang) =>
  content(lang).projectSummaries.map((summary) => ({
    summary: { ...summary, slug: projectSlug(content('en').projectSummaries.find((p) => p.id === summary.id)!) },
    detail: content(lang).projectDetails[summary.id - 1]!,
  }));
export const cmsProject: typeof cms.cmsProject = async (slug: string, lang: Lang) =>
  (await cmsProjects(lang)).find((project) => project.summary.id === projectIdFromSlug(slug));
// Who signs the certificates: nobody, unless a test sets it (odd values included).
export const signatoryForTests: { value: Awaited<ReturnType<typeof cms.cmsSignatory>> } = {
  value: { name: null, role: null, signature: null },
};
export const cmsSignatory: typeof cms.cmsSignatory = async () => signatoryForTests.value;
