import type { Course, LocalPrice, Offer, SiteEvent } from '@/lib/content/types';
import { defaultLang, type Lang } from '@/lib/i18n';
import { count } from '@/messages/units';

// CMS documents in the shape the site's pages read (lib/content/types.ts), and back. Empty optional
// fields come from the database as null.
type Doc = Record<string, unknown>;
const optional = <T>(value: unknown): T | undefined => (value === null || value === '' ? undefined : (value as T));

export function toEvent(doc: Doc): SiteEvent {
  const partner = (doc.partner ?? {}) as Doc;
  return {
    id: doc.id as number,
    slug: doc.slug as string,
    title: doc.title as string,
    inSentence: doc.inSentence as string,
    img: doc.img as string,
    dates: doc.dates as string,
    startDate: doc.startDate as string,
    endDate: doc.endDate as string,
    startTime: optional(doc.startTime),
    endTime: optional(doc.endTime),
    timeZone: optional(doc.timeZone),
    capacity: optional(doc.capacity),
    // Only `false` is said, as in data/: an event sends reminders unless they are turned off.
    reminders: doc.reminders === false ? false : undefined,
    tagline: doc.tagline as string,
    description: doc.description as string,
    location: doc.location as string,
    partner: { img: partner.img as string, alt: partner.alt as string },
    registrationLink: optional(doc.registrationLink),
    ...(doc.repeat && doc.repeat !== 'none'
      ? {
          repeat: doc.repeat as SiteEvent['repeat'],
          repeatUntil: optional(doc.repeatUntil),
          repeatCount: optional(doc.repeatCount),
          repeatDates: optional(doc.repeatDates),
        }
      : {}),
    price: optional(doc.price),
    tickets: ticketsOf(doc.tickets),
    prices: pricesOf(doc.prices),
  };
}

// An item's prices in other currencies as rows of the CMS's array field, none when empty; what a row
// holds odd is left for the schema to refuse.
function pricesOf(rows: unknown): LocalPrice[] | undefined {
  if (!Array.isArray(rows) || rows.length === 0) return undefined;
  return rows.map((row: Doc) => ({ currency: row.currency as LocalPrice['currency'], amount: row.amount as number }));
}

// An event's ticket kinds as rows of the CMS's array field (their own row ids), none when empty: what a
// row holds odd is left for the schema to refuse, so the reader leaves the event out and says so. A row
// the editor is checking before its first save has no id yet (Payload gives it one as it stores it): a
// stand-in keeps the other rules running, as the document's own id does (lib/cms/validate.ts).
function ticketsOf(rows: unknown): SiteEvent['tickets'] {
  if (!Array.isArray(rows) || rows.length === 0) return undefined;
  return rows.map((row: Doc, index) => ({
    id: (row.id ?? `new-${index}`) as string,
    name: (row.name ?? '') as string,
    price: row.price as number,
    capacity: row.capacity as number,
    prices: pricesOf(row.prices),
  }));
}

export function toOffer(doc: Doc): Offer {
  return {
    slug: doc.slug as string,
    title: doc.title as string,
    inSentence: doc.inSentence as string,
    cohortStart: doc.cohortStart as string,
    cohortStartDate: doc.cohortStartDate as string,
    highlights: doc.highlights as string,
    discountPercent: doc.discountPercent as number,
    wasPrice: doc.wasPrice as number,
    nowPrice: doc.nowPrice as number,
    deposit: optional(doc.deposit),
    prices: pricesOf(doc.prices),
    endsOn: doc.endsOn as string,
    endsOnDate: doc.endsOnDate as string,
    capacity: optional(doc.capacity),
    img: doc.img as string,
    description: doc.description as string,
  };
}

// The texts of an event that differ by language (the collection's localised fields).
export const eventTexts = ['title', 'inSentence', 'dates', 'tagline', 'description', 'location'] as const;

export function textsOf(event: SiteEvent): Pick<SiteEvent, (typeof eventTexts)[number]> {
  return Object.fromEntries(eventTexts.map((name) => [name, event[name]])) as Pick<
    SiteEvent,
    (typeof eventTexts)[number]
  >;
}

// The texts of an offer that differ by language.
export const offerTexts = ['title', 'inSentence', 'cohortStart', 'highlights', 'endsOn', 'description'] as const;

export function offerTextsOf(offer: Offer): Pick<Offer, (typeof offerTexts)[number]> {
  return Object.fromEntries(offerTexts.map((name) => [name, offer[name]])) as Pick<Offer, (typeof offerTexts)[number]>;
}

// A course as the site reads it, with the key its enrolments are stored under: the English title it had
// in data/ for the first courses (older records name it so), the slug for one added in the CMS. It never
// changes, so a renamed course keeps its list.
export type CmsCourse = Course & { key: string };

// The duration is a number of weeks in the CMS, written in the words of the language read: a course not
// yet translated still says "2 semaines" in French.
export function toCourse(doc: Doc, lang: Lang = defaultLang): CmsCourse {
  const outcomes = Array.isArray(doc.outcomes) ? (doc.outcomes as Doc[]) : [];
  const weeks = doc.weeks;
  return {
    id: doc.id as number,
    key: String(doc.key ?? doc.slug ?? ''),
    slug: doc.slug as string,
    title: doc.title as string,
    duration: typeof weeks === 'number' && weeks > 0 && Number.isInteger(weeks) ? count(lang)(weeks, 'week') : '',
    cost: doc.cost as string,
    prices: pricesOf(doc.prices),
    img: doc.img as string,
    isActive: doc.isActive !== false,
    isPremium: doc.isPremium === true,
    link: doc.link as string,
    pay_link: (doc.pay_link as string | null) ?? '',
    nextCohortDate: optional(doc.nextCohortDate),
    intro: doc.intro as string,
    outcomes: outcomes.map((row) => row.outcome as string),
  };
}

// A course's facts and texts as the collection stores them (outcomes are rows of an array field).
export function courseData(course: Course): Doc {
  const { id: _id, outcomes, duration, ...rest } = course;
  return { ...rest, weeks: Number(duration.match(/^\d+/)?.[0]), outcomes: outcomes.map((outcome) => ({ outcome })) };
}

// The texts of a course that differ by language.
export function courseTextsOf(course: Course): Doc {
  return { title: course.title, intro: course.intro, outcomes: course.outcomes.map((outcome) => ({ outcome })) };
}
