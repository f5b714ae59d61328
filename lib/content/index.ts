import { courses as rawCourses } from '@/data/courses';
import { events as rawEvents } from '@/data/events';
import { insights as rawInsights, submitInsightLink } from '@/data/insights';
import { footerNav as rawFooterNav, mainNav as rawMainNav } from '@/data/navigation';
import { offers as rawOffers } from '@/data/offers';
import * as rawPages from '@/data/pages';
import { partners as rawPartners } from '@/data/partners';
import { advisoryBoard as rawBoard, founders as rawFounders } from '@/data/people';
import { projectDetails, projectList } from '@/data/projects';
import { contactInfo as rawContact, site as rawSite, socialLinks as rawSocial } from '@/data/site';
import { academyStats as rawAcademyStats, projectStats as rawProjectStats } from '@/data/stats';
import { testimonials as rawTestimonials } from '@/data/testimonials';
import { translations } from '@/data/translations';
import {
  defaultLang,
  langs,
  localePath,
  type Lang,
  type Localised,
  type TranslatedLang,
  type Translation,
} from '@/lib/i18n';
import { projectIdFromSlug } from '@/lib/slug';

import { parseContent } from './parse';
import * as schemas from './schemas';
import type { Course, ProjectDetail, ProjectSummary } from './types';

// Every page reads content from here, never from data/ directly, so all of it is validated when the
// build first imports this module. Each language is parsed from its own data (docs/product.md §12):
// English from data/, each other language from data/{lang}/, which lays its texts over the same facts.
function parseLanguage(lang: Lang, raw: Translation<typeof english>) {
  const file = (name: string) => (lang === defaultLang ? name : `${lang}/${name}`);
  const nav = (links: unknown) =>
    parseContent(file('navigation.ts'), schemas.navLinksSchema, links).map((link) => ({
      ...link,
      href: localePath(lang, link.href),
    }));
  const projects = parseContent(file('projects.ts'), schemas.projectsSchema, {
    list: raw.projectList,
    details: raw.projectDetails,
  });
  return {
    lang,
    site: parseContent(file('site.ts'), schemas.siteSchema, raw.site),
    contactInfo: parseContent('site.ts (contactInfo)', schemas.contactInfoSchema, rawContact),
    socialLinks: parseContent('site.ts (socialLinks)', schemas.socialLinksSchema, rawSocial),
    mainNav: nav(raw.mainNav),
    footerNav: nav(raw.footerNav),
    courses: parseContent(file('courses.ts'), schemas.coursesSchemaFor(lang), raw.courses),
    projectSummaries: projects.list,
    projectDetails: projects.details,
    insights: parseContent(file('insights.ts'), schemas.insightsSchema, raw.insights),
    partners: parseContent(file('partners.ts'), schemas.partnersSchema, raw.partners),
    founders: parseContent(file('people.ts'), schemas.peopleSchema, raw.founders),
    advisoryBoard: parseContent(file('people.ts'), schemas.peopleSchema, raw.advisoryBoard),
    testimonials: parseContent(file('testimonials.ts'), schemas.testimonialsSchema, raw.testimonials),
    projectStats: parseContent('stats.ts (projectStats)', schemas.projectStatsSchema, rawProjectStats),
    academyStats: parseContent('stats.ts (academyStats)', schemas.academyStatsSchema, rawAcademyStats),
    events: parseContent(file('events.ts'), schemas.eventsSchema, raw.events),
    offers: parseContent(file('offers.ts'), schemas.offersSchema, raw.offers),
    pages: parseContent(file('pages.ts'), schemas.pagesSchema, {
      ...raw.pages,
      insightsPage: { ...raw.pages.insightsPage, submitLink: submitInsightLink },
    }),
  };
}

export const english = {
  site: rawSite,
  mainNav: rawMainNav,
  footerNav: rawFooterNav,
  courses: rawCourses,
  projectList,
  projectDetails,
  insights: rawInsights,
  partners: rawPartners,
  founders: rawFounders,
  advisoryBoard: rawBoard,
  testimonials: rawTestimonials,
  events: rawEvents,
  offers: rawOffers,
  pages: rawPages,
};

export type Content = ReturnType<typeof parseLanguage>;

// A language in the table without its texts in data/translations.ts fails the type check here.
const translated: Record<TranslatedLang, Translation<typeof english>> = translations;
const bundles = Object.fromEntries(
  langs.map((lang) => [lang, parseLanguage(lang, lang === defaultLang ? english : translated[lang])]),
) as Localised<Content>;

// The content of a page in its language.
export function content(lang: Lang): Content {
  return bundles[lang];
}

// The English content, which the server's own texts (staff mails, the export, the registry) use.
export const {
  site,
  contactInfo,
  socialLinks,
  mainNav,
  footerNav,
  courses,
  projectSummaries,
  insights,
  partners,
  founders,
  advisoryBoard,
  testimonials,
  projectStats,
  academyStats,
  events,
  offers,
  pages,
} = bundles[defaultLang];

export function findCourse(slug: string, lang: Lang = defaultLang): Course | undefined {
  return content(lang).courses.find((course) => course.slug === slug);
}

// The course an enrolment names by its English title (what the form posts and the record keeps), in
// a language.
export function findCourseByTitle(title: string, lang: Lang): Course | undefined {
  const id = courses.find((course) => course.title === title)?.id;
  return content(lang).courses.find((course) => course.id === id);
}

export function coursePath(course: { slug: string }): string {
  return `/academy/${course.slug}`;
}

export function eventPath(event: { slug: string }): string {
  return `/events/${event.slug}`;
}

export function offerPath(offer: { slug: string }): string {
  return `/offers/${offer.slug}`;
}

// docs/product.md §2: the project is found by the trailing number of its URL. (The site reads the projects
// from the CMS, lib/cms, which data/ only seeds.)
export function findProjectBySlug(
  slug: string,
  lang: Lang = defaultLang,
): { summary: ProjectSummary; detail: ProjectDetail } | undefined {
  const id = projectIdFromSlug(slug);
  const { projectSummaries: summaries, projectDetails: details } = content(lang);
  const summary = summaries.find((p) => p.id === id);
  const detail = id === null ? undefined : details[id - 1];
  return summary && detail ? { summary, detail } : undefined;
}

export function findEvent(slug: string, lang: Lang = defaultLang) {
  return content(lang).events.find((event) => event.slug === slug);
}

export function findOffer(slug: string, lang: Lang = defaultLang) {
  return content(lang).offers.find((offer) => offer.slug === slug);
}
