/** @jest-environment node */
import * as enCourses from '@/data/courses';
import * as enEvents from '@/data/events';
import * as frCourses from '@/data/fr/courses';
import * as frEvents from '@/data/fr/events';
import * as frInsights from '@/data/fr/insights';
import * as frNavigation from '@/data/fr/navigation';
import * as frOffers from '@/data/fr/offers';
import * as frPages from '@/data/fr/pages';
import * as frPartners from '@/data/fr/partners';
import * as frPeople from '@/data/fr/people';
import * as frProjects from '@/data/fr/projects';
import * as frSite from '@/data/fr/site';
import * as frTestimonials from '@/data/fr/testimonials';
import * as enInsights from '@/data/insights';
import * as enNavigation from '@/data/navigation';
import * as enOffers from '@/data/offers';
import * as enPages from '@/data/pages';
import * as enPartners from '@/data/partners';
import * as enPeople from '@/data/people';
import * as enProjects from '@/data/projects';
import * as enSite from '@/data/site';
import * as enTestimonials from '@/data/testimonials';
import * as schemas from '@/lib/content/schemas';
import { slugify } from '@/lib/slug';

// Each French module beside its English twin.
const modules: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['courses', enCourses, frCourses],
  ['events', enEvents, frEvents],
  ['insights', enInsights, frInsights],
  ['navigation', enNavigation, frNavigation],
  ['offers', enOffers, frOffers],
  ['pages', enPages, frPages],
  ['partners', enPartners, frPartners],
  ['people', enPeople, frPeople],
  ['projects', enProjects, frProjects],
  ['site', enSite, frSite],
  ['testimonials', enTestimonials, frTestimonials],
];

// Exports only the French side has: the word the page shows for the English fee 'Free'.
const frenchOnlyExports = new Set(['courses.freeCost']);

// Fields that hold facts, not words: identical in both languages.
const factKeys = new Set([
  'id',
  'slug',
  'name',
  'img',
  'flag',
  'mapImg',
  'link',
  'href',
  'pay_link',
  'registrationLink',
  'project_link',
  'cohortLink',
  'trainingLink',
  'projectLink',
  'submitInsightLink',
  'startDate',
  'endDate',
  'cohortStartDate',
  'endsOnDate',
  'cost',
  'domain',
  'brandColour',
  'email',
  'phone',
  // The postal address, written as the post in Lagos expects it.
  'address',
]);

// Texts that are rightly the same in French.
const sameInFrench = new Map<string, string>([
  ...enPartners.partners.map((p): [string, string] => [p.alt, 'a partner logo’s text is the organisation’s name']),
  ['Water Point Watch', 'a project’s name, which is also its address'],
  ['Contact', 'the same word in French'],
  ['Nigeria', 'the country’s name as French speakers write it'],
  ['Ghana', 'the country’s name as French speakers write it'],
  ['Sierra Leone', 'the country’s name as French speakers write it'],
  ['{processors}', 'only a placeholder, replaced by the list of processors'],
]);

const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
const tags = (s: string) => s.match(/<\/?[a-z0-9]+\b[^>]*>/g) ?? [];

