/** @jest-environment node */
import { site } from '@/lib/content';
import { DESCRIPTION_MAX } from '@/lib/content/facts';
import { LANG_HEADER, langs, locales, type Lang, type Localised } from '@/lib/i18n';
import { units } from '@/messages/units';

import { everyLanguage, type ReceivedText } from '../helpers/received-texts';

// What the typography tests cannot see in a single string: how a figure meets its unit, how a title is
// joined, where a description was cut, and how a number is written. Each check reads every text a
// visitor receives in every language of the table (pages, content, composed sentences, form words and
// answers, mails, and every page's head: titles, descriptions, social cards' alt texts), and each has a
// bad sample below that it must catch.

// The page the not-found address shows reads its language from a header proxy.ts sets.
let notFoundLang: Lang = 'en';
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ [LANG_HEADER]: notFoundLang }),
  draftMode: async () => ({ isEnabled: false }),
}));

const N = '\u00a0';
const spaceName = (space: string) =>
  space === N ? 'a no-break space' : space === '\u202f' ? 'a narrow no-break space' : 'an ordinary space';

// A figure and its unit: the language joins them as messages/units.ts does ('3 weeks', « 3 semaines »),
// for the units it counts there and the units of time Intl names in it.
export function unitRule(lang: Lang): { space: string; words: string[] } {
  const templates = Object.values(units[lang]).flatMap((plural) => [plural.one, plural.other]);
  const spaces = [...new Set(templates.map((template) => template.match(/^\{count\}(\s)/)?.[1] ?? '?'))];
  if (spaces.length !== 1) throw new Error(`messages/units.ts joins ${lang} figures in ${spaces.length} ways`);
  const words = templates.map((template) => template.slice('{count} '.length).split(' ')[0]!);
  for (const unit of ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'])
    for (const value of [1, 2]) {
      const long = new Intl.NumberFormat(locales[lang].intl, { style: 'unit', unit, unitDisplay: 'long' });
      words.push(long.format(value).replace(/^[\d\s]+/, ''));
    }
  return { space: spaces[0]!, words: [...new Set(words)] };
}

export function unitProblems(text: string, rule: { space: string; words: string[] }): string[] {
  const joined = new RegExp(
    `(?<![\\d\\u202f])\\d[\\d\\u202f]*([ \\u00a0\\u202f])(?:${rule.words.join('|')})(?!\\p{L})`,
    'gu',
  );
  return [...text.matchAll(joined)]
    .filter((match) => match[1] !== rule.space)
    .map(
      (match) => `“${match[0]}”: a figure and its unit joined by ${spaceName(match[1]!)}, not ${spaceName(rule.space)}`,
    );
}

// How each language joins a page's title and the brand: the specification's hyphen in English
// ('About - Baobab Data', docs/product.md §1), a dash in French (« À propos – Baobab Data »), with a
// no-break space so the dash never starts a line. A new language of the table must say its own.
const titleJoins: Localised<string> = { en: ' - ', fr: `${N}– ` };

export function titleProblems(title: string, lang: Lang): string[] {
  const end = `${titleJoins[lang]}${site.name}`;
  return title.endsWith(end) && title.length > end.length ? [] : [`not joined as “{page}${end}”`];
}

// Where a language joins titles with a dash, a hyphen between spaces is a dash written wrong, anywhere.
export function dashProblems(text: string, lang: Lang): string[] {
  const dashed = /[–—]/.test(titleJoins[lang]);
  return dashed && /[\s\u00a0]-\s/.test(text) ? ['a hyphen between spaces where the language writes a dash (–)'] : [];
}

// A description: at most DESCRIPTION_MAX characters, and whole sentences, or cut with '…' right where
// a clause of the text it was cut from ends (before a comma, semicolon, colon or dash), never inside one.
export function descriptionProblems(description: string, full = description): string[] {
  const problems: string[] = [];
  if (description.length > DESCRIPTION_MAX) problems.push(`longer than ${DESCRIPTION_MAX} characters`);
  if (description === full) {
    if (!/[.!?][»”)]?$/.test(description)) problems.push('does not end with a sentence');
    return problems;
  }
  // Cut after a whole sentence: nothing is missing from what it says.
  if (/[.!?]$/.test(description) && full.startsWith(`${description} `)) return problems;
  const kept = description.endsWith('…') ? description.slice(0, -1) : description;
  if (kept === description) problems.push('cut without “…”');
  if (!full.startsWith(kept)) return [...problems, 'not the start of the text it was cut from'];
  if (/[\s\u00a0,;:]$/.test(kept)) problems.push('cut after a colon, a comma or a space');
  else if (!/^[\s\u00a0]*(?:[,;:]|\s[–—])\s/.test(full.slice(kept.length))) problems.push('cut inside a clause');
  return problems;
}

