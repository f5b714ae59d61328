'use client';

import { contactUs } from '@/lib/forms/actions';
import type { ContactInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';

import { FormMessage, Honeypot, SubmitButton, TextAreaField, TextField } from './fields';
import styles from './fields.module.css';
import { useSiteForm } from './use-site-form';

const blank: ContactInput = { name: '', email: '', message: '' };

export function ContactForm(_: { lang: Lang }) {
  const f = useSiteForm<ContactInput>({
    operation: 'contactUs',
    loadSchema: () => import('@/lib/forms/schemas').then((m) => m.contactSchema),
    action: contactUs,
    blank,
  });
  const { register } = f.form;
  return (
    <form action={f.formAction} onSubmit={f.onSubmit} onFocus={f.onFocus} className={styles.form}>
      <TextField
        id="contact-name"
        label="Name"
        autoComplete="name"
        maxLength={100}
        registration={register('name')}
        error={f.errorOf('name')}
        defaultValue={f.valueOf('name')}
      />
      <TextField
        id="contact-email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={254}
        registration={register('email')}
        error={f.errorOf('email')}
        defaultValue={f.valueOf('email')}
      />
      <TextAreaField
        id="contact-message"
        label="Message"
        maxLength={5000}
        registration={register('message')}
        error={f.errorOf('message')}
        defaultValue={f.valueOf('message')}
      />
      <Honeypot />
      <FormMessage id="contact-status" state={f.state} />
      <SubmitButton disabled={f.submitDisabled} sending={f.sending}>
        Send message
      </SubmitButton>
    </form>
  );
}
