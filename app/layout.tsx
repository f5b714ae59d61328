import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import { Analytics } from '@/components/layout/analytics';
import { CookieBanner } from '@/components/layout/cookie-banner';
import { Footer } from '@/components/layout/footer';
import { Navbar } from '@/components/layout/navbar';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { consentMarkerScript } from '@/lib/consent';
import { mainNav, site } from '@/lib/content';
import { siteUrl } from '@/lib/seo';
import './globals.css';

// Inter (OFL) from its npm package, Latin only. 'optional': a slow phone keeps the system font
// rather than re-laying out the page when the font arrives late.
const inter = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  display: 'optional',
  variable: '--font-inter',
});

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
    <html lang={site.locale} className={inter.variable} suppressHydrationWarning>
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
