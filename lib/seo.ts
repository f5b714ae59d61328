import type { Metadata } from 'next';

import { buildSiteUrl } from '@/lib/config';
import { site } from '@/lib/content';

// The public address of the site, used for canonical URLs, the sitemap and social cards. Pages are
// prerendered, so the build's SITE_URL is the one they carry.
export const siteUrl = buildSiteUrl();

interface PageSeo {
  title: string;
  description: string;
  path: string;
  images?: { url: string; width: number; height: number; alt: string }[];
}

// Title ('{page} - {brand}', docs/product.md §1), description, canonical URL, Open Graph and Twitter
// tags of one page.
export function pageMetadata({ title, description, path, images }: PageSeo): Metadata {
  const fullTitle = `${title} - ${site.name}`;
  return {
    // Absolute, because the layout's title template does not reach Home, which shares its segment.
    title: { absolute: fullTitle },
    description,
    alternates: { canonical: path },
    openGraph: {
      type: 'website',
      siteName: site.name,
      title: fullTitle,
      description,
      url: path,
      locale: 'en',
      ...(images ? { images } : {}),
    },
    twitter: {
      card: 'summary_large_image',
      title: fullTitle,
      description,
      ...(images ? { images: images.map((i) => i.url) } : {}),
    },
  };
}
