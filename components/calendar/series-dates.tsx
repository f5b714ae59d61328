import { SiteLink } from '@/components/ui/site-link';
import type { SeriesDate } from '@/lib/forms/places';
import type { SeriesTexts } from '@/messages/series';

import styles from './calendar.module.css';

// The coming dates of a series on one of its event pages (docs/product.md §9, "Series"): each with its
// own places left and the way to register for it (its own page, where its form is); the date shown is
// named as such. Rendered on the server: no script.
export function SeriesDates({ dates, current, text }: { dates: SeriesDate[]; current: string; text: SeriesTexts }) {
  return (
    <section aria-labelledby="series-dates" className={styles.series}>
      <h2 id="series-dates">{text.heading}</h2>
      <p>{text.intro}</p>
      <ul className={styles.seriesList}>
        {dates.map((date) => (
          <li key={date.slug} className={styles.seriesDate} data-series-date={date.slug}>
            <span className={styles.when}>{date.when}</span>{' '}
            <span className={`${styles.state} ${styles[date.state]}`}>
              {date.state === 'open' && date.left !== undefined ? text.left(date.left) : date.stateLabel}
            </span>{' '}
            {date.slug === current ? (
              <strong aria-current="page">{text.thisDate}</strong>
            ) : date.state === 'closed' ? null : (
              <SiteLink href={date.href}>{text.register}</SiteLink>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
