import type { Metadata } from 'next';

import { buildSiteUrl } from '@/lib/config';
import { site } from '@/lib/content';
import type { Availability } from '@/lib/content/schedule';
import { defaultLang, langs, localePath, locales, localeUrl, otherLangs, type Lang } from '@/lib/i18n';
import { fill, messages } from '@/messages';

// The public address of the site, used for canonical URLs, the sitemap and social cards. Pages are
// prerendered, so the build's SITE_URL is the one they carry.
export const siteUrl = buildSiteUrl();

interface PageSeo {
  lang: Lang;
  title: string;
  description: string;
  // The page's English (unprefixed) path; the French one is derived from it.
  path: string;
  // The social card the page shows, when it is not its own (an opengraph-image file beside the page).
  card?: SocialCard;
}

// A social card: the path of the page whose opengraph-image file draws it, and the title it shows.
export interface SocialCard {
  path: string;
  title: string;
}

// The size and type every card is drawn at (lib/og.tsx).
export const ogSize = { width: 1200, height: 630 };
export const ogContentType = 'image/png';

// A page's full title in its language: 'About - Baobab Data', « À propos – Baobab Data ».
export function pageTitle(title: string, lang: Lang): string {
  return fill(messages(lang).pageTitle, { page: title, brand: site.name });
}

// The head of a 404 page in a language: never indexed.
export function notFoundMetadata(lang: Lang): Metadata {
  const text = messages(lang).notFound;
  return { title: pageTitle(text.title, lang), description: text.text, robots: { index: false } };
}

// The home page's card, which the pages without one of their own show too.
export function homeCard(lang: Lang): SocialCard {
  return { path: '/', title: messages(lang).home.card };
}

// A card's image and alt text in a language. Next takes an opengraph-image file's alt as one constant
// for every language, so pages name their card themselves, each in its own language. The card is
// drawn under the [lang] segment in every language, the default one included (docs/product.md §12).
export function socialImage(card: SocialCard, lang: Lang) {
  return {
    url: `/${lang}${card.path === '/' ? '' : card.path}/opengraph-image`,
    ...ogSize,
    type: ogContentType,
    alt: pageTitle(card.title, lang),
  };
}

// The absolute address of a page in a language (the English home without a trailing slash).
export function pageUrl(lang: Lang, path: string): string {
  return localeUrl(siteUrl, lang, path);
}

// Each language's address of a page, as hreflang alternates; the default language's is also the one for
// any other language (docs/product.md §12).
// `base` makes them absolute (the sitemap's form).
export function languageAlternates(path: string, base = ''): Record<string, string> {
  const alternates: Record<string, string> = Object.fromEntries(
    langs.map((lang) => [locales[lang].htmlLang, `${base}${localePath(lang, path)}`]),
  );
  return { ...alternates, 'x-default': `${base}${localePath(defaultLang, path)}` };
}

// Open Graph's form of a locale: the Intl tag with '_' for '-'.
const ogLocale = (lang: Lang) => locales[lang].intl.replace('-', '_');

// Title ('{page} - {brand}', docs/product.md §10), description, canonical URL with its twins in the other
// languages, Open Graph and Twitter tags of one page, with its social card.
export function pageMetadata({ lang, title, description, path, card = { path, title } }: PageSeo): Metadata {
  const fullTitle = pageTitle(title, lang);
  const url = localePath(lang, path);
  const images = [socialImage(card, lang)];
  return {
    title: { absolute: fullTitle },
    description,
    alternates: { canonical: url, languages: languageAlternates(path) },
    openGraph: {
      type: 'website',
      siteName: site.name,
      title: fullTitle,
      description,
      url,
      locale: ogLocale(lang),
      alternateLocale: otherLangs(lang).map(ogLocale),
      images,
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description, images },
  };
}

// schema.org's words for where a registration stands (docs/product.md §9): an event keeps
// EventScheduled (it took or takes place as planned) and its places carry the state, as an offer's do.
export const schemaAvailability: Record<Availability, string> = {
  open: 'https://schema.org/InStock',
  full: 'https://schema.org/SoldOut',
  closed: 'https://schema.org/Discontinued',
};
