import { PageHeader } from '@/components/ui/page-header';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata({
  title: 'Contact',
  description: 'Write to Baobab Data, call us, or visit our office in Lagos, Nigeria.',
  path: '/contact',
});

export default function ContactPage() {
  return <PageHeader title="Contact" lead="Write to Baobab Data, call us, or visit our office in Lagos, Nigeria." />;
}
