import type { Metadata } from 'next';

import { config } from '@/lib/config';
import { site } from '@/lib/content';

// The public address of the site, used for canonical URLs, the sitemap and social cards. Pages are
// prerendered, so the build's SITE_URL is the one they carry.
export const siteUrl = config().siteUrl;

interface PageSeo {
  title: string;
  description: string;
  path: string;
  images?: { url: string; width: number; height: number; alt: string }[];
}

// Title, description, canonical URL, Open Graph and Twitter tags of one page. The root layout's
// title template turns `title` into '{page} - {brand}'.
export function pageMetadata({ title, description, path, images }: PageSeo): Metadata {
  const fullTitle = `${title} - ${site.name}`;
  return {
    title,
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
