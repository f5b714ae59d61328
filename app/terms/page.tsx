import { PageHeader } from '@/components/ui/page-header';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Terms of service',
  description: 'The terms that apply when you use the Baobab Data website and its courses.',
  path: '/terms',
});

export default function TermsOfServicePage() {
  return <PageHeader title="Terms of service" lead="The terms that apply when you use the Baobab Data website and its courses." />;
}
