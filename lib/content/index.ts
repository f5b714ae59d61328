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
import { projectIdFromSlug, projectSlug } from '@/lib/slug';

import { parseContent } from './parse';
import * as schemas from './schemas';
import type { Course, ProjectDetail, ProjectSummary } from './types';

// Every page reads content from here, never from data/ directly, so all of it is validated when the
// build first imports this module.
export const site = parseContent('site.ts', schemas.siteSchema, rawSite);
export const contactInfo = parseContent('site.ts (contactInfo)', schemas.contactInfoSchema, rawContact);
export const socialLinks = parseContent('site.ts (socialLinks)', schemas.socialLinksSchema, rawSocial);
export const mainNav = parseContent('navigation.ts (mainNav)', schemas.navLinksSchema, rawMainNav);
export const footerNav = parseContent('navigation.ts (footerNav)', schemas.navLinksSchema, rawFooterNav);
export const courses = parseContent('courses.ts', schemas.coursesSchema, rawCourses);
const projects = parseContent('projects.ts', schemas.projectsSchema, { list: projectList, details: projectDetails });
export const projectSummaries = projects.list;
export const insights = parseContent('insights.ts', schemas.insightsSchema, rawInsights);
export const partners = parseContent('partners.ts', schemas.partnersSchema, rawPartners);
export const founders = parseContent('people.ts (founders)', schemas.peopleSchema, rawFounders);
export const advisoryBoard = parseContent('people.ts (advisoryBoard)', schemas.peopleSchema, rawBoard);
export const testimonials = parseContent('testimonials.ts', schemas.testimonialsSchema, rawTestimonials);
export const projectStats = parseContent('stats.ts (projectStats)', schemas.projectStatsSchema, rawProjectStats);
export const academyStats = parseContent('stats.ts (academyStats)', schemas.academyStatsSchema, rawAcademyStats);
export const events = parseContent('events.ts', schemas.eventsSchema, rawEvents);
export const offers = parseContent('offers.ts', schemas.offersSchema, rawOffers);
export const pages = parseContent('pages.ts', schemas.pagesSchema, {
  ...rawPages,
  insightsPage: { ...rawPages.insightsPage, submitLink: submitInsightLink },
});

// The entity of a page that is only ever built for the slugs its generateStaticParams lists
// (dynamicParams = false: any other slug is answered by Next before the page runs). Not finding it is a
// bug in that list, so it fails the build rather than showing a visitor a fallback.
export function prerendered<T>(entity: T | undefined, slug: string): T {
  if (entity === undefined) throw new Error(`No content for the prerendered slug "${slug}"`);
  return entity;
}

export function findCourse(slug: string): Course | undefined {
  return courses.find((course) => course.slug === slug);
}

export function coursePath(course: Course): string {
  return `/academy/${course.slug}`;
}

export function projectPath(project: { id: number; title: string }): string {
  return `/projects/${projectSlug(project)}`;
}

// docs/product.md §2: the project is found by the trailing number of its URL.
export function findProjectBySlug(slug: string): { summary: ProjectSummary; detail: ProjectDetail } | undefined {
  const id = projectIdFromSlug(slug);
  const summary = projectSummaries.find((p) => p.id === id);
  const detail = id === null ? undefined : projects.details[id - 1];
  return summary && detail ? { summary, detail } : undefined;
}

export function findEvent(slug: string) {
  return events.find((event) => event.slug === slug);
}

export function findOffer(slug: string) {
  return offers.find((offer) => offer.slug === slug);
}
