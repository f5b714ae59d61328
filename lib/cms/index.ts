import type { Payload } from 'payload';
import { z } from 'zod';

import { content } from '@/lib/content';
import {
  academyStatsSchema,
  contactInfoSchema,
  courseSchemaFor,
  eventSchema,
  insightSchema,
  offerSchema,
  partnerSchema,
  personSchema,
  projectDetail,
  projectListItem,
  projectStatsSchema,
  socialLinksSchema,
  testimonialSchema,
} from '@/lib/content/schemas';
import { expandSeries, occurrences } from '@/lib/content/series';
import type {
  ContactInfo,
  Insight,
  Offer,
  Partner,
  Person,
  ProjectDetail,
  ProjectSummary,
  SiteEvent,
  SocialLink,
  Testimonial,
} from '@/lib/content/types';
import { defaultLang, langs, type Lang } from '@/lib/i18n';
import { projectIdFromSlug, projectSlug } from '@/lib/slug';

import type { EditorialCollection } from './access';
import { pictureBytes, type PictureBytes } from './bucket';
import { globalOr, globalProblem, keepValid, sortDocs, type Checked, type ContentProblem, type Doc } from './checked';
import { imageSizes } from './collections/media';
import { projectOf } from './collections/projects';
import { cms } from './payload';
import { toCourse, toEvent, toOffer, type CmsCourse } from './shapes';

export { bodyRefusal, refusalOf, writesDocument, type Refusal } from './api-guard';
export { readUpload } from './multipart';
export { inApiRequest, refused } from './refusals';
export type { CmsCourse } from './shapes';
export { announceContentChange, contentChangedPost, watchContentChanges } from './elsewhere';
export { cms } from './payload';
export { createPublishingTask } from './scheduled';
export { operatorCommand } from './schema';

// The one door to the CMS's content for the site's pages: plain async functions that return content in
// the shapes of lib/content/types.ts, published documents only, checked by the same schemas as data/.

type Collection = EditorialCollection;
type ItemCollection = 'courses' | 'events' | 'offers';
type Where = Parameters<Payload['find']>[0]['where'];

// The documents of a collection in a language (a text not yet translated in the default one's), as
// plain records: published only, unless `draft` asks for each one's latest saved version.
async function documents(
  collection: Collection,
  lang: Lang,
  { where, sort, draft = false, limit }: { where: Where; sort?: string; draft?: boolean; limit?: number },
): Promise<Record<string, unknown>[]> {
  const payload = await cms();
  const { docs } = await payload.find({
    collection,
    locale: lang,
    fallbackLocale: defaultLang,
    draft,
    where,
    sort,
    ...(limit ? { limit } : { pagination: false }),
    depth: 0,
  });
  return docs as Record<string, unknown>[];
}

const published: Where = { _status: { equals: 'published' } };

// The published courses in a language, in the academy's order (the order they were added in).
// How each collection's documents are checked, one by one, as the site reads them in a language.
const courseCheck =
  (lang: Lang) =>
  (doc: Doc): Checked<CmsCourse> => {
    const course = toCourse(doc, lang);
    const result = courseSchemaFor(lang, { fromData: false }).safeParse(course);
    return result.success ? { success: true, data: { ...result.data, key: course.key } } : result;
  };
const eventCheck = () => (doc: Doc) => eventSchema.safeParse(toEvent(doc));
const offerCheck = () => (doc: Doc) => offerSchema.safeParse(toOffer(doc));
const fieldsOf = <K extends string>(doc: Record<string, unknown>, names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, doc[name]])) as Record<K, unknown>;
const insightCheck = () => (doc: Doc) =>
  insightSchema.safeParse(fieldsOf(doc, ['title', 'img', 'description', 'link']));
const partnerCheck = () => (doc: Doc) => partnerSchema.safeParse(fieldsOf(doc, ['img', 'alt']));
const personCheck = () => (doc: Doc) => personSchema.safeParse(fieldsOf(doc, ['name', 'title', 'img', 'link']));
const testimonialCheck = () => (doc: Doc) =>
  testimonialSchema.safeParse(fieldsOf(doc, ['quote', 'name', 'country', 'flag', 'title']));
const projectSchema = z.object({ summary: projectListItem, detail: projectDetail });
const projectCheck = () => (doc: Doc) => projectSchema.safeParse(projectOf(doc));

export async function cmsCourses(lang: Lang): Promise<CmsCourse[]> {
  const docs = await documents('courses', lang, { where: published, sort: 'id' });
  return keepValid('courses', lang, docs, courseCheck(lang), (course) => course.slug).map(({ value }) => value);
}

export async function cmsCourse(slug: string, lang: Lang): Promise<CmsCourse | undefined> {
  return (await cmsCourses(lang)).find((course) => course.slug === slug);
}

