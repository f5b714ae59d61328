import type { Metadata } from 'next';
import { headers } from 'next/headers';

import { NotFoundBody } from '@/components/layout/not-found-body';
import { SiteFrame } from '@/components/layout/site-frame';
import { LANG_HEADER, toLang, type Lang } from '@/lib/i18n';
import { notFoundMetadata, siteUrl } from '@/lib/seo';

import './globals.css';

// Every address no page claims, in either language (docs/product.md §12). Next renders this file
// outside any layout, so the language comes from the header proxy.ts sets from the address (it
// overwrites whatever a client sent).
async function requestLang(): Promise<Lang> {
  const lang = (await headers()).get(LANG_HEADER);
  return toLang(lang);
}

export async function generateMetadata(): Promise<Metadata> {
  return { metadataBase: new URL(siteUrl), ...notFoundMetadata(await requestLang()) };
}

export default async function GlobalNotFound() {
  const lang = await requestLang();
  return (
    <SiteFrame lang={lang}>
      <NotFoundBody lang={lang} />
    </SiteFrame>
  );
}
