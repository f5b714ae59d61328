import buttons from '@/components/ui/button.module.css';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import { SiteLink } from '@/components/ui/site-link';
import { coursePath } from '@/lib/content';
import { courseFee } from '@/lib/content/facts';
import type { Course } from '@/lib/content/types';
import { localePath, type Lang } from '@/lib/i18n';
import { fill, messages } from '@/messages';

import styles from './course-card.module.css';

// docs/product.md §2 Academy: 'Start Learning' opens an active track; an inactive one shows a disabled 'Coming Soon'.
export function CourseCard({ course, lang }: { course: Course; lang: Lang }) {
  const text = messages(lang).academy;
  return (
    <article className={`${ui.card} ${course.isPremium ? styles.premium : ''}`}>
      <Picture
        src={course.img}
        alt=""
        width={640}
        height={400}
        className={ui.cardImage}
        sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 92vw"
      />
      <div className={ui.cardBody}>
        {course.isPremium ? <p className={styles.badge}>{text.premium}</p> : null}
        <h3>{course.title}</h3>
        <p>{courseFee(course, lang)}</p>
        <p>{fill(text.duration, { duration: course.duration })}</p>
        <div className={styles.action}>
          {course.isActive ? (
            <SiteLink
              href={localePath(lang, coursePath(course))}
              className={`${buttons.button} ${buttons.primary}`}
              aria-label={fill(text.startCourse, { title: course.title })}
            >
              {text.start}
            </SiteLink>
          ) : (
            <button type="button" className={buttons.button} disabled>
              {text.soon}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
