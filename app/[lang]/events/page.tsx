import { AgendaPage } from '@/components/calendar/agenda-page';
import { eventAgenda } from '@/lib/forms/places';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

// Made again every 30 seconds, so what has ended moves to the past on time (docs/product.md §9) and an
// edit made on another instance shows within a minute.
export const revalidate = 30;

type Props = PageProps<'/[lang]/events'>;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description } = messages(lang).events;
  return pageMetadata({ lang, title, description, path: '/events' });
}

export default async function EventsPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  return <AgendaPage lang={lang} text={messages(lang).events} agenda={await eventAgenda(lang)} />;
}
