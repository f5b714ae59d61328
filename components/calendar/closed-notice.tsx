import { localePath, type Lang } from '@/lib/i18n';

import styles from './calendar.module.css';

// What a closed or full event or offer shows where its form was: where it stands, in words, and the
// newsletter as the next step.
export function ClosedNotice({ lang, text, nextStep }: { lang: Lang; text: string; nextStep: string }) {
  return (
    <div className={styles.notice} role="status">
      <p className={styles.noticeText}>{text}</p>
      <p>
        <a href={`${localePath(lang, '/')}#join`}>{nextStep}</a>
      </p>
    </div>
  );
}
