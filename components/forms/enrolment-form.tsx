'use client';

import { enrol } from '@/lib/forms/actions';
import { genderLabels } from '@/lib/forms/options';
import type { EnrolmentInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';

import { FormMessage, Honeypot, SelectField, SubmitButton, TextField } from './fields';
import styles from './fields.module.css';
import { openBlankTab, sendTabTo } from './new-tab';
import { useSiteForm } from './use-site-form';

// docs/product.md §4: after a successful submit the form is hidden, 'Enroled' shows, and a track with a
// payment page opens it in a new tab (with a plain link to it as well).
export function EnrolmentForm({ course, hasPaymentPage }: { course: string; hasPaymentPage: boolean; lang: Lang }) {
  const blank = { name: '', email: '', phone: '', gender: '' as EnrolmentInput['gender'], country: '', course };
  const f = useSiteForm<EnrolmentInput>({
    operation: 'enrol',
    loadSchema: () => import('@/lib/forms/schemas').then((m) => m.enrolmentSchema),
    action: enrol,
    blank,
    beforeSend: () => (hasPaymentPage ? openBlankTab() : null),
    onSuccess: (state, tab) => sendTabTo(tab, state.link?.href),
    onFailure: (tab) => sendTabTo(tab, undefined),
  });
  const { register } = f.form;

  if (f.state.status === 'success') return <FormMessage id="enrol-status" state={f.state} />;

  return (
    <form
      action={f.formAction}
      onSubmit={f.onSubmit}
      onFocus={f.onFocus}
      className={styles.form}
      aria-describedby="enrol-status"
    >
      <TextField
        id="enrol-name"
        label="Full name"
        autoComplete="name"
        maxLength={100}
        registration={register('name')}
        error={f.errorOf('name')}
        defaultValue={f.valueOf('name')}
      />
      <TextField
        id="enrol-email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={254}
        registration={register('email')}
        error={f.errorOf('email')}
        defaultValue={f.valueOf('email')}
      />
      <TextField
        id="enrol-phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={20}
        hint="With your country code, e.g. +234 801 234 5678"
        registration={register('phone')}
        error={f.errorOf('phone')}
        defaultValue={f.valueOf('phone')}
      />
      <SelectField
        id="enrol-gender"
        label="Gender"
        placeholder="Choose…"
        options={genderLabels}
        registration={register('gender')}
        error={f.errorOf('gender')}
        defaultValue={f.valueOf('gender')}
      />
      <TextField
        id="enrol-country"
        label="Country"
        autoComplete="country-name"
        maxLength={60}
        registration={register('country')}
        error={f.errorOf('country')}
        defaultValue={f.valueOf('country')}
      />
      <input type="hidden" {...register('course')} value={course} />
      <Honeypot />
      <FormMessage id="enrol-status" state={f.state} />
      <SubmitButton disabled={f.submitDisabled} sending={f.sending}>
        Enrol
      </SubmitButton>
    </form>
  );
}
