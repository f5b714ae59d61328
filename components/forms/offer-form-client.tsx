'use client';

import type { ReactNode } from 'react';

import { registerOffer } from '@/lib/forms/actions';
import type { OfferInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';
import type { FormUiFor } from '@/messages/forms';

import { useCurrencyMemory } from './currency-memory';
import { EmailField, FormEnd, SelectField, TextField } from './fields';
import styles from './fields.module.css';
import { PRICED_FORM_IDS } from './form-ids';
import { loadSchemas } from './load-schemas';
import { useSiteForm } from './use-site-form';

// The texts offer-form.tsx picks on the server in the page's language; named here, not there, so
// the two files do not import each other.
type OfferText = FormUiFor<
  'email' | 'firstName' | 'lastName' | 'gender' | 'degree' | 'occupation' | 'country',
  'choose' | 'genders' | 'degrees' | 'joinWaitlist'
>;

const blank = {
  email: '',
  firstName: '',
  lastName: '',
  gender: '' as OfferInput['gender'],
  degree: '' as OfferInput['degree'],
  occupation: '',
  country: '',
};

export function OfferFormClient({
  offer,
  lang,
  text,
  full,
  intro,
}: {
  offer: string;
  lang: Lang;
  text: OfferText;
  full: boolean;
  intro: ReactNode;
}) {
  const f = useSiteForm<OfferInput>({
    operation: 'registerOffer',
    loadSchema: () => loadSchemas(lang).then((s) => s.offerSchema),
    action: registerOffer,
    blank,
    text,
  });
  useCurrencyMemory(PRICED_FORM_IDS.offer, f.state);
  // As the event's form (event-form-client.tsx): an answer to a full page's post is read alone.
  const done = full && f.state.status === 'success';
  return (
    <form
      id={PRICED_FORM_IDS.offer}
      action={f.formAction}
      onSubmit={f.onSubmit}
      onFocus={f.onFocus}
      className={styles.form}
    >
      {done ? null : intro}
      {done ? null : (
        <>
          <EmailField id="offer-email" label={text.labels.email} {...f.bind('email')} />
          <div className={styles.row}>
            <TextField
              id="offer-first-name"
              label={text.labels.firstName}
              autoComplete="given-name"
              maxLength={60}
              {...f.bind('firstName')}
            />
            <TextField
              id="offer-last-name"
              label={text.labels.lastName}
              autoComplete="family-name"
              maxLength={60}
              {...f.bind('lastName')}
            />
          </div>
          <div className={styles.row}>
            <SelectField
              id="offer-gender"
              label={text.labels.gender}
              placeholder={text.choose}
              options={text.genders}
              {...f.bind('gender')}
            />
            <SelectField
              id="offer-degree"
              label={text.labels.degree}
              placeholder={text.choose}
              options={text.degrees}
              {...f.bind('degree')}
            />
          </div>
          <TextField
            id="offer-occupation"
            label={text.labels.occupation}
            autoComplete="organization-title"
            maxLength={100}
            {...f.bind('occupation')}
          />
          <TextField
            id="offer-country"
            label={text.labels.country}
            autoComplete="country-name"
            maxLength={60}
            {...f.bind('country')}
          />
        </>
      )}
      <input type="hidden" name="offer" value={offer} />
      <FormEnd id="offer-status" lang={lang} text={text} form={f} full={full} />
    </form>
  );
}
