'use client';

import { subscribe } from '@/lib/forms/actions';
import type { NewsletterInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';

import { FormMessage, Honeypot, SubmitButton, TextField } from './fields';
import styles from './fields.module.css';
import { useSiteForm } from './use-site-form';

const blank: NewsletterInput = { name: '', email: '' };

// docs/product.md §5: the subscribe call happens only once the email is valid (the button stays disabled).
export function NewsletterForm(_: { lang: Lang }) {
  const f = useSiteForm<NewsletterInput>({
    operation: 'subscribe',
    loadSchema: () => import('@/lib/forms/schemas').then((m) => m.newsletterSchema),
    action: subscribe,
    blank,
  });
  const { register } = f.form;
  return (
    <form action={f.formAction} onSubmit={f.onSubmit} onFocus={f.onFocus} className={styles.form}>
      <div className={styles.row}>
        <TextField
          id="newsletter-name"
          label="Name"
          autoComplete="name"
          maxLength={100}
          registration={register('name')}
          error={f.errorOf('name')}
          defaultValue={f.valueOf('name')}
        />
        <TextField
          id="newsletter-email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={254}
          registration={register('email')}
          error={f.errorOf('email')}
          defaultValue={f.valueOf('email')}
        />
      </div>
      <Honeypot />
      <FormMessage id="newsletter-status" state={f.state} />
      <SubmitButton disabled={f.submitDisabled} sending={f.sending}>
        Subscribe
      </SubmitButton>
    </form>
  );
}
