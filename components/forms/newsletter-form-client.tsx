'use client';

import { subscribe } from '@/lib/forms/actions';
import type { NewsletterInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';

import { FormEnd, TextField } from './fields';
import styles from './fields.module.css';
import { loadSchemas } from './load-schemas';
import type { NewsletterText } from './newsletter-form';
import { useSiteForm } from './use-site-form';

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
  const { register } = f.form;
  return (
    <form action={f.formAction} onSubmit={f.onSubmit} onFocus={f.onFocus} className={styles.form}>
      <div className={styles.row}>
        <TextField
          id="newsletter-name"
          label={text.labels.name}
          autoComplete="name"
          maxLength={100}
          registration={register('name')}
          error={f.errorOf('name')}
          defaultValue={f.valueOf('name')}
        />
        <TextField
          id="newsletter-email"
          label={text.labels.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          registration={register('email')}
          error={f.errorOf('email')}
          defaultValue={f.valueOf('email')}
        />
      </div>
      <FormEnd
        id="newsletter-status"
        lang={lang}
        text={text}
        submit={text.submit}
        state={f.state}
        sending={f.sending}
        disabled={f.submitDisabled}
      />
    </form>
  );
}
