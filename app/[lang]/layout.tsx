import type { Metadata, Viewport } from 'next';

import { SiteFrame } from '@/components/layout/site-frame';
import { content, site } from '@/lib/content';
import { langs } from '@/lib/i18n';
import { renderingLang, routeLang } from '@/lib/i18n/route';
import { siteUrl } from '@/lib/seo';
import { manifestPath } from '@/lib/web-manifest';

import '../globals.css';

// One root layout for every language: English pages reach it through next.config.ts's rewrite to
// /{defaultLang} (docs/product.md §12), so <html lang> is right in every prerendered page. Addresses no
// page claims get app/global-not-found.tsx, in the language of the address. Each page says
// `dynamicParams = false` itself: Next applies the strictest segment of a route to the whole of it, so
// saying it here would also refuse the pages of events published after the build (events/[slug]).

// Every page's footer shows the contact details and social pages the content editor keeps (lib/cms): a
// page is made again within 30 s of a change on any instance (at once on the one that saved it). A page
// with a shorter time of its own keeps it.
export const revalidate = 30;

export function generateStaticParams() {
  return langs.map((lang) => ({ lang }));
}

export async function generateMetadata({ params }: LayoutProps<'/[lang]'>): Promise<Metadata> {
  const lang = routeLang((await params).lang);
  const { description } = content(lang).site;
  // No title here: every page sets its own.
  return {
    metadataBase: new URL(siteUrl),
    description,
    applicationName: site.name,
    formatDetection: { telephone: false },
    manifest: manifestPath(lang),
  };
}

export const viewport: Viewport = {
  themeColor: site.brandColour,
  width: 'device-width',
  initialScale: 1,
};

export default async function RootLayout({ children, params }: LayoutProps<'/[lang]'>) {
  // Named for this render's not-found file, which gets no params.
  const lang = renderingLang(routeLang((await params).lang));
  return <SiteFrame lang={lang}>{children}</SiteFrame>;
}