// The course an enrolment names by its key (lib/cms/shapes.ts), published or not: the records of a
// course taken off the site still name it.
export async function cmsCourseByKey(key: string, lang: Lang): Promise<CmsCourse | undefined> {
  const [doc] = await documents('courses', lang, { where: { key: { equals: key } }, limit: 1 });
  return doc && toCourse(doc, lang);
}

// The published events in a language, in date order.
// Each date of a series is an event of its own (lib/content/series.ts).
export async function cmsEvents(lang: Lang): Promise<SiteEvent[]> {
  const docs = await documents('events', lang, { where: published, sort: 'startDate' });
  const events = keepValid('events', lang, docs, eventCheck(), (event) => event.slug).map(({ value }) => value);
  return expandSeries(events, lang);
}

export async function cmsEvent(slug: string, lang: Lang): Promise<SiteEvent | undefined> {
  return (await cmsEvents(lang)).find((event) => event.slug === slug);
}

// The published offers in a language, by their last day.
export async function cmsOffers(lang: Lang): Promise<Offer[]> {
  const docs = await documents('offers', lang, { where: published, sort: 'endsOnDate' });
  return keepValid('offers', lang, docs, offerCheck(), (offer) => offer.slug).map(({ value }) => value);
}

export async function cmsOffer(slug: string, lang: Lang): Promise<Offer | undefined> {
  return (await cmsOffers(lang)).find((offer) => offer.slug === slug);
}

// Every course, event and offer in the CMS, published or not, by its title in a language and the day it ends:
// the workspace names a registration's item by it and lists it in its filters, also once unpublished.
export interface CmsItem {
  collection: 'enrolment' | 'user' | 'offer';
  slug: string;
  title: string;
  lastDay: string;
  // A paid event's ticket kinds, by their ids, with their names: the staff's lists and downloads name
  // each registration's kind (docs/product.md §14).
  tickets?: { id: string; name: string }[];
}

export async function cmsItems(lang: Lang = defaultLang): Promise<CmsItem[]> {
  const find = (collection: Collection) => documents(collection, lang, { where: {}, sort: 'id', draft: true });
  const [courses, events, offers] = await Promise.all([find('courses'), find('events'), find('offers')]);
  const item = (collection: CmsItem['collection'], doc: Record<string, unknown>, lastDay: unknown): CmsItem => ({
    collection,
    slug: String(doc.slug ?? ''),
    title: String(doc.title ?? doc.slug ?? ''),
    lastDay: String(lastDay ?? ''),
    ...(Array.isArray(doc.tickets) && doc.tickets.length > 0
      ? {
          tickets: (doc.tickets as Record<string, unknown>[]).map((row) => ({
            id: String(row.id ?? ''),
            name: String(row.name ?? row.id ?? ''),
          })),
        }
      : {}),
  });
  return [
    // A course has no last day: it stays in the filters. Its records name it by its key.
    ...courses.map((doc) => item('enrolment', { ...doc, slug: toCourse(doc).key }, '9999-12-31')),
    // Each date of a series is an item of its own, named with its date.
    ...events.flatMap((doc) => {
      const dates = occurrences(toEvent(doc), lang);
      if (dates.length < 2) return [item('user', doc, doc.endDate)];
      return dates.map((date) =>
        item('user', { slug: date.slug, title: `${String(doc.title ?? doc.slug)} · ${date.startDate}` }, date.endDate),
      );
    }),
    ...offers.map((doc) => item('offer', doc, doc.endsOnDate)),
  ].filter((entry) => entry.slug !== '');
}

// The latest saved version of one course, event or offer, draft or published, for its preview
// (app/staff/preview): only a request in the CMS's draft mode, which a content editor's session opens,
// reads through these.
async function latest(
  collection: ItemCollection,
  slug: string,
  lang: Lang,
): Promise<Record<string, unknown> | undefined> {
  const [doc] = await documents(collection, lang, { where: { slug: { equals: slug } }, draft: true, limit: 1 });
  return doc;
}

export async function cmsCourseDraft(slug: string, lang: Lang): Promise<CmsCourse | undefined> {
  const doc = await latest('courses', slug, lang);
  if (!doc) return undefined;
  const result = courseCheck(lang)(doc);
  return result.success ? result.data : undefined;
}

export async function cmsEventDraft(slug: string, lang: Lang): Promise<SiteEvent | undefined> {
  const doc = await latest('events', slug, lang);
  const result = doc && eventCheck()(doc);
  return result?.success ? result.data : undefined;
}

export async function cmsOfferDraft(slug: string, lang: Lang): Promise<Offer | undefined> {
  const doc = await latest('offers', slug, lang);
  const result = doc && offerCheck()(doc);
  return result?.success ? result.data : undefined;
}