// A number as the language writes it (Intl.NumberFormat): '5,000' in English, « 5 000 » in French.
// Years (1900 to 2999) are not amounts, nor are addresses and telephone numbers.
export function numberProblems(text: string, lang: Lang): string[] {
  const format = new Intl.NumberFormat(locales[lang].intl);
  const prose = text.replace(/https?:\/\/\S+/g, '').replace(/\+\d[\d\s]*\d/g, '');
  const problems: string[] = [];
  for (const [figure] of prose.matchAll(/\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+(?!\d)|\d+/g)) {
    const value = Number(figure.replace(/\D/g, ''));
    const grouped = /\D/.test(figure);
    const year = !grouped && figure.length === 4 && value >= 1900 && value <= 2999;
    if ((grouped || figure.length >= 4) && !year && figure !== format.format(value))
      problems.push(`“${figure}” where the language writes “${format.format(value)}”`);
  }
  return problems;
}

function problemsIn(lang: Lang, received: ReceivedText[]): string[] {
  const rule = unitRule(lang);
  return received.flatMap(({ where, kind, text, full }) =>
    [
      ...unitProblems(text, rule),
      ...dashProblems(text, lang),
      ...numberProblems(text, lang),
      ...(kind === 'title' ? titleProblems(text, lang) : []),
      ...(kind === 'description' ? descriptionProblems(text, full) : []),
    ].map((problem) => `${lang} ${where}: ${problem}`),
  );
}

describe('every composed text, in every language', () => {
  let all: [Lang, ReceivedText[]][];
  beforeAll(async () => {
    all = await everyLanguage();
    for (const lang of langs) {
      notFoundLang = lang;
      const { generateMetadata } = await import('@/app/global-not-found');
      const title = (await generateMetadata()).title as string;
      all.find(([l]) => l === lang)![1].push({ where: 'not found', kind: 'title', text: title });
    }
  }, 60_000);

  it('reads every page’s head and every mail, in every language', () => {
    expect(all.map(([lang]) => lang)).toEqual(langs);
    for (const [, received] of all) {
      expect(received.length).toBeGreaterThan(400);
      // 26 pages (12 of them a course's, an event's, an offer's or a project's), each with a title, an
      // Open Graph and a Twitter title, and its card's alt text twice.
      expect(received.filter((r) => r.kind === 'title').length).toBeGreaterThanOrEqual(120);
      expect(received.filter((r) => r.kind === 'description' && r.full).length).toBeGreaterThan(0);
    }
  });

  it('joins figures and units, titles, and cuts descriptions and writes numbers as each language does', () => {
    expect(all.flatMap(([lang, received]) => problemsIn(lang, received))).toEqual([]);
  });

  it('catches each class of error', () => {
    const fr = 'fr' as Lang;
    const en = 'en' as Lang;
    // A figure and its unit.
    expect(unitProblems('pendant 2 ans', unitRule(fr))).toEqual([
      '“2 ans”: a figure and its unit joined by an ordinary space, not a no-break space',
    ]);
    expect(unitProblems(`Le lien est valable 7${N}jours`, unitRule(fr))).toEqual([]);
    expect(unitProblems(`for 7${N}days`, unitRule(en))).toHaveLength(1);
    expect(unitProblems('for 7 days', unitRule(en))).toEqual([]);
    // A title.
    expect(titleProblems('À propos - Baobab Data', fr)).toEqual([`not joined as “{page}${N}– Baobab Data”`]);
    expect(dashProblems('À propos - Baobab Data', fr)).toEqual([
      'a hyphen between spaces where the language writes a dash (–)',
    ]);
    expect(titleProblems(`À propos${N}– Baobab Data`, fr)).toEqual([]);
    expect(titleProblems('About - Baobab Data', en)).toEqual([]);
    expect(dashProblems('About - Baobab Data', en)).toEqual([]);
    // A description.
    const full = `Spécialisation : ce parcours approfondit l’apprentissage supervisé${N}: construction de variables, choix des modèles.`;
    expect(
      descriptionProblems(`Spécialisation : ce parcours approfondit l’apprentissage supervisé${N}:…`, full),
    ).toEqual(['cut after a colon, a comma or a space']);
    const assistants = 'Les assistants d’IA rédigent des formules en quelques secondes, et ils peuvent se tromper.';
    expect(
      descriptionProblems(
        'Les assistants d’IA rédigent des formules en quelques secondes, et ils peuvent…',
        assistants,
      ),
    ).toEqual(['cut inside a clause']);
    expect(descriptionProblems('Les assistants d’IA rédigent des formules en quelques secondes…', assistants)).toEqual(
      [],
    );
    expect(
      descriptionProblems(
        'Les assistants d’IA rédigent des formules.',
        'Les assistants d’IA rédigent des formules. Ils se trompent.',
      ),
    ).toEqual([]);
    expect(descriptionProblems('Une phrase sans fin')).toEqual(['does not end with a sentence']);
    // A number.
    expect(numberProblems('Votre message doit compter 5000 caractères au plus', fr)).toEqual([
      '“5000” where the language writes “5\u202f000”',
    ]);
    expect(numberProblems(`Ce que 3${N}000 prix relevés`, fr)).toEqual([
      '“3\u00a0000” where the language writes “3\u202f000”',
    ]);
    expect(numberProblems('under 5001 characters', en)).toEqual(['“5001” where the language writes “5,001”']);
    expect(numberProblems('Tout a commencé en 2021 ; appelez le +234 1 555 0142', fr)).toEqual([]);
    expect(numberProblems('5\u202f000 caractères, 1\u202f200 $US', fr)).toEqual([]);
  });
});
