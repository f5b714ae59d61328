import type { Metadata } from 'next';
import { headers } from 'next/headers';

import { SiteFrame } from '@/components/layout/site-frame';
import buttons from '@/components/ui/button.module.css';
import { SiteLink } from '@/components/ui/site-link';
import { LANG_HEADER, localePath, toLang, type Lang } from '@/lib/i18n';
import { pageTitle, siteUrl } from '@/lib/seo';
import { messages } from '@/messages';

import './globals.css';

import styles from './not-found.module.css';

// Every address no page claims, in either language (docs/product.md §12). Next renders this file
// outside any layout, so the language comes from the header proxy.ts sets from the address (it
// overwrites whatever a client sent).
async function requestLang(): Promise<Lang> {
  const lang = (await headers()).get(LANG_HEADER);
  return toLang(lang);
}

export async function generateMetadata(): Promise<Metadata> {
  const lang = await requestLang();
  const text = messages(lang).notFound;
  return {
    metadataBase: new URL(siteUrl),
    title: pageTitle(text.title, lang),
    description: text.text,
    robots: { index: false },
  };
}

export default async function GlobalNotFound() {
  const lang = await requestLang();
  const text = messages(lang).notFound;
  return (
    <SiteFrame lang={lang}>
      <div className={`container ${styles.wrap}`}>
        <h1>{text.title}</h1>
        <p>{text.text}</p>
        <SiteLink href={localePath(lang, '/')} className={`${buttons.button} ${buttons.primary}`}>
          {text.home}
        </SiteLink>
      </div>
    </SiteFrame>
  );
}
