import type { Lang } from '@/lib/i18n';
import { fill } from '@/messages';
import { count, type Units } from '@/messages/units';

import styles from './calendar.module.css';

// What an open page says above its form once few places remain (docs/product.md §9): rendered on the
// server, so it costs the visitor no script.
export function PlacesLeft({ left, text, unit, lang }: { left: number; text: string; unit: keyof Units; lang: Lang }) {
  return <p className={styles.placesLeft}>{fill(text, { left: count(lang)(left, unit) })}</p>;
}
