import type { Metadata } from 'next';

import { buildSiteUrl } from '@/lib/config';
import { site } from '@/lib/content';
import type { Availability } from '@/lib/content/schedule';
import { defaultLang, langs, localePath, locales, localeUrl, otherLangs, type Lang } from '@/lib/i18n';

// The public address of the site, used for canonical URLs, the sitemap and social cards. Pages are
// prerendered, so the build's SITE_URL is the one they carry.
export const siteUrl = buildSiteUrl();

interface PageSeo {
  lang: Lang;
  title: string;
  description: string;
  // The page's English (unprefixed) path; the French one is derived from it.
  path: string;
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
// languages, Open Graph and Twitter tags of one page.
export function pageMetadata({ lang, title, description, path }: PageSeo): Metadata {
  const fullTitle = `${title} - ${site.name}`;
  const url = localePath(lang, path);
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
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description },
  };
}

// schema.org's words for where a registration stands (docs/product.md §9): an event keeps
// EventScheduled (it took or takes place as planned) and its places carry the state, as an offer's do.
export const schemaAvailability: Record<Availability, string> = {
  open: 'https://schema.org/InStock',
  full: 'https://schema.org/SoldOut',
  closed: 'https://schema.org/Discontinued',
};
