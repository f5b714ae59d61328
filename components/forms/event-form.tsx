'use client';

import { EVENT_REDIRECT_DELAY_MS } from '@/lib/constants';
import { registerEvent } from '@/lib/forms/actions';
import type { EventInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';

import { FormMessage, Honeypot, SubmitButton, TextField } from './fields';
import styles from './fields.module.css';
import { openBlankTab, sendTabTo } from './new-tab';
import { useSiteForm } from './use-site-form';

const blank: EventInput = { firstName: '', lastName: '', email: '' };

// docs/product.md §4: reset, 'Continue your registration', and after 2 seconds the external registration page
// opens in a new tab (with a plain link to it as well).
export function EventForm({ event }: { event: string; lang: Lang }) {
  const f = useSiteForm<EventInput>({
    operation: 'registerEvent',
    loadSchema: () => import('@/lib/forms/schemas').then((m) => m.eventSchema),
    action: registerEvent,
    blank,
    beforeSend: openBlankTab,
    onSuccess: (state, tab) => setTimeout(() => sendTabTo(tab, state.link?.href), EVENT_REDIRECT_DELAY_MS),
    onFailure: (tab) => sendTabTo(tab, undefined),
  });
  const { register } = f.form;
  return (
    <form action={f.formAction} onSubmit={f.onSubmit} onFocus={f.onFocus} className={styles.form}>
      <div className={styles.row}>
        <TextField
          id="event-first-name"
          label="First name"
          autoComplete="given-name"
          maxLength={60}
          registration={register('firstName')}
          error={f.errorOf('firstName')}
          defaultValue={f.valueOf('firstName')}
        />
        <TextField
          id="event-last-name"
          label="Last name"
          autoComplete="family-name"
          maxLength={60}
          registration={register('lastName')}
          error={f.errorOf('lastName')}
          defaultValue={f.valueOf('lastName')}
        />
      </div>
      <TextField
        id="event-email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={254}
        registration={register('email')}
        error={f.errorOf('email')}
        defaultValue={f.valueOf('email')}
      />
      <input type="hidden" name="event" value={event} />
      <Honeypot />
      <FormMessage id="event-status" state={f.state} />
      <SubmitButton disabled={f.submitDisabled} sending={f.sending}>
        Register
      </SubmitButton>
    </form>
  );
}
