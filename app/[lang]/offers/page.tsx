import { AgendaPage } from '@/components/calendar/agenda-page';
import { offerAgenda } from '@/lib/forms/places';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

// Only the languages of the table (app/[lang]/layout.tsx): any other first segment is the 404 page.
export const dynamicParams = false;

// Made again every 30 seconds, so what has ended moves to the past on time (docs/product.md §9) and an
// edit made on another instance shows within a minute.
export const revalidate = 30;

type Props = PageProps<'/[lang]/offers'>;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description } = messages(lang).offers;
  return pageMetadata({ lang, title, description, path: '/offers' });
}

export default async function OffersPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  return <AgendaPage lang={lang} text={messages(lang).offers} agenda={await offerAgenda(lang)} />;
}
