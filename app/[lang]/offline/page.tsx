import { routeLang } from '@/lib/i18n/route';
import { homeCard, pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

type Props = PageProps<'/[lang]/offline'>;

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description } = messages(lang).offline;
  // Only ever shown by the service worker, offline: not a page to find in a search engine.
  return {
    ...pageMetadata({ lang, title, description, path: '/offline', card: homeCard(lang) }),
    robots: { index: false },
  };
}

// What the service worker shows for a page this device has not kept, while offline (lib/offline/worker.ts):
// it fills the list with the pages it keeps in this language and takes the scripts out.
export default async function OfflinePage({ params }: Props) {
  const text = messages(routeLang((await params).lang)).offline;
  return (
    <div className="container">
      <h1>{text.title}</h1>
      <p>{text.text}</p>
      <ul data-offline-list="" />
      <p>{text.retry}</p>
    </div>
  );
}
