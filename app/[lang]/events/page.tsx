import { AgendaList } from '@/components/calendar/agenda-list';
import { ClosedNotice } from '@/components/calendar/closed-notice';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { eventAgenda } from '@/lib/forms/places';
import { routeLang } from '@/lib/i18n/route';
import { pageMetadata } from '@/lib/seo';
import { messages } from '@/messages';

// Made again every 20 minutes, so what has ended moves to the past on time (docs/product.md §9).
export const revalidate = 1200;

type Props = PageProps<'/[lang]/events'>;

export async function generateMetadata({ params }: Props) {
  const lang = routeLang((await params).lang);
  const { title, description } = messages(lang).events;
  return pageMetadata({ lang, title, description, path: '/events' });
}

export default async function EventsPage({ params }: Props) {
  const lang = routeLang((await params).lang);
  const text = messages(lang).events;
  const { upcoming, past } = await eventAgenda(lang);
  return (
    <>
      <PageHeader title={text.title} lead={text.intro} />
      <section className={ui.section} aria-labelledby="upcoming">
        <div className="container">
          <h2 id="upcoming" className={ui.heading}>
            {text.upcoming}
          </h2>
          {upcoming.length > 0 ? (
            <AgendaList items={upcoming} />
          ) : (
            <ClosedNotice lang={lang} text={text.none} nextStep={text.nextStep} />
          )}
        </div>
      </section>
      {past.length > 0 ? (
        <section className={`${ui.section} ${ui.alt}`} aria-labelledby="past">
          <div className="container">
            <h2 id="past" className={ui.heading}>
              {text.past}
            </h2>
            <AgendaList items={past} />
          </div>
        </section>
      ) : null}
    </>
  );
}
