import buttons from '@/components/ui/button.module.css';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { LANG_FIELD } from '@/lib/forms/state';
import type { Lang } from '@/lib/i18n';

interface NewsletterStepProps {
  title: string;
  paragraphs: string[];
  // A plain form, so the step works without JavaScript; the token travels in a hidden field, and the
  // page's language, so the answer comes back to the page in that language.
  action?: { url: string; token: string; label: string };
  lang: Lang;
}

// One step of the newsletter's life cycle (confirm, unsubscribe): a text and at most one button.
export function NewsletterStep({ title, paragraphs, action, lang }: NewsletterStepProps) {
  return (
    <>
      <PageHeader title={title} />
      <div className={`container ${ui.section}`}>
        <div className={ui.prose}>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {action ? (
            <form method="post" action={action.url}>
              <input type="hidden" name="t" value={action.token} />
              <input type="hidden" name={LANG_FIELD} value={lang} />
              <button type="submit" className={`${buttons.button} ${buttons.primary}`}>
                {action.label}
              </button>
            </form>
          ) : null}
        </div>
      </div>
    </>
  );
}
