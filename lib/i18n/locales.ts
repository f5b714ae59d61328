// The site's languages, declared once (docs/i18n.md). Everything that depends on a language (addresses,
// the rewrite of unprefixed addresses, <html lang>, hreflang, Open Graph, Intl formats, the language
// switch, the sitemap, the text loaders) is derived from this table, and every dictionary is typed
// against its keys: a new entry here makes `tsc` name each text the new language still lacks.
// No imports: next.config.ts, proxy.ts and the browser's bundle all read it, so it holds only what
// cannot be derived (Open Graph's locale comes from `intl`, the staff's name of a language from Intl).
export interface Locale {
  // The first path segment of the language's pages ('' for the one language served unprefixed).
  readonly prefix: string;
  // BCP 47 tag for <html lang>, hreflang and the switch's lang attribute.
  readonly htmlLang: string;
  // Intl's locale for dates, numbers and percentages; Open Graph's locale is the same with '_'.
  readonly intl: string;
  // Intl's locale for US dollar amounts ('$10' in English, '10 $US' in French).
  readonly money: string;
  // The language's name in the language itself, for the language switch.
  readonly name: string;
  // The switch's hint, also written in the language it leads to.
  readonly switchHint: string;
}

export const locales = {
  en: {
    prefix: '',
    htmlLang: 'en',
    intl: 'en-GB',
    money: 'en-US',
    name: 'English',
    switchHint: 'This page in English',
  },
  fr: {
    prefix: 'fr',
    htmlLang: 'fr',
    intl: 'fr-FR',
    money: 'fr-FR',
    name: 'Français',
    switchHint: 'Cette page en français',
  },
} as const satisfies Record<string, Locale>;
