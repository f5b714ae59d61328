import { Analytics, CookieBanner } from '@/components/layout/cookie-choice';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { OfflineSupport } from '@/components/layout/offline-support';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { cmsContact } from '@/lib/cms';
import { consentMarkerScript } from '@/lib/consent';
import { content } from '@/lib/content';
import { localePath, locales, type Lang } from '@/lib/i18n';
import { messages } from '@/messages';

// The document every page shares, in one language: <html lang>, the skip link, cookie banner, navigation,
// footer. The root layout and the not-found page (which Next renders outside any layout) both use it.
export async function SiteFrame({ lang, children }: { lang: Lang; children: React.ReactNode }) {
  const { site, mainNav } = content(lang);
  const { contactInfo, socialLinks } = await cmsContact();
  const text = messages(lang);
  return (
    <html lang={locales[lang].htmlLang} suppressHydrationWarning>
      {/* The document's own head, as in a root layout: this component is the root layout's body. */}
      {/* eslint-disable-next-line @next/next/no-head-element */}
      <head>
        <script dangerouslySetInnerHTML={{ __html: consentMarkerScript() }} />
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
        <Footer lang={lang} contactInfo={contactInfo} socialLinks={socialLinks} />
        <ScrollToTop />
        <Analytics />
        <OfflineSupport />
      </body>
    </html>
  );
}
