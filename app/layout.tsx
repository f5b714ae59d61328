import type { Metadata, Viewport } from 'next';

import { Analytics } from '@/components/layout/analytics';
import { CookieBanner } from '@/components/layout/cookie-banner';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { consentMarkerScript } from '@/lib/consent';
import { mainNav, site } from '@/lib/content';
import { siteUrl } from '@/lib/seo';

import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl),
  title: { template: `%s - ${site.name}`, default: site.name },
  description: site.description,
  applicationName: site.name,
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  themeColor: site.brandColour,
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang={site.locale} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: consentMarkerScript }} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <CookieBanner />
        <Navbar brand={site.name} links={mainNav} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <ScrollToTop />
        <Analytics />
      </body>
    </html>
  );
}
