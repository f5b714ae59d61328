'use client';

import { subscribe } from '@/lib/forms/actions';
import type { NewsletterInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';
import type { FormUiFor } from '@/messages/forms';

import { EmailField, FormEnd, TextField } from './fields';
import styles from './fields.module.css';
import { loadSchemas } from './load-schemas';
import { useSiteForm } from './use-site-form';

// The texts newsletter-form.tsx picks on the server in the page's language; named here, not there, so
// the two files do not import each other.
type NewsletterText = FormUiFor<'name' | 'email'>;

const blank: NewsletterInput = { name: '', email: '' };

// docs/product.md §5: the subscribe call happens only once the email is valid (the button stays disabled).
export function NewsletterFormClient({ lang, text }: { lang: Lang; text: NewsletterText }) {
  const f = useSiteForm<NewsletterInput>({
    operation: 'subscribe',
    loadSchema: () => loadSchemas(lang).then((s) => s.newsletterSchema),
    action: subscribe,
    blank,
    text,
  });
  return (
    <form action={f.formAction} onSubmit={f.onSubmit} onFocus={f.onFocus} className={styles.form}>
      <div className={styles.row}>
        <TextField
          id="newsletter-name"
          label={text.labels.name}
          autoComplete="name"
          maxLength={100}
          {...f.bind('name')}
        />
        <EmailField id="newsletter-email" label={text.labels.email} {...f.bind('email')} />
      </div>
      <FormEnd id="newsletter-status" lang={lang} text={text} form={f} />
    </form>
  );
}
