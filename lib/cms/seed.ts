import type { Payload } from 'payload';

import { content, type Content } from '@/lib/content';
import { defaultLang, langs, type Lang } from '@/lib/i18n';
import { log } from '@/lib/log';

import { courseData, courseTextsOf, offerTextsOf, textsOf } from './shapes';

// data/ is the first content (docs/staff.md, "Content"): an empty collection is filled from it, every
// language's texts included, all published, so a fresh clone serves the seed site. A collection with
// any document in it (a draft, an unpublished one) is left alone; one emptied by deleting every
// document is filled again at the next start, so staff retire content by unpublishing it.
const seeding = { seeding: true };

// How a kind of content of data/ becomes documents: the entries of a language, the default language's
// entry as a document (facts and texts), and another language's texts.
interface Seed<T extends { slug: string }> {
  collection: 'courses' | 'events' | 'offers';
  entries: (lang: Lang) => T[];
  document: (entry: T) => Record<string, unknown>;
  texts: (entry: T) => Record<string, unknown>;
}

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
];

export async function seedFromData(payload: Payload): Promise<void> {
  for (const seed of seeds) await seed(payload);
}

function seeder<T extends { slug: string }>(seed: Seed<T>) {
  return (payload: Payload) => seedOne(payload, seed);
}

async function seedOne<T extends { slug: string }>(
  payload: Payload,
  { collection, entries, document, texts }: Seed<T>,
) {
  const { totalDocs } = await payload.count({ collection, overrideAccess: true });
  if (totalDocs > 0) return;
  const first = entries(defaultLang);
  for (const entry of first) {
    const doc = await payload.create({
      collection,
      locale: defaultLang,
      data: { ...document(entry), _status: 'published' } as never,
      overrideAccess: true,
      context: seeding,
    });
    for (const lang of langs.filter((l) => l !== defaultLang)) {
      const translated = entries(lang).find((e) => e.slug === entry.slug);
      if (!translated) continue;
      await payload.update({
        collection,
        id: doc.id,
        locale: lang,
        data: { ...texts(translated), _status: 'published' } as never,
        overrideAccess: true,
        context: seeding,
      });
    }
  }
  log.info({ component: 'cms', [collection]: first.length }, `${collection} seeded from data/`);
}
