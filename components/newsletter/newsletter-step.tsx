import buttons from '@/components/ui/button.module.css';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import type { Lang } from '@/lib/i18n';

interface NewsletterStepProps {
  title: string;
  paragraphs: string[];
  // A plain form, so the step works without JavaScript; the token travels in a hidden field.
  // `lang` brings the visitor back to the next step in the page's language.
  action?: { url: string; token: string; label: string; lang: Lang };
}

// One step reached from a personal link (the newsletter's confirm and unsubscribe, a place given back
// or claimed): a text and at most one button.
export function NewsletterStep({ title, paragraphs, action }: NewsletterStepProps) {
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
              <input type="hidden" name="lang" value={action.lang} />
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