// The shorter lists, in the order staff gave them: published entries, or in the editor's preview
// (draft mode) the latest saved version of each. A list may be emptied (every entry unpublished): its
// page then shows none, where data/ required one.
type Draft = { draft?: boolean };
async function listed(
  collection: 'insights' | 'partners' | 'people' | 'testimonials' | 'projects',
  lang: Lang,
  draft = false,
) {
  return documents(collection, lang, { where: draft ? {} : published, sort: '_order', draft });
}
export async function cmsInsights(lang: Lang, { draft }: Draft = {}): Promise<Insight[]> {
  const docs = await listed('insights', lang, draft);
  return keepValid('insights', lang, docs, insightCheck()).map(({ value }) => value);
}

export async function cmsPartners(lang: Lang, { draft }: Draft = {}): Promise<Partner[]> {
  const docs = await listed('partners', lang, draft);
  return keepValid('partners', lang, docs, partnerCheck()).map(({ value }) => value);
}

export async function cmsPeople(
  lang: Lang,
  group: 'founders' | 'advisoryBoard',
  { draft }: Draft = {},
): Promise<Person[]> {
  const docs = (await listed('people', lang, draft)).filter((doc) => doc.group === group);
  return keepValid('people', lang, docs, personCheck()).map(({ value }) => value);
}

export async function cmsTestimonials(lang: Lang, { draft }: Draft = {}): Promise<Testimonial[]> {
  const docs = await listed('testimonials', lang, draft);
  return keepValid('testimonials', lang, docs, testimonialCheck()).map(({ value }) => value);
}

// The projects, in the order staff gave them: each one's card (with the slug of its address, made from
// its title in the default language and its number) and its page (sections made HTML).
export interface CmsProject {
  summary: ProjectSummary & { slug: string };
  detail: ProjectDetail;
}
export async function cmsProjects(lang: Lang, { draft }: Draft = {}): Promise<CmsProject[]> {
  const docs = await listed('projects', lang, draft);
  const named = lang === defaultLang ? docs : await listed('projects', defaultLang, draft);
  const titles = new Map(named.map((doc) => [doc.id, String(doc.title)]));
  return keepValid('projects', lang, docs, projectCheck()).map(({ doc, value: { summary, detail } }) => {
    const slug = projectSlug({ id: summary.id, title: titles.get(doc.id) ?? summary.title });
    return { summary: { ...summary, slug }, detail };
  });
}

// The project a page's address names by its number (its words may be those of an older title).
export async function cmsProject(slug: string, lang: Lang, options: Draft = {}): Promise<CmsProject | undefined> {
  const id = projectIdFromSlug(slug);
  return id === null ? undefined : (await cmsProjects(lang, options)).find((project) => project.summary.id === id);
}

// The figures of the Projects and Academy pages. Figures the site cannot read are the first ones, from
// data/, until they are fixed.
const figuresSchema = z.object({ projectStats: projectStatsSchema, academyStats: academyStatsSchema });
async function figuresValue() {
  const payload = await cms();
  const figures = await payload.findGlobal({ slug: 'figures', depth: 0 });
  const group = (value: unknown) => {
    const { id: _id, ...rest } = (value ?? {}) as Record<string, unknown>;
    return rest;
  };
  return {
    value: { projectStats: group(figures.projectStats), academyStats: group(figures.academyStats) },
    version: figures.updatedAt,
  };
}

export async function cmsFigures(): Promise<z.output<typeof figuresSchema>> {
  const { value, version } = await figuresValue();
  const first = () => {
    const { projectStats, academyStats } = content(defaultLang);
    return { projectStats, academyStats };
  };
  return globalOr('figures', figuresSchema, value, first, version);
}

// The organisation's contact details and social pages, or the first ones from data/ while they cannot be read.
const contactSchema = z.object({ contactInfo: contactInfoSchema, socialLinks: socialLinksSchema });
async function contactValue() {
  const payload = await cms();
  const contact = await payload.findGlobal({ slug: 'contact', depth: 0 });
  const links = ((contact.socialLinks ?? []) as Record<string, unknown>[]).map(({ name, href }) => ({ name, href }));
  return {
    value: {
      contactInfo: { email: contact.email, phone: contact.phone, address: contact.address },
      socialLinks: links,
    },
    version: contact.updatedAt,
  };
}

export async function cmsContact(): Promise<{ contactInfo: ContactInfo; socialLinks: SocialLink[] }> {
  const { value, version } = await contactValue();
  const first = () => {
    const { contactInfo, socialLinks } = content(defaultLang);
    return { contactInfo, socialLinks };
  };
  return globalOr('contact', contactSchema, value, first, version);
}

