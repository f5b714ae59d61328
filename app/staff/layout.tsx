import type { Metadata, Viewport } from 'next';

import { defaultLang, locales } from '@/lib/i18n';
import { staffText } from '@/messages/staff';

import '../globals.css';

// The staff workspace's own root layout, apart from the visitors' app/[lang]: none of its code or
// styles reach a visitor's page. Never indexed; every page reads the session, so none is prerendered
// or stored (Next sends no-store for them).
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: staffText.workspace,
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function StaffLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang={locales[defaultLang].htmlLang}>
      <body>{children}</body>
    </html>
  );
}
