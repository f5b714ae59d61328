import { PageHeader } from '@/components/ui/page-header';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Insights',
  description: 'Articles and analyses written by members of the Baobab Data community.',
  path: '/insights',
});

export default function InsightsPage() {
  return <PageHeader title="Insights" lead="Articles and analyses written by members of the Baobab Data community." />;
}
