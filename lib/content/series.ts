import { SERIES_MAX_DATES } from '@/lib/constants';
import type { Lang } from '@/lib/i18n';
import { formatDates } from '@/lib/i18n/format';
import { seriesTexts } from '@/messages/series';

import type { SiteEvent } from './types';

// Events that repeat (docs/product.md §9, "Series"): one event in the CMS holds a repeat rule, and the
// site reads it as one event per date. The first date keeps the event's own slug, so an event that
// starts repeating keeps its address, its registrations and its places; each later date is the event
// `<slug>--<date>`, with its own places, list, waiting list, check-in, reminders, calendar file and
// certificates, because everything that works per event works per slug. Every date names the series by
// its first date's slug (`series`).

export const repeatKinds = ['none', 'weekly', 'fortnightly', 'monthly', 'dates'] as const;
export type RepeatKind = (typeof repeatKinds)[number];

export interface RepeatRule {
  repeat?: RepeatKind;
  // The last date a weekly, fortnightly or monthly repeat may fall on.
  repeatUntil?: string;
  // How many dates in all, the first included.
  repeatCount?: number;
  // For `dates`: the other dates, as ISO days separated by spaces, commas or lines.
  repeatDates?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

// An ISO day that is a real date.
export const isDay = (text: string) =>
  ISO_DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

// The same day of the month `months` later, or the month's last day when it has fewer (31 January,
// then 28 or 29 February, then 31 March).
function plusMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export function listedDates(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,;]+/).filter((part) => part !== '');
}

// The first days of the series' dates, the event's own first: at most `limit` of them (the editor asks
// for one more than the cap to tell a series too long). A rule without an end gives the first date only
// (the editor refuses it; the site never repeats without end).
export function seriesDays(startDate: string, rule: RepeatRule, limit: number = SERIES_MAX_DATES): string[] {
  const kind = rule.repeat ?? 'none';
  if (kind === 'none') return [startDate];
  if (kind === 'dates') {
    const later = listedDates(rule.repeatDates).filter((day) => isDay(day) && day > startDate);
    return [startDate, ...[...new Set(later)].sort()].slice(0, limit);
  }
  const count = rule.repeatCount !== undefined && rule.repeatCount >= 1 ? Math.floor(rule.repeatCount) : undefined;
  const until = rule.repeatUntil !== undefined && isDay(rule.repeatUntil) ? rule.repeatUntil : undefined;
  if (count === undefined && until === undefined) return [startDate];
  const next = (n: number) =>
    kind === 'monthly' ? plusMonths(startDate, n) : plusDays(startDate, n * (kind === 'weekly' ? 7 : 14));
  const days: string[] = [];
  for (let n = 0; days.length < Math.min(count ?? limit, limit); n += 1) {
    const day = next(n);
    if (until !== undefined && day > until) break;
    days.push(day);
  }
  return days;
}

// The slug of the series' date that starts on `day`.
export const occurrenceSlug = (slug: string, day: string, first: string) => (day === first ? slug : `${slug}--${day}`);

// A slug that an occurrence of another event could take: refused to editors (lib/cms/collections/events.ts).
export const looksLikeOccurrence = (slug: string) => /--\d{4}-\d{2}-\d{2}$/.test(slug);

// One event per date of its series (the event alone when it does not repeat), each with its dates and
// its dates' words in `lang` moved with it.
export function occurrences(event: SiteEvent, lang: Lang): SiteEvent[] {
  const days = seriesDays(event.startDate, event);
  if (days.length < 2) return [event];
  const span = Math.round((Date.parse(event.endDate) - Date.parse(event.startDate)) / DAY_MS);
  return days.map((day) => {
    if (day === event.startDate) return { ...event, series: event.slug };
    const endDate = plusDays(day, span);
    return {
      ...event,
      slug: occurrenceSlug(event.slug, day, event.startDate),
      series: event.slug,
      startDate: day,
      endDate,
      dates: formatDates(day, endDate, lang),
    };
  });
}

