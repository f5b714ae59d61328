import { PageHeader } from '@/components/ui/page-header';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'About',
  description: 'Who we are: the people, fellowship and projects behind Baobab Data.',
  path: '/about',
});

export default function AboutPage() {
  return <PageHeader title="About" lead="Who we are: the people, fellowship and projects behind Baobab Data." />;
}
