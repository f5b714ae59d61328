import { LegalPage } from '@/components/legal/legal-page';
import { pages } from '@/lib/content';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Terms of service',
  description: 'The terms that apply when you use the Baobab Data website, its courses and its forms.',
  path: '/terms',
});

export default function TermsPage() {
  return <LegalPage title="Terms of service" {...pages.terms} />;
}
