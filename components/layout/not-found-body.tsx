import buttons from '@/components/ui/button.module.css';
import { SiteLink } from '@/components/ui/site-link';
import { localePath, type Lang } from '@/lib/i18n';
import { messages } from '@/messages';

import styles from './not-found.module.css';

// What the 404 page says in a language: app/global-not-found.tsx for addresses no page claims, and the
// language's own not-found file for an entity a page does not have.
export function NotFoundBody({ lang }: { lang: Lang }) {
  const text = messages(lang).notFound;
  return (
    <div className={`container ${styles.wrap}`}>
      <h1>{text.title}</h1>
      <p>{text.text}</p>
      <SiteLink href={localePath(lang, '/')} className={`${buttons.button} ${buttons.primary}`}>
        {text.home}
      </SiteLink>
    </div>
  );
}
