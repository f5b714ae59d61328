import { cmsCourseByKey, cmsEvent, cmsItems, cmsOffer } from '@/lib/cms';
import type { Lang } from '@/lib/i18n';
import type { CertificateKind, Collection } from '@/lib/storage';

// What a certificate says about its item, in the learner's language: an event's title and days; a
// course's or an offer's title and, for a cohort, the day it started. An item no longer published is
// named by its title in the workspace's list (published or not).
export interface ItemFacts {
  kind: CertificateKind;
  title: string;
  startDate: string;
  endDate: string;
}

export const kindOf = (collection: Collection): CertificateKind | null =>
  collection === 'user' ? 'attendance' : collection === 'offer' || collection === 'enrolment' ? 'completion' : null;

export async function itemFacts(collection: Collection, item: string, lang: Lang): Promise<ItemFacts | null> {
  const kind = kindOf(collection);
  if (!kind) return null;
  if (collection === 'user') {
    const event = await cmsEvent(item, lang);
    if (event) return { kind, title: event.title, startDate: event.startDate, endDate: event.endDate };
  }
  if (collection === 'offer') {
    const offer = await cmsOffer(item, lang);
    if (offer) return { kind, title: offer.title, startDate: offer.cohortStartDate, endDate: '' };
  }
  if (collection === 'enrolment') {
    const course = await cmsCourseByKey(item, lang);
    if (course) return { kind, title: course.title, startDate: '', endDate: '' };
  }
  const listed = (await cmsItems(lang)).find((i) => i.collection === collection && i.slug === item);
  return listed
    ? { kind, title: listed.title, startDate: '', endDate: collection === 'user' ? listed.lastDay : '' }
    : null;
}
