import { messages } from '@/messages';
import { clockOf, firstDayOf } from '@/messages/units';

import { locales, type Lang } from './index';

// Money, dates and numbers in each language's own way, with Intl (docs/product.md §12), in the locales
// the language table names. English keeps the specification's forms ('$10', '18-19 March 2023'):
// Intl's en-US money matches them, and dates the specification wrote out are shown as written.

export function formatMoney(dollars: number, lang: Lang): string {
  return new Intl.NumberFormat(locales[lang].money, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(dollars);
}

// A price in US dollars that may have cents ($12.50), written whole when it has none ($20).
export function formatDollars(dollars: number, lang: Lang): string {
  const whole = Number.isInteger(dollars);
  return new Intl.NumberFormat(locales[lang].money, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(dollars);
}

// A course's cost as the data gives it: '$10', or 'Free'.
export function formatCost(cost: string, lang: Lang): string {
  const dollars = cost.match(/^\$(\d+(?:\.\d+)?)$/);
  if (dollars) return formatMoney(Number(dollars[1]), lang);
  return cost === 'Free' ? messages(lang).course.free : cost;
}

export function formatPercent(percent: number, lang: Lang): string {
  return new Intl.NumberFormat(locales[lang].intl, { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}

export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(locales[lang].intl).format(value);
}

// One day or a span of days, from ISO dates ('2023-03-18').
export function formatDates(start: string, end: string | undefined, lang: Lang): string {
  const format = new Intl.DateTimeFormat(locales[lang].intl, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const from = new Date(`${start}T00:00:00Z`);
  return ordinalFirst(
    end && end !== start ? format.formatRange(from, new Date(`${end}T00:00:00Z`)) : format.format(from),
    lang,
  );
}

// The first day of a month as each language writes it (messages/units.ts).
export function ordinalFirst(text: string, lang: Lang): string {
  return firstDayOf[lang](text);
}

// A day ('3 March 2023', « 1er mars 2023 ») of a moment in a time zone.
export function formatDay(at: number | Date, lang: Lang, timeZone: string): string {
  return ordinalFirst(new Intl.DateTimeFormat(locales[lang].intl, { dateStyle: 'long', timeZone }).format(at), lang);
}

// A time of day of a moment in a time zone, each language its own way ('00:52', « 0 h 52 »).
export function formatClock(at: number | Date, lang: Lang, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(locales[lang].intl, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
    timeZone,
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return clockOf[lang](`${part('hour').padStart(2, '0')}:${part('minute')}`);
}

export function formatMonth(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(locales[lang].intl, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

// The two ends of a span of days, each as a sentence names it: the start without what it shares with
// the end ('18' and '19 mars 2023'; '30 mars' and '2 avril 2023').
export function formatDayEnds(start: string, end: string, lang: Lang): { start: string; end: string } {
  const [startYear, startMonth] = start.split('-');
  const [endYear, endMonth] = end.split('-');
  const options: Intl.DateTimeFormatOptions =
    startYear !== endYear
      ? { day: 'numeric', month: 'long', year: 'numeric' }
      : startMonth !== endMonth
        ? { day: 'numeric', month: 'long' }
        : { day: 'numeric' };
  const format = (iso: string, o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locales[lang].intl, { ...o, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  return {
    start: ordinalFirst(format(start, options), lang),
    end: ordinalFirst(format(end, { day: 'numeric', month: 'long', year: 'numeric' }), lang),
  };
}

// The city that names a time zone ('Africa/Lagos' is 'Lagos'), as the mails name it.
export function zoneCity(timeZone: string): string {
  return timeZone.split('/').at(-1)!.replaceAll('_', ' ');
}
