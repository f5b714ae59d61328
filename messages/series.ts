import type { Localised } from '@/lib/i18n';

// The words of an event's series: the content editor's refusals of a repeat rule (lib/content/series.ts),
// in the language of the version being edited, and what the event page and the events list say of the
// series' dates.
export interface SeriesTexts {
  slugLikeDate: string;
  noEnd: string;
  endBeforeStart: string;
  countTooSmall: string;
  tooMany(max: number): string;
  noDates: string;
  notADate(text: string): string;
  pastDate(day: string): string;
  notAfterFirst(day: string): string;
  // The event page of a series.
  heading: string;
  intro: string;
  thisDate: string;
  register: string;
  full: string;
  left(n: number): string;
  // The events list: how many more dates the series has after the one shown.
  moreDates(n: number): string;
}

const NB = '\u00a0';

export const seriesTexts: Localised<SeriesTexts> = {
  en: {
    slugLikeDate:
      'An address may not end with two hyphens and a date (such as --2026-12-10): those are the dates of a series.',
    noEnd: 'A repeat needs an end: give the last date or the number of dates.',
    endBeforeStart: 'The last date must be a date (YYYY-MM-DD) on or after the first date.',
    countTooSmall: 'A series has at least 2 dates.',
    tooMany: (max) => `A series has at most ${max} dates: choose an earlier last date or fewer dates.`,
    noDates: 'List the other dates, as YYYY-MM-DD, separated by spaces or commas.',
    notADate: (text) => `“${text}” is not a date: write it as YYYY-MM-DD.`,
    pastDate: (day) => `${day} is in the past: list only dates to come.`,
    notAfterFirst: (day) => `${day} is not after the first date: list the dates after it.`,
    heading: 'Dates of this series',
    intro: 'Each date has its own places: register for the date you will attend.',
    thisDate: 'This date',
    register: 'Register for this date',
    full: 'Full',
    left: (n) => (n === 1 ? '1 place left' : `${n} places left`),
    moreDates: (n) => (n === 1 ? 'and 1 more date' : `and ${n} more dates`),
  },
  fr: {
    slugLikeDate: `Une adresse ne peut pas finir par deux tirets et une date (comme --2026-12-10)${NB}: ce sont les dates d’une série.`,
    noEnd: `Une répétition doit avoir une fin${NB}: indiquez la dernière date ou le nombre de dates.`,
    endBeforeStart: 'La dernière date doit être une date (AAAA-MM-JJ) égale ou postérieure à la première.',
    countTooSmall: 'Une série compte au moins 2 dates.',
    tooMany: (max) =>
      `Une série compte au plus ${max}${NB}dates${NB}: choisissez une dernière date plus proche ou moins de dates.`,
    noDates: 'Indiquez les autres dates, au format AAAA-MM-JJ, séparées par des espaces ou des virgules.',
    notADate: (text) => `«${NB}${text}${NB}» n’est pas une date${NB}: écrivez-la au format AAAA-MM-JJ.`,
    pastDate: (day) => `Le ${day} est déjà passé${NB}: n’indiquez que des dates à venir.`,
    notAfterFirst: (day) => `Le ${day} ne vient pas après la première date${NB}: indiquez les dates qui la suivent.`,
    heading: 'Les dates de cette série',
    intro: `Chaque date a ses propres places${NB}: inscrivez-vous à celle à laquelle vous viendrez.`,
    thisDate: 'Cette date',
    register: 'S’inscrire à cette date',
    full: 'Complet',
    left: (n) => (n === 1 ? '1 place restante' : `${n}${NB}places restantes`),
    moreDates: (n) => (n === 1 ? 'et 1 autre date' : `et ${n}${NB}autres dates`),
  },
};

// The content editor's labels and help for an event's repeat (lib/cms/collections/events.ts), shown in
// the editor's language. No label contains "Dates", the label of the event's own dates' words, so a
// label names one field.
export interface SeriesEditorTexts {
  repeat: string;
  kinds: { none: string; weekly: string; fortnightly: string; monthly: string; dates: string };
  repeatHelp: string;
  until: string;
  count: string;
  countHelp: string;
  dates: string;
  datesHelp: string;
}

export const seriesEditorTexts: Localised<SeriesEditorTexts> = {
  en: {
    repeat: 'Repeat',
    kinds: {
      none: 'Does not repeat',
      weekly: 'Every week',
      fortnightly: 'Every two weeks',
      monthly: 'Every month',
      dates: 'On a list of dates',
    },
    repeatHelp: 'Each date has its own places and its own page; the first keeps this address.',
    until: 'Last date',
    count: 'Occurrences',
    countHelp: 'For a repeat every week, two weeks or month, with or instead of a last date: the first date included.',
    dates: 'Other days',
    datesHelp:
      'For a repeat on a list of dates: the dates after the first, as YYYY-MM-DD, separated by spaces or commas.',
  },
  fr: {
    repeat: 'Répéter',
    kinds: {
      none: 'Ne se répète pas',
      weekly: 'Chaque semaine',
      fortnightly: 'Toutes les deux semaines',
      monthly: 'Chaque mois',
      dates: 'À une liste de dates',
    },
    repeatHelp: `Chaque date a ses propres places et sa propre page${NB}; la première garde cette adresse.`,
    until: 'Dernière date',
    count: 'Nombre d’occurrences',
    countHelp: `Pour une répétition chaque semaine, toutes les deux semaines ou chaque mois, avec ou sans dernière date${NB}: la première date comprise.`,
    dates: 'Autres jours',
    datesHelp: `Pour une répétition à une liste de dates${NB}: les dates après la première, au format AAAA-MM-JJ, séparées par des espaces ou des virgules.`,
  },
};
