import { LegalPage } from '@/components/legal/legal-page';
import { pages } from '@/lib/content';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Privacy policy',
  description: `What Baobab Data collects, why, who sees it and your choices. Our services are for people aged ${pages.privacy.minimumAge} and over.`,
  path: '/privacy',
});

export default function PrivacyPage() {
  return <LegalPage title="Privacy policy" {...pages.privacy} />;
}
