// Relative, not '@/': next.config.ts imports this module, and its loader does not know the alias.
import { API_PATH_PATTERN } from '../http/api-paths';

// The site's two languages (docs/product.md §12). English keeps the unprefixed paths; French lives under
// /fr with the same path after it.
export const langs = ['en', 'fr'] as const;
export type Lang = (typeof langs)[number];

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

// The request header proxy.ts sets to the language of a page address, for app/global-not-found.tsx.
// The server drops any client-sent copy before Next sees the request (lib/security/http-intake.ts).
export const LANG_HEADER = 'x-site-lang';

// Every page lives under app/[lang]/; English keeps the unprefixed addresses, so next.config.ts rewrites
// them to /en. This is every address but French pages, API calls, files (a last segment with a dot:
// public files, icons, the sitemap; no page address has one), social cards, the staff workspace
// (app/staff, English only), and /en itself (the
// rewritten home, which Next would otherwise rewrite again). A visitor's /en/... is redirected before
// this (lib/routing.ts): English has one address per page. Any other address, /images/about or
// /api/contact included, becomes /en/…, where no page claims it: a plain 404.
export const ENGLISH_PAGE_PATTERN = `(?!fr(?:/|$)|en$|staff(?:/|$)|${API_PATH_PATTERN}|_next/|.*\\.[^/]*$|.*opengraph-image).+`;

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'fr';
}

// BCP 47 tags for <html lang>, hreflang and Intl, and Open Graph's locale form.
export const langTag: Localised<string> = { en: 'en', fr: 'fr' };
export const intlLocale: Localised<string> = { en: 'en-GB', fr: 'fr-FR' };
export const ogLocale: Localised<string> = { en: 'en_GB', fr: 'fr_FR' };
// What the language switch shows for each language, written in that language.
export const langName: Localised<string> = { en: 'English', fr: 'Français' };

// The address of a page in a language, from its English (unprefixed) path.
export function localePath(lang: Lang, path: string): string {
  if (lang === 'en') return path;
  return path === '/' ? '/fr' : `/fr${path}`;
}

// The absolute address of a page in a language on a site (the English home is the site's address itself).
export function localeUrl(site: string, lang: Lang, path: string): string {
  const local = localePath(lang, path);
  return local === '/' ? site : `${site}${local}`;
}

// The language of a public address and the English path of the same page.
export function splitPath(pathname: string): { lang: Lang; path: string } {
  if (pathname === '/fr' || pathname === '/fr/') return { lang: 'fr', path: '/' };
  if (pathname.startsWith('/fr/')) return { lang: 'fr', path: pathname.slice(3) };
  return { lang: 'en', path: pathname };
}

export function otherLang(lang: Lang): Lang {
  return lang === 'en' ? 'fr' : 'en';
}

// The shape of a dictionary of texts: every key of the English one, each a string or a nested dictionary.
export type Dictionary<T> = { readonly [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> };

// The language and English path of any page address, public (/about, /fr/about) or as Next routes it
// inside (/en/about): a prerendered page sees the latter while it is built.
export function pagePath(pathname: string): { lang: Lang; path: string } {
  if (pathname === '/en' || pathname === '/en/') return { lang: 'en', path: '/' };
  if (pathname.startsWith('/en/')) return { lang: 'en', path: pathname.slice(3) };
  return splitPath(pathname);
}
