import { notFound } from 'next/navigation';

import { isLang, type Lang } from './index';

// The language of a route's [lang] segment. Every page address reaches it as /en/… or /fr/… (proxy.ts);
// only a missing file (/images/…) can arrive with another first segment, and it is not found.
export function routeLang(value: string): Lang {
  return isLang(value) ? value : notFound();
}
