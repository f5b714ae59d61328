/** @jest-environment node */
import { content } from '@/lib/content';
import { messages } from '@/messages';

import { receivedMetadata, receivedTexts } from '../helpers/received-texts';

const lang = 'fr';
const french = content(lang);
const N = '\u00a0';

// The titles of the courses, events and offers as the English pages name them, where the French differ.
const english = content('en');
const frenchTitles = new Set([...french.courses, ...french.events, ...french.offers].map((item) => item.title));
const englishTitles = [...english.courses, ...english.events, ...english.offers]
  .map((item) => item.title)
  .filter((title) => !frenchTitles.has(title));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Everything a careful French reader would stop at, in what a French visitor receives: each rule has a
// bad sample below that it must catch.
export function frenchProblems(text: string): string[] {
  // Addresses, clock times and the code a refusal quotes are not prose.
  const prose = text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\d:\d/g, '')
    .replace('=?…?=', 'code');
  const problems: string[] = [];
  if (/['"]/.test(prose)) problems.push('a straight quote or apostrophe (use ’ or « »)');
  if (/[^\u00a0\u202f][:;!?]/.test(prose)) problems.push('no no-break space before : ; ! or ?');
  if (/«[^\u00a0]|[^\u00a0]»/.test(prose)) problems.push('no no-break space inside « »');
  // Intl's thousands separator is the one narrow no-break space (« 5 000 »).
  if (/(?<!\d)\u202f|\u202f(?!\d{3})/.test(prose)) problems.push('a narrow no-break space (this site uses U+00A0)');
  if (/ [,.)]| {2}|\( /.test(prose)) problems.push('a stray space');
  if (/\u00a0: (Gratuit|Gratuite|Le|La|Les|Un|Une|Des|Du|Au|Aux|Votre|Vos|Nos|Notre|Pour|Avec|Sans)\b/.test(prose))
    problems.push('a capital after a colon');
  if (/\b(the|and|was|now|off|free|leave|this|field|empty|your|with|price|cohort|ends)\b/i.test(prose))
    problems.push('English words');
  if (/moins de \d+ caractères/.test(prose)) problems.push('“moins de 101”: say “100 au plus”');
  // Before an infinitive, « le » and « les » are pronouns: « avant de le mettre », « à les traiter ».
  if (/(?<!\p{L})(à|de) (le|les) (?!\p{L}+(?:er|ir|re|oir)\b)/iu.test(prose))
    problems.push('à le / de le instead of au / du');
  if (/au lieu de .*désormais|désormais .*au lieu de/.test(prose)) problems.push('a price glued from fragments');
  if (/\d[\u00a0 ]?\$(?!US)|\$\d/.test(prose)) problems.push('a dollar amount not written “120 $US”');
  if (/abonn/i.test(prose)) problems.push('“abonnement” where the site says “inscription”');
  if (/inscrit(?![(a-z])/.test(prose)) problems.push('“inscrit” where the forms say “inscrit(e)”');
  // An event or an offer is named in a sentence with its article (its inSentence), not by its bare title.
  for (const item of [...french.events, ...french.offers]) {
    if (new RegExp(`(?<!\\p{L})(?:à|À|de|De|pour|Pour|dans|Dans) ${escaped(item.title)}`, 'u').test(prose))
      problems.push(`“${item.title}” without its article`);
  }
  for (const title of englishTitles) if (prose.includes(title)) problems.push(`“${title}”, an English title`);
  return problems;
}

describe('what a French visitor receives reads as French', () => {
  it('has no typographic or wording error in any page text, composed sentence, answer, mail or page head', async () => {
    const all = [...(await receivedTexts(lang)), ...(await receivedMetadata(lang))];
    expect(all.length).toBeGreaterThan(400);
    const problems = all.flatMap(({ where, text }) => frenchProblems(text).map((problem) => `${where}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('joins a page’s title and the brand with a dash, as French titles are', () => {
    expect(messages(lang).pageTitle).toBe(`{page}${N}– {brand}`);
  });

  it('catches each class of error', () => {
    const bad: [string, string][] = [
      ['a straight quote or apostrophe (use ’ or « »)', "Merci de l'avoir fait"],
      ['no no-break space before : ; ! or ?', 'Python: 3 semaines'],
      ['no no-break space inside « »', `la formation «${N}Python »`],
      ['a narrow no-break space (this site uses U+00A0)', 'Prix\u202f: 120 $US'],
      ['a stray space', 'Merci , à bientôt'],
      ['a capital after a colon', `Frais d’inscription${N}: Gratuit`],
      ['English words', 'Leave this field empty'],
      ['“moins de 101”: say “100 au plus”', 'Votre nom doit compter moins de 101 caractères'],
      ['à le / de le instead of au / du', 'À bientôt à le hackathon'],
      ['a price glued from fragments', `Prix${N}: au lieu de 150 $US désormais 120 $US`],
      ['a dollar amount not written “120 $US”', 'De gratuit à 105 $.'],
      ['“abonnement” where the site says “inscription”', 'Confirmez votre abonnement'],
      ['“inscrit” where the forms say “inscrit(e)”', 'Vous êtes inscrit'],
      ['“Hackathon Baobab Data 2023” without its article', 'À bientôt à Hackathon Baobab Data 2023'],
      [
        '“Devenir analyste de données” without its article',
        'Toutes les places pour Devenir analyste de données sont prises',
      ],
      [
        '“Baobab Data Hackathon 2023”, an English title',
        `Vous êtes inscrit(e) à «${N}Baobab Data Hackathon 2023${N}».`,
      ],
    ];
    for (const [problem, text] of bad) expect([text, frenchProblems(text)]).toEqual([text, [problem]]);
    for (const good of [
      'Merci de l’avoir fait',
      `Python${N}: 3 semaines`,
      `Prix${N}: 120 $US au lieu de 150 $US`,
      'Vous êtes inscrit(e). Inscription gratuite',
      `${N}Rendez-vous pour le Hackathon Baobab Data 2023${N}: 18–19 mars 2023`.trim(),
      'Votre nom doit compter 100 caractères au plus',
      'avant de le mettre au service de projets, apprenez à les traiter',
      `Vous ne pourrez finalement pas être des nôtres pour le programme «${N}Devenir analyste de données${N}»${N}?`,
      `Votre message doit compter 5\u202f000${N}caractères au plus`,
    ]) {
      expect([good, frenchProblems(good)]).toEqual([good, []]);
    }
  });
});
