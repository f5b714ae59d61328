// Relative, not '@/': next.config.ts imports this module, and its loader does not know the alias.
import { locales } from './locales';

export { locales, type Locale } from './locales';

// Every language of the site, in the table's order (docs/i18n.md). The one without a prefix (English)
// keeps the unprefixed addresses; each other language lives under /{prefix} with the same path after it.
export type Lang = keyof typeof locales;
export const langs = Object.keys(locales) as Lang[];

// The unprefixed language, as a type and a value: the fallback for anything that is not a language,
// the language of the server's own texts and of the data the other languages translate.
export type DefaultLang = { [L in Lang]: (typeof locales)[L]['prefix'] extends '' ? L : never }[Lang];
export const defaultLang = langs.find((lang) => locales[lang].prefix === '') as DefaultLang;
// The languages whose texts are laid over the default language's.
export type TranslatedLang = Exclude<Lang, DefaultLang>;

// One value per language: leaving a language out fails the type check, not the visitor.
export type Localised<T> = Record<Lang, T>;

// The translatable shape of a content value: the same structure, with every text a plain string (the
// English data is `as const`, so its strings are literal types a translation could never match).
export type Translation<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Translation<U>[]
    : T extends object
      ? { readonly [K in keyof T]: Translation<T[K]> }
      : T;

// The shape of a dictionary of texts: every key of the English one, each a string or a nested dictionary.
export type Dictionary<T> = { readonly [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> };

// The request header proxy.ts sets to the language of a page address, for app/global-not-found.tsx.
// The server drops any client-sent copy before Next sees the request (lib/security/http-intake.ts).
export const LANG_HEADER = 'x-site-lang';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && Object.hasOwn(locales, value);
}

// The one fallback: a language from a form field, a header or a stored record, else the default.
export function toLang(value: unknown): Lang {
  return isLang(value) ? value : defaultLang;
}

// Every language but this one: the language switch's list.
export function otherLangs(lang: Lang): Lang[] {
  return langs.filter((other) => other !== lang);
}

const prefixed = langs.filter((lang) => lang !== defaultLang);

// The address of a page in a language, from its default-language (unprefixed) path.
export function localePath(lang: Lang, path: string): string {
  const { prefix } = locales[lang];
  if (!prefix) return path;
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`;
}

// The absolute address of a page in a language on a site (the English home is the site's address itself).
export function localeUrl(site: string, lang: Lang, path: string): string {
  const local = localePath(lang, path);
  return local === '/' ? site : `${site}${local}`;
}

// The language and unprefixed path under a language's first segment, if the address is under it.
function under(pathname: string, segment: string): string | undefined {
  if (pathname === `/${segment}` || pathname === `/${segment}/`) return '/';
  if (pathname.startsWith(`/${segment}/`)) return pathname.slice(segment.length + 1);
  return undefined;
}

// The language of a public address and the unprefixed path of the same page.
export function splitPath(pathname: string): { lang: Lang; path: string } {
  for (const lang of prefixed) {
    const path = under(pathname, locales[lang].prefix);
    if (path !== undefined) return { lang, path };
  }
  return { lang: defaultLang, path: pathname };
}

// The language and unprefixed path of any page address, public (/about, /{prefix}/about) or as Next
// routes it inside (/{defaultLang}/about): a prerendered page sees the latter while it is built.
export function pagePath(pathname: string): { lang: Lang; path: string } {
  const path = under(pathname, defaultLang);
  return path === undefined ? splitPath(pathname) : { lang: defaultLang, path };
}
