import type { Lang } from '@/lib/i18n';
import { formatCost, formatDates, formatDayEnds, formatMonth } from '@/lib/i18n/format';
import { fill, messages } from '@/messages';

import type { Availability } from './schedule';

// The line under a course's title, shared by its page's description and its social card:
// '3 weeks, registration fee $10'.
export function courseFacts(course: { duration: string; cost: string }, lang: Lang): string {
  return `${course.duration}, ${messages(lang).course.fee} ${formatCost(course.cost, lang)}`;
}

// An event's days: the specification's text in English, Intl's in other languages.
export function eventDates(event: { dates: string; startDate: string; endDate: string }, lang: Lang): string {
  return lang === 'en' ? event.dates : formatDates(event.startDate, event.endDate, lang);
}

// An offer's last day, the same way.
export function offerEnds(offer: { endsOn: string; endsOnDate: string }, lang: Lang): string {
  return lang === 'en' ? offer.endsOn : formatDates(offer.endsOnDate, undefined, lang);
}

// The month an offer's cohort starts, the same way.
export function cohortStart(offer: { cohortStart: string; cohortStartDate: string }, lang: Lang): string {
  return lang === 'en' ? offer.cohortStart : formatMonth(offer.cohortStartDate, lang);
}

// What an event's page says once registration is closed or full (docs/product.md §9).
export function eventClosedText(
  event: { dates: string; startDate: string; endDate: string },
  state: Exclude<Availability, 'open'>,
  lang: Lang,
): string {
  const text = messages(lang).event;
  if (state === 'full') return text.full;
  const dates = eventDates(event, lang);
  if (event.startDate === event.endDate) return fill(text.pastOneDay, { dates });
  return fill(text.pastDays, { dates, ...formatDayEnds(event.startDate, event.endDate, lang) });
}

// The same for an offer.
export function offerClosedText(
  offer: { endsOn: string; endsOnDate: string },
  state: Exclude<Availability, 'open'>,
  lang: Lang,
): string {
  const text = messages(lang).offer;
  return state === 'full' ? text.full : fill(text.past, { date: offerEnds(offer, lang) });
}

// The label of an event's or offer's state in a list.
export function stateLabel(state: Availability, kind: 'event' | 'offer', lang: Lang): string {
  const text = messages(lang).calendar;
  if (state === 'closed') return kind === 'event' ? text.eventPast : text.offerPast;
  return text[state];
}
