import { SiteLink } from '@/components/ui/site-link';
import type { AgendaItem } from '@/lib/forms/places';

import styles from './calendar.module.css';

// A list of events or offers, each with its dates and where it stands.
export function AgendaList({ items }: { items: AgendaItem[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.href} className={styles.item}>
          <h3 className={styles.itemTitle}>
            <SiteLink href={item.href}>{item.title}</SiteLink>
          </h3>
          <p className={styles.when}>{item.when}</p>
          {item.detail ? <p>{item.detail}</p> : null}
          <p className={`${styles.state} ${styles[item.state]}`}>{item.stateLabel}</p>
        </li>
      ))}
    </ul>
  );
}
