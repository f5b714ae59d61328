import { PageHeader } from '@/components/ui/page-header';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Academy',
  description: 'Hands-on data courses from Baobab Data: analysis, visualisation, machine learning and ethics.',
  path: '/academy',
});

export default function AcademyPage() {
  return <PageHeader title="Academy" lead="Hands-on data courses from Baobab Data: analysis, visualisation, machine learning and ethics." />;
}
