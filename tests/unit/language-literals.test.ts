/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import { langs, locales } from '@/lib/i18n';

const repo = resolve(__dirname, '../..');

// Where a language may be named: the table, and the texts (docs/i18n.md). Everything else derives
// what it needs from the table.
// The CMS's migrations are written by Payload from the table (Postgres keeps the locales as an enum):
// a third language is a new migration, made by the same command.
const allowed = ['lib/i18n/locales.ts', 'messages/', 'data/', 'lib/cms/migrations/'];
const scanned = ['app', 'components', 'lib', 'scripts', 'proxy.ts', 'next.config.ts', 'instrumentation.ts'];

function files(path: string): string[] {
  const full = join(repo, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => files(join(path, name)));
}

// A language named in code: as a string ('fr', "en-GB"), an address (/fr, /en/…), an object key
// (fr: …, { en, fr }) or a property (formTexts.fr), for every language of the table and its tags.
export function languageLiterals(source: string, codes: readonly string[]): string[] {
  const code = codes.map((c) => c.replace(/[-_]/g, '[-_]')).join('|');
  const patterns = [
    new RegExp(`(['"\`])(?:${code})(?:[-_][A-Za-z]{2})?\\1`, 'g'),
    new RegExp(`(?<![\\w.])\\\\?/(?:${code})(?![\\w-])`, 'g'),
    new RegExp(`(?<![\\w.-])(?:${code})\\s*:(?![:/])`, 'g'),
    new RegExp(`\\.(?:${code})\\b(?!-)`, 'g'),
    new RegExp(`[{,]\\s*(?:${code})\\s*(?=[,}])`, 'g'),
  ];
  return source
    .split('\n')
    .flatMap((line, index) =>
      patterns.some((pattern) => line.match(pattern)) ? [`${index + 1}: ${line.trim()}`] : [],
    );
}

// A word of any language written into code where screen readers read it: a label, a role's name or an
// alt text given as a string, in JSX (alt="Logo", aria-label={'Close'}, aria-roledescription={`slide`})
// or in props ({ alt: 'Logo' }, { 'aria-label': 'Close' }). Those words come from the texts like every
// other (docs/i18n.md). An empty alt, a decorative image's, has no word; nor has what a template only
// fills in (`${count}`).
const wordedAttributes = ['aria-label', 'aria-roledescription', 'aria-description', 'aria-valuetext', 'alt'];
export function hardCodedWords(source: string): string[] {
  const name = `(?:${wordedAttributes.join('|')})`;
  const patterns = [
    new RegExp(`(?<![\\w-])${name}\\s*=\\s*\\{?\\s*(["'\`])((?:(?!\\1).)*)\\1`, 'g'),
    new RegExp(`(?<![\\w-])(['"]?)${name}\\1\\s*:\\s*(["'\`])((?:(?!\\2).)*)\\2`, 'g'),
  ];
  const worded = (literal: string) => /\p{L}/u.test(literal.replace(/\$\{[^}]*\}/g, ''));
  return source
    .split('\n')
    .flatMap((line, index) =>
      patterns.some((pattern) => [...line.matchAll(pattern)].some((match) => worded(match.at(-1)!)))
        ? [`${index + 1}: ${line.trim()}`]
        : [],
    );
}

const codes = [...new Set(langs.flatMap((lang) => [lang, locales[lang].htmlLang, locales[lang].prefix]))].filter(
  Boolean,
);

describe('languages are named only in the table and the texts', () => {
  it('finds no language literal in the code', () => {
    const found = scanned
      .flatMap(files)
      .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !allowed.some((a) => file.startsWith(a)))
      .flatMap((file) =>
        languageLiterals(readFileSync(join(repo, file), 'utf8'), codes).map((hit) => `${relative('.', file)}:${hit}`),
      );
    expect(found).toEqual([]);
  });

  it('catches each way code names a language', () => {
    for (const bad of [
      "return isLang(x) ? x : 'en';",
      'const tag = "fr";',
      "new Intl.NumberFormat('fr-FR')",
      'if (pathname.startsWith(`/fr/`)) return;',
      "const home = '/fr';",
      'const dictionaries = { en, fr };',
      '  fr: { title: "x" },',
      'const words = formTexts.fr.answers;',
      'const pattern = /^\\/fr(\\/|$)/;',
    ]) {
      expect(languageLiterals(bad, ['en', 'fr'])).toHaveLength(1);
    }
    for (const fine of [
      'const env = process.env;',
      "const font = 'free';",
      'const url = `${base}/friends`;',
      "const type = 'text/calendar';",
      'const x = { entity: 1, from: 2 };',
    ]) {
      expect(languageLiterals(fine, ['en', 'fr'])).toEqual([]);
    }
  });
});

describe('screen readers read no word written into the code', () => {
  it('finds no label, role or alt text written into a component', () => {
    const found = ['app', 'components', 'lib']
      .flatMap(files)
      .filter((file) => /\.(ts|tsx)$/.test(file))
      .flatMap((file) =>
        hardCodedWords(readFileSync(join(repo, file), 'utf8')).map((hit) => `${relative('.', file)}:${hit}`),
      );
    expect(found).toEqual([]);
  });

  it('catches each way a component writes one', () => {
    for (const bad of [
      '              aria-roledescription="slide"',
      "<button aria-label='Close' onClick={close}>",
      '<Picture src={flag} alt="Flag of Nigeria" />',
      '<img alt={`Portrait of ${name}`} src={src} />',
      "<section aria-label={'Featured projects'}>",
      "const props = { alt: 'A course' };",
      "return { 'aria-label': 'Next slide', onClick };",
    ]) {
      expect([bad, hardCodedWords(bad)]).toEqual([bad, [`1: ${bad.trim()}`]]);
    }
    for (const fine of [
      'aria-roledescription={text.slide}',
      '<Picture src={course.img} alt="" fill />',
      'aria-label={position(text, index, slides.length)}',
      '<span aria-hidden="true">‹</span>',
      'aria-label={`${index + 1}/${count}`}',
      "const alternate = 'x-default';",
    ]) {
      expect([fine, hardCodedWords(fine)]).toEqual([fine, []]);
    }
  });
});
