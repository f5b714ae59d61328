'use client';

import { contactUs } from '@/lib/forms/actions';
import type { ContactInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';
import type { FormUiFor } from '@/messages/forms';

import { EmailField, FormEnd, TextAreaField, TextField } from './fields';
import styles from './fields.module.css';
import { loadSchemas } from './load-schemas';
import { useSiteForm } from './use-site-form';

// The texts contact-form.tsx picks on the server in the page's language; named here, not there, so
// the two files do not import each other.
type ContactText = FormUiFor<'name' | 'email' | 'message'>;

const blank: ContactInput = { name: '', email: '', message: '' };

export function ContactFormClient({ lang, text }: { lang: Lang; text: ContactText }) {
  const f = useSiteForm<ContactInput>({
    operation: 'contactUs',
    loadSchema: () => loadSchemas(lang).then((s) => s.contactSchema),
    action: contactUs,
    blank,
    text,
  });
  return (
    <form action={f.formAction} onSubmit={f.onSubmit} onFocus={f.onFocus} className={styles.form}>
      <TextField id="contact-name" label={text.labels.name} autoComplete="name" maxLength={100} {...f.bind('name')} />
      <EmailField id="contact-email" label={text.labels.email} {...f.bind('email')} />
      <TextAreaField id="contact-message" label={text.labels.message} maxLength={5000} {...f.bind('message')} />
      <FormEnd id="contact-status" lang={lang} text={text} form={f} />
    </form>
  );
}
