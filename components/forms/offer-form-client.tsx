'use client';

import { registerOffer } from '@/lib/forms/actions';
import type { OfferInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';

import { FormEnd, SelectField, TextField } from './fields';
import styles from './fields.module.css';
import { loadSchemas } from './load-schemas';
import type { OfferText } from './offer-form';
import { useSiteForm } from './use-site-form';

const blank = {
  email: '',
  firstName: '',
  lastName: '',
  gender: '' as OfferInput['gender'],
  degree: '' as OfferInput['degree'],
  occupation: '',
  country: '',
};

export function OfferFormClient({ offer, lang, text }: { offer: string; lang: Lang; text: OfferText }) {
  const f = useSiteForm<OfferInput>({
    operation: 'registerOffer',
    loadSchema: () => loadSchemas(lang).then((s) => s.offerSchema),
    action: registerOffer,
    blank,
    text,
  });
  const { register } = f.form;
  return (
    <form action={f.formAction} onSubmit={f.onSubmit} onFocus={f.onFocus} className={styles.form}>
      <TextField
        id="offer-email"
        label={text.labels.email}
        type="email"
        autoComplete="email"
        maxLength={254}
        registration={register('email')}
        error={f.errorOf('email')}
        defaultValue={f.valueOf('email')}
      />
      <div className={styles.row}>
        <TextField
          id="offer-first-name"
          label={text.labels.firstName}
          autoComplete="given-name"
          maxLength={60}
          registration={register('firstName')}
          error={f.errorOf('firstName')}
          defaultValue={f.valueOf('firstName')}
        />
        <TextField
          id="offer-last-name"
          label={text.labels.lastName}
          autoComplete="family-name"
          maxLength={60}
          registration={register('lastName')}
          error={f.errorOf('lastName')}
          defaultValue={f.valueOf('lastName')}
        />
      </div>
      <div className={styles.row}>
        <SelectField
          id="offer-gender"
          label={text.labels.gender}
          placeholder={text.choose}
          options={text.genders}
          registration={register('gender')}
          error={f.errorOf('gender')}
          defaultValue={f.valueOf('gender')}
        />
        <SelectField
          id="offer-degree"
          label={text.labels.degree}
          placeholder={text.choose}
          options={text.degrees}
          registration={register('degree')}
          error={f.errorOf('degree')}
          defaultValue={f.valueOf('degree')}
        />
      </div>
      <TextField
        id="offer-occupation"
        label={text.labels.occupation}
        autoComplete="organization-title"
        maxLength={100}
        registration={register('occupation')}
        error={f.errorOf('occupation')}
        defaultValue={f.valueOf('occupation')}
      />
      <TextField
        id="offer-country"
        label={text.labels.country}
        autoComplete="country-name"
        maxLength={60}
        registration={register('country')}
        error={f.errorOf('country')}
        defaultValue={f.valueOf('country')}
      />
      <input type="hidden" name="offer" value={offer} />
      <FormEnd
        id="offer-status"
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
