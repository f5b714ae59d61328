import { LegalPage } from '@/components/legal/legal-page';
import { config } from '@/lib/config';
import { pages } from '@/lib/content';
import { privacySections } from '@/lib/privacy/policy';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Privacy policy',
  description: `What Baobab Data collects, why, who sees it and your choices. Our services are for people aged ${pages.privacy.minimumAge} and over.`,
  path: '/privacy',
});

// Rendered on request: the periods and processors it states come from the running server's settings.
export const dynamic = 'force-dynamic';

export default function PrivacyPage() {
  return <LegalPage title="Privacy policy" updated={pages.privacy.updated} sections={privacySections(config())} />;
}
