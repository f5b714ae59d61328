import { LegalPage } from '@/components/legal/legal-page';
import { content } from '@/lib/content';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

type Props = PageProps<'/[lang]/terms'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { terms, termsDescription } = messages(lang).legal;
  return pageMetadata({ lang, title: terms, description: termsDescription, path: '/terms' });
}

export default async function TermsPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  return <LegalPage lang={lang} title={messages(lang).legal.terms} {...content(lang).pages.terms} />;
}
