import styles from '@/components/calendar/calendar.module.css';
import type { Lang } from '@/lib/i18n';
import { formTexts } from '@/messages/forms';

// What a full event's or offer's form says before its fields: every place is taken, and how the waiting
// list works. Rendered on the server and handed to the form, which leaves it out of an answer.
export function WaitlistIntro({ lang }: { lang: Lang }) {
  return <p className={styles.placesLeft}>{formTexts[lang].ui.waitlistIntro}</p>;
}
