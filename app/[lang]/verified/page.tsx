import { routeLang } from '@/lib/i18n/route';
import { homeCard, pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

type Props = PageProps<'/[lang]/verified'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

// Crawlable like every page: it holds nothing private, and a noindex here would cost the SEO budget
// (docs/performance.md) for no gain.
export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description } = messages(lang).verified;
  return pageMetadata({ lang, title, description, path: '/verified', card: homeCard(lang) });
}

// docs/product.md §2: a placeholder that shows exactly this text in English (its French says the same).
export default async function VerifiedPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  return (
    <div className="container">
      <h1>{messages(lang).verified.heading}</h1>
    </div>
  );
}
