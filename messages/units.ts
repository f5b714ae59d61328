import type { Lang, Localised } from '@/lib/i18n';
import { locales } from '@/lib/i18n/locales';

// What the site counts, in each language: the one place a figure meets its unit. Intl picks the form
// (PluralRules: « 1 seconde », « 2 secondes ») and writes the figure (NumberFormat: « 5 000 »,
// '5,000'). French joins the figure and its unit with a no-break space (U+00A0), so « 24 semaines »
// never breaks across two lines. Small on purpose: the browser loads it with the form checks.
export interface Plural {
  one: string;
  other: string;
}

export interface Units {
  second: Plural;
  hour: Plural;
  day: Plural;
  workingDay: Plural;
  week: Plural;
  year: Plural;
  character: Plural;
  // What an open event or offer page says once few places are left (docs/product.md §9).
  placeLeft: Plural;
  spotLeft: Plural;
}

const N = '\u00a0';

export const units: Localised<Units> = {
  en: {
    second: { one: '{count} second', other: '{count} seconds' },
    hour: { one: '{count} hour', other: '{count} hours' },
    day: { one: '{count} day', other: '{count} days' },
    workingDay: { one: '{count} working day', other: '{count} working days' },
    week: { one: '{count} week', other: '{count} weeks' },
    year: { one: '{count} year', other: '{count} years' },
    character: { one: '{count} character', other: '{count} characters' },
    placeLeft: { one: '{count} place left', other: '{count} places left' },
    spotLeft: { one: '{count} spot left', other: '{count} spots left' },
  },
  fr: {
    second: { one: `{count}${N}seconde`, other: `{count}${N}secondes` },
    hour: { one: `{count}${N}heure`, other: `{count}${N}heures` },
    day: { one: `{count}${N}jour`, other: `{count}${N}jours` },
    workingDay: { one: `{count}${N}jour ouvré`, other: `{count}${N}jours ouvrés` },
    week: { one: `{count}${N}semaine`, other: `{count}${N}semaines` },
    year: { one: `{count}${N}an`, other: `{count}${N}ans` },
    character: { one: `{count}${N}caractère`, other: `{count}${N}caractères` },
    placeLeft: { one: `{count}${N}place`, other: `{count}${N}places` },
    spotLeft: { one: `{count}${N}place`, other: `{count}${N}places` },
  },
};

// A number of a unit in a language: count(lang)(3, 'week') is '3 weeks' or « 3 semaines ».
export function count(lang: Lang): (value: number, unit: keyof Units) => string {
  const { intl } = locales[lang];
  const rules = new Intl.PluralRules(intl);
  const figures = new Intl.NumberFormat(intl);
  return (value, unit) => {
    const forms = units[lang][unit];
    return (rules.select(value) === 'one' ? forms.one : forms.other).replace('{count}', figures.format(value));
  };
}

// A time of day ('09:00', '00:52') as French writes it: « 9 h », « 0 h 52 ».
export function frenchClock(time: string): string {
  const [hours = '0', minutes = '00'] = String(time).split(':');
  return minutes === '00' ? `${Number(hours)}${N}h` : `${Number(hours)}${N}h${N}${minutes}`;
}

// How each language writes a time of day given as '00:52', and the first day of a month in a date Intl
// wrote (French as an ordinal: « 1er mars 2023 », where Intl writes « 1 mars »).
export const clockOf: Localised<(time: string) => string> = { en: (time) => time, fr: frenchClock };
export const firstDayOf: Localised<(date: string) => string> = {
  en: (date) => date,
  fr: (date) => date.replace(/(^|[^\d])1(?=[\s\u00a0\u202f][^\d\s])/gu, '$11er'),
};