// French typography: the typographic apostrophe, and a no-break space (U+00A0, the one used throughout)
// before two-part punctuation and inside « ».
function typographyProblems(text: string): string[] {
  const words = text.replace(/<[^>]*>/g, '');
  const problems: string[] = [];
  if (/['"]/.test(words)) problems.push('a straight quote or apostrophe (use ’ or « »)');
  if (/[^\u00a0][:;!?]/.test(words)) problems.push('no no-break space before : ; ! or ?');
  if (/«[^\u00a0]|[^\u00a0]»/.test(words)) problems.push('no no-break space inside « »');
  // Intl's thousands separator is the one narrow no-break space (« 3 000 »).
  if (/(?<!\d)\u202f|\u202f(?!\d{3})/.test(words)) problems.push('a narrow no-break space (this site uses U+00A0)');
  return problems;
}

// Walks a French value with its English twin and lists every way it departs from the rules.
function compare(en: unknown, fr: unknown, path: string, key: string, problems: string[]): void {
  if (Array.isArray(en)) {
    if (!Array.isArray(fr) || fr.length !== en.length) {
      problems.push(`${path}: a list of ${en.length} in English, not the same in French`);
      return;
    }
    en.forEach((item, i) => compare(item, fr[i], `${path}[${i}]`, key, problems));
    return;
  }
  if (en !== null && typeof en === 'object') {
    if (fr === null || typeof fr !== 'object' || Array.isArray(fr)) {
      problems.push(`${path}: not an object in French`);
      return;
    }
    const enKeys = Object.keys(en).sort();
    const frKeys = Object.keys(fr).sort();
    if (enKeys.join() !== frKeys.join()) problems.push(`${path}: keys ${frKeys.join()} instead of ${enKeys.join()}`);
    for (const k of enKeys) {
      compare((en as Record<string, unknown>)[k], (fr as Record<string, unknown>)[k], `${path}.${k}`, k, problems);
    }
    return;
  }
  if (typeof en !== 'string' || factKeys.has(key)) {
    if (fr !== en) problems.push(`${path}: ${JSON.stringify(fr)} instead of the English ${JSON.stringify(en)}`);
    return;
  }
  if (typeof fr !== 'string' || fr.trim() === '') {
    problems.push(`${path}: no French text`);
    return;
  }
  if (fr === en && !sameInFrench.has(en)) problems.push(`${path}: still in English (${JSON.stringify(en)})`);
  if (placeholders(fr).join() !== placeholders(en).join())
    problems.push(`${path}: placeholders ${placeholders(fr).join()} instead of ${placeholders(en).join()}`);
  if (tags(fr).join('') !== tags(en).join('')) problems.push(`${path}: HTML tags differ from the English`);
  for (const p of typographyProblems(fr)) problems.push(`${path}: ${p}`);
}

function problemsOf(module: string, en: Record<string, unknown>, fr: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(en)) {
    if (!(name in fr)) problems.push(`${module}.${name}: no French export`);
    else compare(en[name], fr[name], `${module}.${name}`, name, problems);
  }
  for (const name of Object.keys(fr)) {
    if (!(name in en) && !frenchOnlyExports.has(`${module}.${name}`))
      problems.push(`${module}.${name}: not in English`);
  }
  return problems;
}

describe('the French content in data/fr', () => {
  it.each(modules)('%s: the English shape and facts, every text in French', (module, en, fr) => {
    expect(problemsOf(module, en, fr)).toEqual([]);
  });

  it('finds a text left in English, a missing text, a changed fact and a lost placeholder', () => {
    const en = { title: 'Hello', link: 'https://example.org', items: ['One', 'Two'], note: 'In {days}' };
    expect(problemsOf('m', { x: en }, { x: { ...en, items: ['Un', 'Deux'], note: 'Dans {jours}' } })).toEqual([
      'm.x.note: placeholders {jours} instead of {days}',
      'm.x.title: still in English ("Hello")',
    ]);
    expect(problemsOf('m', { x: en }, { x: { title: 'Bonjour', link: 'https://example.com', items: ['Un'] } })).toEqual(
      [
        'm.x: keys items,link,title instead of items,link,note,title',
        'm.x.items: a list of 2 in English, not the same in French',
        'm.x.link: "https://example.com" instead of the English "https://example.org"',
        'm.x.note: no French text',
      ],
    );
    expect(typographyProblems("Une question ? Écrivez-nous: l'équipe répond")).toEqual([
      'a straight quote or apostrophe (use ’ or « »)',
      'no no-break space before : ; ! or ?',
    ]);
  });

  it('gives 3-week and 1-week courses their French durations, and the word for a free course', () => {
    frCourses.courses.forEach((course, i) => {
      const english = enCourses.courses[i]!.duration.match(/^(\d+) weeks?$/)![1];
      expect(course.duration).toBe(`${english}\u00a0semaine${english === '1' ? '' : 's'}`);
    });
    expect(frCourses.freeCost).toBe('Offerts');
  });

  it('passes the schemas the English content passes', () => {
    expect(() => schemas.siteSchema.parse(frSite.site)).not.toThrow();
    expect(() => schemas.contactInfoSchema.parse(frSite.contactInfo)).not.toThrow();
    expect(() => schemas.socialLinksSchema.parse(frSite.socialLinks)).not.toThrow();
    expect(() => schemas.navLinksSchema.parse(frNavigation.mainNav)).not.toThrow();
    expect(() => schemas.navLinksSchema.parse(frNavigation.footerNav)).not.toThrow();
    // The schema's two English-only rules: a course's slug stays the English one, and its duration is
    // written in French (checked above), so it is checked here in the English form of the same figure.
    const courses = frCourses.courses.map((course) => ({
      ...course,
      slug: slugify(course.title),
      duration: course.duration.replace(/^(\d+)\u00a0semaines?$/, (_, n: string) => `${n} week${n === '1' ? '' : 's'}`),
    }));
    expect(() => schemas.coursesSchema.parse(courses)).not.toThrow();
    const projects = { list: frProjects.projectList, details: frProjects.projectDetails };
    expect(() => schemas.projectsSchema.parse(projects)).not.toThrow();
    expect(() => schemas.insightsSchema.parse(frInsights.insights)).not.toThrow();
    expect(() => schemas.partnersSchema.parse(frPartners.partners)).not.toThrow();
    expect(() => schemas.peopleSchema.parse(frPeople.founders)).not.toThrow();
    expect(() => schemas.peopleSchema.parse(frPeople.advisoryBoard)).not.toThrow();
    expect(() => schemas.testimonialsSchema.parse(frTestimonials.testimonials)).not.toThrow();
    expect(() => schemas.eventsSchema.parse(frEvents.events)).not.toThrow();
    expect(() => schemas.offersSchema.parse(frOffers.offers)).not.toThrow();
    const insightsPage = { ...frPages.insightsPage, submitLink: frInsights.submitInsightLink };
    expect(() => schemas.pagesSchema.parse({ ...frPages, insightsPage })).not.toThrow();
  });
});
