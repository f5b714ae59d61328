'use client';

import { registerOffer } from '@/lib/forms/actions';
import { degreeLabels, genderLabels } from '@/lib/forms/options';
import type { OfferInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';

import { FormMessage, Honeypot, SelectField, SubmitButton, TextField } from './fields';
import styles from './fields.module.css';
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

export function OfferForm({ offer }: { offer: string; lang: Lang }) {
  const f = useSiteForm<OfferInput>({
    operation: 'registerOffer',
    loadSchema: () => import('@/lib/forms/schemas').then((m) => m.offerSchema),
    action: registerOffer,
    blank,
  });
  const { register } = f.form;
  return (
    <form action={f.formAction} onSubmit={f.onSubmit} onFocus={f.onFocus} className={styles.form}>
      <TextField
        id="offer-email"
        label="Email"
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
          label="First name"
          autoComplete="given-name"
          maxLength={60}
          registration={register('firstName')}
          error={f.errorOf('firstName')}
          defaultValue={f.valueOf('firstName')}
        />
        <TextField
          id="offer-last-name"
          label="Last name"
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
          label="Gender"
          placeholder="Choose…"
          options={genderLabels}
          registration={register('gender')}
          error={f.errorOf('gender')}
          defaultValue={f.valueOf('gender')}
        />
        <SelectField
          id="offer-degree"
          label="Highest degree"
          placeholder="Choose…"
          options={degreeLabels}
          registration={register('degree')}
          error={f.errorOf('degree')}
          defaultValue={f.valueOf('degree')}
        />
      </div>
      <TextField
        id="offer-occupation"
        label="Occupation"
        autoComplete="organization-title"
        maxLength={100}
        registration={register('occupation')}
        error={f.errorOf('occupation')}
        defaultValue={f.valueOf('occupation')}
      />
      <TextField
        id="offer-country"
        label="Country"
        autoComplete="country-name"
        maxLength={60}
        registration={register('country')}
        error={f.errorOf('country')}
        defaultValue={f.valueOf('country')}
      />
      <input type="hidden" name="offer" value={offer} />
      <Honeypot />
      <FormMessage id="offer-status" state={f.state} />
      <SubmitButton disabled={f.submitDisabled} sending={f.sending}>
        Save My Spot
      </SubmitButton>
    </form>
  );
}