// Who signs the certificates, as the editor set it (lib/cms/globals/certificates.ts), in a language:
// each part as stored, for lib/certificates to check; the signature as its upload's file name.
export async function cmsSignatory(lang: Lang): Promise<{ name: unknown; role: unknown; signature: unknown }> {
  const payload = await cms();
  const doc = await payload.findGlobal({ slug: 'certificates', locale: lang, fallbackLocale: defaultLang, depth: 1 });
  const signature = doc.signature as { filename?: unknown } | number | null | undefined;
  return {
    name: doc.signatoryName,
    role: doc.signatoryRole,
    signature: typeof signature === 'object' && signature ? signature.filename : null,
  };
}

// Every item the site leaves out because it cannot read it, in any language, with the address where an
// editor fixes it: the workspace lists them as needing attention.
export type { ContentProblem } from './checked';
export async function cmsProblems(): Promise<ContentProblem[]> {
  const checks = {
    courses: courseCheck,
    events: eventCheck,
    offers: offerCheck,
    insights: insightCheck,
    partners: partnerCheck,
    people: personCheck,
    testimonials: testimonialCheck,
    projects: projectCheck,
  } satisfies Record<Collection, (lang: Lang) => (doc: Doc) => Checked<unknown>>;
  const slugOf = (value: unknown) => (value as { slug?: unknown }).slug;
  const perLanguage = await Promise.all(
    langs.flatMap((lang) =>
      (Object.keys(checks) as Collection[]).map(async (collection) => {
        const docs = await documents(collection, lang, { where: published, sort: 'id' });
        const keyed = ['courses', 'events', 'offers'].includes(collection);
        return sortDocs(collection, lang, docs, checks[collection](lang), keyed ? slugOf : undefined).problems;
      }),
    ),
  );
  const [figures, contact] = await Promise.all([figuresValue(), contactValue()]);
  // One entry per item, naming the languages it fails in.
  const byItem = new Map<string, ContentProblem>();
  for (const problem of perLanguage.flat()) {
    const key = `${problem.collection}:${problem.id}`;
    const known = byItem.get(key);
    if (known) {
      known.lang = `${known.lang}, ${problem.lang}`;
      known.fields = [...new Set([...known.fields, ...problem.fields])];
    } else byItem.set(key, { ...problem });
  }
  return [
    ...byItem.values(),
    ...globalProblem('figures', figuresSchema, figures.value),
    ...globalProblem('contact', contactSchema, contact.value),
  ];
}

// Where each list is shown: its preview opens there.
const listPages: Partial<Record<Collection, string>> = {
  insights: '/insights',
  partners: '/',
  people: '/about',
  testimonials: '/academy',
};

// The public address of a document of the CMS, found by id, draft or not: where its preview opens.
export async function cmsPagePath(collection: Collection, id: string): Promise<string | undefined> {
  const payload = await cms();
  const doc = await payload.findByID({ collection, id, draft: true, depth: 0, disableErrors: true }).catch(() => null);
  if (doc && listPages[collection]) return listPages[collection];
  if (doc && collection === 'projects')
    return `/projects/${projectSlug({ id: Number(doc.id), title: String(doc.title) })}`;
  const slug = typeof doc?.slug === 'string' ? doc.slug : undefined;
  if (!slug) return undefined;
  return `/${collection === 'courses' ? 'academy' : collection}/${slug}`;
}

export interface CmsPictureFile extends PictureBytes {
  mimeType: string;
}

// A file of an uploaded picture (the upload or one of its smaller copies), by the address pages link it
// with (lib/http/cms-paths.ts): only under the hash of the picture's current upload. The same bytes uploaded
// twice share a hash under two file names, so the picture is the one with that hash and that file.
export async function cmsPictureFile(hash: string, filename: string): Promise<CmsPictureFile | null> {
  if (!/^[0-9a-f]{12}$/.test(hash)) return null;
  const payload = await cms();
  const named = [
    { filename: { equals: filename } },
    ...imageSizes.map(({ name }) => ({ [`sizes.${name}.filename`]: { equals: filename } })),
  ];
  const { docs } = await payload.find({
    collection: 'media',
    where: { and: [{ hash: { equals: hash } }, { or: named }] },
    limit: 1,
    depth: 0,
  });
  const picture = docs[0] as Record<string, unknown> | undefined;
  if (!picture) return null;
  type File = { filename?: string | null; mimeType?: string | null };
  const files = [picture as File, ...Object.values((picture.sizes ?? {}) as Record<string, File>)];
  const file = files.find((candidate) => candidate.filename && candidate.filename === filename);
  if (!file?.mimeType) return null;
  // The file itself may be missing where instances keep pictures in folders of their own.
  const bytes = await pictureBytes(filename);
  return bytes && { ...bytes, mimeType: file.mimeType };
}

// The bytes of a picture's file by its name (a signature on the certificates), from the folder or the
// bucket; null when there are none.
export async function cmsPictureBuffer(filename: string): Promise<Buffer | null> {
  const bytes = await pictureBytes(filename);
  return bytes && Buffer.from(await new Response(bytes.body).arrayBuffer());
}