// Every published event as the site reads it: each date of a series an event of its own, a slug taken
// twice kept once (the first).
export function expandSeries(events: readonly SiteEvent[], lang: Lang): SiteEvent[] {
  const seen = new Set<string>();
  return events
    .flatMap((event) => occurrences(event, lang))
    .filter((event) => !seen.has(event.slug) && seen.add(event.slug))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

// The dates of the series `event` belongs to, from `today` on (the event alone when it is none).
export function seriesOf(event: SiteEvent, all: readonly SiteEvent[], today: string): SiteEvent[] {
  if (event.series === undefined) return [];
  return all.filter((other) => other.series === event.series && other.endDate >= today);
}

// What an editor may not save in a repeat rule, each problem on its field in the editor's language:
// a weekly, fortnightly or monthly repeat without an end, a last date before the first, too many dates,
// a list of dates with a date that is not one, in the past, or not after the first, and a slug that
// reads as another event's date.
export type SeriesField = 'slug' | 'repeat' | 'repeatUntil' | 'repeatCount' | 'repeatDates';

// `saved`: the dates the list held when it was last saved, still accepted once past, so an old series
// can be edited again.
export function seriesProblems(
  event: RepeatRule & { slug?: string; startDate?: string },
  today: string,
  lang: Lang,
  saved: readonly string[] = [],
): Partial<Record<SeriesField, string>> {
  const t = seriesTexts[lang];
  const problems: Partial<Record<SeriesField, string>> = {};
  if (typeof event.slug === 'string' && looksLikeOccurrence(event.slug)) problems.slug = t.slugLikeDate;
  const kind = event.repeat ?? 'none';
  const start = event.startDate;
  if (kind === 'none' || typeof start !== 'string' || !isDay(start)) return problems;
  if (kind === 'dates') {
    const listed = listedDates(event.repeatDates);
    const notDay = listed.find((day) => !isDay(day));
    const past = listed.find((day) => isDay(day) && day < today && !saved.includes(day));
    const early = listed.find((day) => isDay(day) && day <= start);
    if (listed.length === 0) problems.repeatDates = t.noDates;
    else if (notDay) problems.repeatDates = t.notADate(notDay);
    else if (past) problems.repeatDates = t.pastDate(past);
    else if (early) problems.repeatDates = t.notAfterFirst(early);
    else if (new Set(listed).size + 1 > SERIES_MAX_DATES) problems.repeatDates = t.tooMany(SERIES_MAX_DATES);
    return problems;
  }
  const { repeatUntil: until, repeatCount: count } = event;
  if (until === undefined && count === undefined) {
    problems.repeatUntil = t.noEnd;
    return problems;
  }
  if (until !== undefined && (!isDay(until) || until < start)) problems.repeatUntil = t.endBeforeStart;
  if (count !== undefined && (!Number.isInteger(count) || count < 2)) problems.repeatCount = t.countTooSmall;
  else if (count !== undefined && count > SERIES_MAX_DATES) problems.repeatCount = t.tooMany(SERIES_MAX_DATES);
  if (!problems.repeatUntil && !problems.repeatCount && count === undefined) {
    if (seriesDays(start, event, SERIES_MAX_DATES + 1).length > SERIES_MAX_DATES) {
      problems.repeatUntil = t.tooMany(SERIES_MAX_DATES);
    }
  }
  return problems;
}

// The date after the last one of an event, for "duplicate as the next date" in the editor: a week later,
// or by its repeat rule's step.
export function nextDate(startDate: string, rule: RepeatRule): string {
  const kind = rule.repeat ?? 'none';
  if (kind === 'monthly') return plusMonths(startDate, 1);
  return plusDays(startDate, kind === 'fortnightly' ? 14 : 7);
}

export const shiftDays = plusDays;
