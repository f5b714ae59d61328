import type { Payload } from 'payload';

import { content, type Content } from '@/lib/content';
import { defaultLang, langs, type Lang } from '@/lib/i18n';
import { log } from '@/lib/log';

import type { EditorialCollection } from './access';
import { sections } from './collections/projects';
import { courseData, courseTextsOf, offerTextsOf, textsOf } from './shapes';

// data/ is the first content (docs/staff.md, "Content"): an empty collection is filled from it, every
// language's texts included, all published, so a fresh clone serves the seed site. A collection with
// any document in it (a draft, an unpublished one) is left alone; one emptied by deleting every
// document is filled again at the next start, so staff retire content by unpublishing it.
const seeding = { seeding: true };

// How a kind of content of data/ becomes documents: the entries of a language, the default language's
// entry as a document (facts and texts), and another language's texts.
// Another language's entry is the one with the same slug, or for lists without one (insights,
// partners, people, testimonials), the one at the same place: data/'s translations keep the order.
interface Seed<T> {
  collection: EditorialCollection;
  entries: (lang: Lang) => readonly T[];
  document: (entry: T) => Record<string, unknown>;
  // `created`: the document as the default language made it (a list's rows keep their ids).
  texts: (entry: T, created: Record<string, unknown>) => Record<string, unknown>;
}

const pick = <T extends object, K extends keyof T>(entry: T, names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, entry[name]])) as Pick<T, K>;

const seeds = [
  seeder({
    collection: 'courses',
    entries: (lang) => content(lang).courses,
    // A seeded course keeps its English title of data/ as its key: the enrolments stored before the CMS
    // name it so.
    document: (course) => ({ ...courseData(course), key: course.title }),
    texts: courseTextsOf,
  } satisfies Seed<Content['courses'][number]>),
  seeder({
    collection: 'events',
    entries: (lang) => content(lang).events,
    document: ({ id: _id, ...facts }) => facts,
    texts: textsOf,
  } satisfies Seed<Content['events'][number]>),
  seeder({
    collection: 'offers',
    entries: (lang) => content(lang).offers,
    document: (offer) => ({ ...offer }),
    texts: offerTextsOf,
  } satisfies Seed<Content['offers'][number]>),
  seeder({
    collection: 'projects',
    // data/projects.ts's card and page of each project, as one document (lib/cms/collections/projects.ts).
    entries: (lang) =>
      content(lang).projectSummaries.map((summary) => ({
        summary,
        detail: content(lang).projectDetails[summary.id - 1]!,
      })),
    document: ({ summary, detail }) => ({
      title: summary.title,
      summary: summary.summary,
      problem: summary.problem,
      img: summary.img,
      archived: summary.archived,
      ...projectSections(detail),
      team: detail.team.map((member) => ({ ...member })),
      project_link: detail.project_link,
    }),
    texts: ({ summary, detail }, created) => ({
      title: summary.title,
      summary: summary.summary,
      problem: summary.problem,
      ...projectSections(detail),
      team: ((created.team ?? []) as { id: string }[]).map((row, i) => ({ ...detail.team[i], id: row.id })),
    }),
  } satisfies Seed<{ summary: Content['projectSummaries'][number]; detail: Content['projectDetails'][number] }>),
  seeder({
    collection: 'insights',
    entries: (lang) => content(lang).insights,
    document: (insight) => ({ ...insight }),
    texts: (insight) => pick(insight, ['title', 'description']),
  } satisfies Seed<Content['insights'][number]>),
  seeder({
    collection: 'partners',
    entries: (lang) => content(lang).partners,
    document: (partner) => ({ ...partner }),
    texts: () => ({}),
  } satisfies Seed<Content['partners'][number]>),
  seeder({
    collection: 'people',
    entries: (lang) => [
      ...content(lang).founders.map((person) => ({ ...person, group: 'founders' })),
      ...content(lang).advisoryBoard.map((person) => ({ ...person, group: 'advisoryBoard' })),
    ],
    document: (person) => ({ ...person }),
    texts: (person) => pick(person, ['title']),
  } satisfies Seed<Content['founders'][number] & { group: string }>),
  seeder({
    collection: 'testimonials',
    entries: (lang) => content(lang).testimonials,
    document: (testimonial) => ({ ...testimonial }),
    texts: (testimonial) => pick(testimonial, ['quote', 'title', 'country']),
  } satisfies Seed<Content['testimonials'][number]>),
];

// A project page's sections, each into the editor's field for it (HTML, which its Markdown keeps).
const projectSections = (detail: Content['projectDetails'][number]) =>
  Object.fromEntries(sections.map(([section, field]) => [field, detail[section]]));

// The figures (a global): saved once from data/stats.ts when they never were.
async function seedFigures(payload: Payload) {
  const figures = await payload.findGlobal({ slug: 'figures', overrideAccess: true, depth: 0 });
  if ((figures.projectStats as { managed?: number } | undefined)?.managed != null) return;
  const { projectStats, academyStats } = content(defaultLang);
  await payload.updateGlobal({
    slug: 'figures',
    data: { projectStats: { ...projectStats }, academyStats: { ...academyStats } },
    overrideAccess: true,
    context: seeding,
  });
  log.info({ component: 'cms' }, 'figures seeded from data/');
}

// The contact details and social pages (a global): saved once from data/site.ts when they never were.
async function seedContact(payload: Payload) {
  const contact = await payload.findGlobal({ slug: 'contact', overrideAccess: true, depth: 0 });
  if (contact.email) return;
  const { contactInfo, socialLinks } = content(defaultLang);
  await payload.updateGlobal({
    slug: 'contact',
    data: { ...contactInfo, socialLinks: socialLinks.map((link) => ({ ...link })) },
    overrideAccess: true,
    context: seeding,
  });
  log.info({ component: 'cms' }, 'contact details seeded from data/');
}

export async function seedFromData(payload: Payload): Promise<void> {
  for (const seed of seeds) await seed(payload);
  await seedFigures(payload);
  await seedContact(payload);
}

function seeder<T>(seed: Seed<T>) {
  return (payload: Payload) => seedOne(payload, seed);
}

async function seedOne<T>(payload: Payload, { collection, entries, document, texts }: Seed<T>) {
  const { totalDocs } = await payload.count({ collection, overrideAccess: true });
  if (totalDocs > 0) return;
  const first = entries(defaultLang);
  for (const [index, entry] of first.entries()) {
    const doc = await payload.create({
      collection,
      locale: defaultLang,
      data: { ...document(entry), _status: 'published' } as never,
      overrideAccess: true,
      context: seeding,
    });
    for (const lang of langs.filter((l) => l !== defaultLang)) {
      const slug = (entry as { slug?: string }).slug;
      const others = entries(lang);
      const translated =
        slug === undefined ? others[index] : others.find((e) => (e as { slug?: string }).slug === slug);
      if (!translated) continue;
      await payload.update({
        collection,
        id: doc.id,
        locale: lang,
        data: { ...texts(translated, doc as Record<string, unknown>), _status: 'published' } as never,
        overrideAccess: true,
        context: seeding,
      });
    }
  }
  log.info({ component: 'cms', [collection]: first.length }, `${collection} seeded from data/`);
}
