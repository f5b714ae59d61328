import type { Payload } from 'payload';

import { content } from '@/lib/content';
import { defaultLang, langs } from '@/lib/i18n';
import { log } from '@/lib/log';

import { courseData, courseTextsOf, offerTextsOf, textsOf } from './shapes';

// data/ is the first content (docs/staff.md, "Content"): an empty collection is filled from it, every
// language's texts included, all published, so a fresh clone serves the seed site. A collection with
// any document in it (a draft, an unpublished one) is left alone; one emptied by deleting every
// document is filled again at the next start, so staff retire content by unpublishing it.
const seeding = { seeding: true };

export async function seedFromData(payload: Payload): Promise<void> {
  await seedCourses(payload);
  await seedEvents(payload);
  await seedOffers(payload);
}

async function seedEvents(payload: Payload): Promise<void> {
  const { totalDocs } = await payload.count({ collection: 'events', overrideAccess: true });
  if (totalDocs > 0) return;
  for (const event of content(defaultLang).events) {
    const { id: _id, ...facts } = event;
    const doc = await payload.create({
      collection: 'events',
      locale: defaultLang,
      data: { ...facts, _status: 'published' },
      overrideAccess: true,
      context: seeding,
    });
    for (const lang of langs.filter((l) => l !== defaultLang)) {
      const translated = content(lang).events.find((e) => e.slug === event.slug);
      if (!translated) continue;
      await payload.update({
        collection: 'events',
        id: doc.id,
        locale: lang,
        data: { ...textsOf(translated), _status: 'published' },
        overrideAccess: true,
        context: seeding,
      });
    }
  }
  log.info({ component: 'cms', events: content(defaultLang).events.length }, 'content seeded from data/');
}

async function seedOffers(payload: Payload): Promise<void> {
  const { totalDocs } = await payload.count({ collection: 'offers', overrideAccess: true });
  if (totalDocs > 0) return;
  for (const offer of content(defaultLang).offers) {
    const doc = await payload.create({
      collection: 'offers',
      locale: defaultLang,
      data: { ...offer, _status: 'published' },
      overrideAccess: true,
      context: seeding,
    });
    for (const lang of langs.filter((l) => l !== defaultLang)) {
      const translated = content(lang).offers.find((o) => o.slug === offer.slug);
      if (!translated) continue;
      await payload.update({
        collection: 'offers',
        id: doc.id,
        locale: lang,
        data: { ...offerTextsOf(translated), _status: 'published' },
        overrideAccess: true,
        context: seeding,
      });
    }
  }
  log.info({ component: 'cms', offers: content(defaultLang).offers.length }, 'offers seeded from data/');
}

// A seeded course keeps its English title of data/ as its key: the enrolments stored before the CMS
// name it so.
async function seedCourses(payload: Payload): Promise<void> {
  const { totalDocs } = await payload.count({ collection: 'courses', overrideAccess: true });
  if (totalDocs > 0) return;
  for (const course of content(defaultLang).courses) {
    const doc = await payload.create({
      collection: 'courses',
      locale: defaultLang,
      data: { ...courseData(course), key: course.title, _status: 'published' },
      overrideAccess: true,
      context: seeding,
    });
    for (const lang of langs.filter((l) => l !== defaultLang)) {
      const translated = content(lang).courses.find((c) => c.slug === course.slug);
      if (!translated) continue;
      await payload.update({
        collection: 'courses',
        id: doc.id,
        locale: lang,
        data: { ...courseTextsOf(translated), _status: 'published' },
        overrideAccess: true,
        context: seeding,
      });
    }
  }
  log.info({ component: 'cms', courses: content(defaultLang).courses.length }, 'courses seeded from data/');
}
