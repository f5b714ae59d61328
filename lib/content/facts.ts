import { defaultLang, type Lang } from '@/lib/i18n';
import { formatCost, formatDates, formatMonth } from '@/lib/i18n/format';
import { messages } from '@/messages';

// The line under a course's title, shared by its page's description and its social card:
// '3 weeks, registration fee $10'.
export function courseFacts(course: { duration: string; cost: string }, lang: Lang): string {
  return `${course.duration}, ${messages(lang).course.fee} ${formatCost(course.cost, lang)}`;
}

// An event's days: the specification's text in the default language, Intl's in the others.
export function eventDates(event: { dates: string; startDate: string; endDate: string }, lang: Lang): string {
  return lang === defaultLang ? event.dates : formatDates(event.startDate, event.endDate, lang);
}

// An offer's last day, the same way.
export function offerEnds(offer: { endsOn: string; endsOnDate: string }, lang: Lang): string {
  return lang === defaultLang ? offer.endsOn : formatDates(offer.endsOnDate, undefined, lang);
}

// The month an offer's cohort starts, the same way.
export function cohortStart(offer: { cohortStart: string; cohortStartDate: string }, lang: Lang): string {
  return lang === defaultLang ? offer.cohortStart : formatMonth(offer.cohortStartDate, lang);
}
