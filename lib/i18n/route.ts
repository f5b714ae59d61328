import { notFound } from 'next/navigation';

import { prerendered } from '@/lib/content';

import { isLang, type Lang } from './index';

// The language of a route's [lang] segment. Every page address reaches it as /en/… or /fr/… (proxy.ts);
// only a missing file (/images/…) can arrive with another first segment, and it is not found.
export function routeLang(value: string): Lang {
  return isLang(value) ? value : notFound();
}

// The language and entity of a page at /[lang]/…/[slug]; `find` looks the slug up in that language.
export async function routeEntity<T>(
  params: Promise<{ lang: string; slug: string }>,
  find: (slug: string, lang: Lang) => T | undefined,
): Promise<{ lang: Lang; slug: string; entity: T }> {
  const { lang: segment, slug } = await params;
  const lang = routeLang(segment);
  return { lang, slug, entity: prerendered(find(slug, lang)) };
}
