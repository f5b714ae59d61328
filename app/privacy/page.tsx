import { PageHeader } from '@/components/ui/page-header';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Privacy policy',
  description: 'What Baobab Data collects when you use this site, why, and the choices you have.',
  path: '/privacy',
});

export default function PrivacyPolicyPage() {
  return <PageHeader title="Privacy policy" lead="What Baobab Data collects when you use this site, why, and the choices you have." />;
}
