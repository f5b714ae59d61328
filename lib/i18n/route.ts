import { notFound } from 'next/navigation';
import { cache } from 'react';

import { defaultLang, isLang, type Lang } from './index';

// The language of a route's [lang] segment. Page addresses reach it as /{defaultLang}/… (next.config.ts's
// rewrite) or /{prefix}/…; only a file-shaped address no file answers (/x.svg) arrives with another first segment, and
// a post to one is not found here (a GET is answered 404 by Next before the page runs).
export function routeLang(value: string): Lang {
  return isLang(value) ? value : notFound();
}

// The language and entity of a page at /[lang]/…/[slug]; `find` looks the slug up in that language. No
// entity is the page's 404 (components/layout/missing-page.tsx).
export async function routeEntity<T>(
  params: Promise<{ lang: string; slug: string }>,
  find: (slug: string, lang: Lang) => T | undefined | Promise<T | undefined>,
): Promise<{ lang: Lang; slug: string; entity: T | undefined }> {
  const { lang: segment, slug } = await params;
  const lang = routeLang(segment);
  return { lang, slug, entity: await find(slug, lang) };
}

// The language of the [lang] segment being rendered, for what Next gives no params: the not-found file
// of that segment. Its layout, rendered first, names it; one value per render (React's cache), read
// without a request header, so the pages around it stay prerendered.
const rendering = cache((): { lang: Lang } => ({ lang: defaultLang }));

export function renderingLang(lang?: Lang): Lang {
  if (lang) rendering().lang = lang;
  return rendering().lang;
}
