import { PageHeader } from '@/components/ui/page-header';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Projects',
  description: 'Social-impact data projects run by the Baobab Data community.',
  path: '/projects',
});

export default function ProjectsPage() {
  return <PageHeader title="Projects" lead="Social-impact data projects run by the Baobab Data community." />;
}
