import { AgendaList } from '@/components/calendar/agenda-list';
import { ClosedNotice } from '@/components/calendar/closed-notice';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import type { Agenda } from '@/lib/forms/places';
import type { Lang } from '@/lib/i18n';
import type { Messages } from '@/messages/en';

// The /events and /offers pages: upcoming first, then what has passed.
export function AgendaPage({
  lang,
  text,
  agenda: { upcoming, past },
}: {
  lang: Lang;
  text: Messages['events'] | Messages['offers'];
  agenda: Agenda;
}) {
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
