import type { Metadata, Viewport } from 'next';

import { Analytics } from '@/components/layout/analytics';
import { CookieBanner } from '@/components/layout/cookie-banner';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { consentMarkerScript } from '@/lib/consent';
import { content, site } from '@/lib/content';
import { langs, langTag, localePath, routeLang } from '@/lib/i18n';
import { siteUrl } from '@/lib/seo';
import { messages } from '@/messages';

import '../globals.css';

// One root layout for both languages: English pages reach it through the proxy's rewrite to /en
// (docs/product.md §12), so <html lang> is right in every prerendered page, the 404 included.
export const dynamicParams = false;

export function generateStaticParams() {
  return langs.map((lang) => ({ lang }));
}

export async function generateMetadata({ params }: LayoutProps<'/[lang]'>): Promise<Metadata> {
  const { description } = content(routeLang((await params).lang)).site;
  // No title here: every page sets its own, and the not-found page writes its own <title>.
  return {
    metadataBase: new URL(siteUrl),
    description,
    applicationName: site.name,
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  themeColor: site.brandColour,
  width: 'device-width',
  initialScale: 1,
};

export default async function RootLayout({ children, params }: LayoutProps<'/[lang]'>) {
  const lang = routeLang((await params).lang);
  const { mainNav } = content(lang);
  const text = messages(lang);
  return (
    <html lang={langTag[lang]} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: consentMarkerScript }} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {text.skipLink}
        </a>
        <CookieBanner text={text.cookie} privacyHref={localePath(lang, '/privacy')} />
        <Navbar brand={site.name} links={mainNav} lang={lang} text={text.nav} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer lang={lang} />
        <ScrollToTop />
        <Analytics />
      </body>
    </html>
  );
}
