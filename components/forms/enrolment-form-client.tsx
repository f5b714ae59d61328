'use client';

import { enrol } from '@/lib/forms/actions';
import type { EnrolmentInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';
import type { FormUiFor } from '@/messages/forms';

import { useCurrencyMemory } from './currency-memory';
import { EmailField, FormEnd, FormMessage, SelectField, TextField } from './fields';
import styles from './fields.module.css';
import { PRICED_FORM_IDS } from './form-ids';
import { loadSchemas } from './load-schemas';
import { openBlankTab, sendTabTo } from './new-tab';
import { useSiteForm } from './use-site-form';

// The texts enrolment-form.tsx picks on the server in the page's language; named here, not there, so
// the two files do not import each other.
type EnrolmentText = FormUiFor<
  'fullName' | 'email' | 'phone' | 'gender' | 'country',
  'choose' | 'phoneHint' | 'genders'
>;

// docs/product.md §4: after a successful submit the form is hidden, 'Enroled' shows, and a track with a
// payment page opens it in a new tab (with a plain link to it as well).
// What the page gives the form: `course` is the course's English title, the value stored and checked
// on the server in either language.
export interface EnrolmentFormProps {
  course: string;
  hasPaymentPage: boolean;
  lang: Lang;
}

export function EnrolmentFormClient({
  course,
  hasPaymentPage,
  lang,
  text,
}: EnrolmentFormProps & { text: EnrolmentText }) {
  const blank = { name: '', email: '', phone: '', gender: '' as EnrolmentInput['gender'], country: '', course };
  const f = useSiteForm<EnrolmentInput>({
    operation: 'enrol',
    loadSchema: () => loadSchemas(lang).then((s) => s.enrolmentSchema),
    action: enrol,
    blank,
    text,
    beforeSend: () => (hasPaymentPage ? openBlankTab() : null),
    onSuccess: (state, tab) => sendTabTo(tab, state.link?.href),
    onFailure: (tab) => sendTabTo(tab, undefined),
  });
  useCurrencyMemory(PRICED_FORM_IDS.enrol, f.state);

  if (f.state.status === 'success')
    return (
      <FormMessage id="enrol-status" state={f.state} newTab={text.newTab} sent={f.sentLater ? text.sent : undefined} />
    );

  return (
    <form
      id={PRICED_FORM_IDS.enrol}
      action={f.formAction}
      onSubmit={f.onSubmit}
      onFocus={f.onFocus}
      className={styles.form}
      aria-describedby="enrol-status"
    >
      <TextField id="enrol-name" label={text.labels.fullName} autoComplete="name" maxLength={100} {...f.bind('name')} />
      <EmailField id="enrol-email" label={text.labels.email} {...f.bind('email')} />
      <TextField
        id="enrol-phone"
        label={text.labels.phone}
        type="tel"
        autoComplete="tel"
        maxLength={20}
        hint={text.phoneHint}
        {...f.bind('phone')}
      />
      <SelectField
        id="enrol-gender"
        label={text.labels.gender}
        placeholder={text.choose}
        options={text.genders}
        {...f.bind('gender')}
      />
      <TextField
        id="enrol-country"
        label={text.labels.country}
        autoComplete="country-name"
        maxLength={60}
        {...f.bind('country')}
      />
      <input type="hidden" {...f.form.register('course')} value={course} />
      <FormEnd id="enrol-status" lang={lang} text={text} form={f} />
    </form>
  );
}
