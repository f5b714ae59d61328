import type { Lang } from '@/lib/i18n';
import { formatNumber } from '@/lib/i18n/format';

import styles from './stat-list.module.css';

interface StatListProps {
  lang: Lang;
  label: string;
  stats: { label: string; value: number }[];
}

export function StatList({ lang, label, stats }: StatListProps) {
  return (
    <dl className={styles.stats} aria-label={label}>
      {stats.map((stat) => (
        <div key={stat.label} className={styles.stat}>
          <dt className={styles.label}>{stat.label}</dt>
          <dd className={styles.value}>{formatNumber(stat.value, lang)}</dd>
        </div>
      ))}
    </dl>
  );
}
