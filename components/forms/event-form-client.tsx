'use client';

import { EVENT_REDIRECT_DELAY_MS } from '@/lib/constants';
import { registerEvent } from '@/lib/forms/actions';
import type { EventInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';
import type { FormUiFor } from '@/messages/forms';

import { EmailField, FormEnd, TextField } from './fields';
import styles from './fields.module.css';
import { loadSchemas } from './load-schemas';
import { openBlankTab, sendTabTo } from './new-tab';
import { useSiteForm } from './use-site-form';

// The texts event-form.tsx picks on the server in the page's language; named here, not there, so
// the two files do not import each other.
type EventText = FormUiFor<'firstName' | 'lastName' | 'email', 'joinWaitlist'>;

const blank: EventInput = { firstName: '', lastName: '', email: '' };

// docs/product.md §4: reset, 'Continue your registration', and after 2 seconds the external registration page
// opens in a new tab (with a plain link to it as well).
export function EventFormClient({
  event,
  lang,
  text,
  full,
}: {
  event: string;
  lang: Lang;
  text: EventText;
  full: boolean;
}) {
  const f = useSiteForm<EventInput>({
    operation: 'registerEvent',
    loadSchema: () => loadSchemas(lang).then((s) => s.eventSchema),
    action: registerEvent,
    blank,
    text,
    beforeSend: openBlankTab,
    onSuccess: (state, tab) => setTimeout(() => sendTabTo(tab, state.link?.href), EVENT_REDIRECT_DELAY_MS),
    onFailure: (tab) => sendTabTo(tab, undefined),
  });
  return (
    <form action={f.formAction} onSubmit={f.onSubmit} onFocus={f.onFocus} className={styles.form}>
      <div className={styles.row}>
        <TextField
          id="event-first-name"
          label={text.labels.firstName}
          autoComplete="given-name"
          maxLength={60}
          {...f.bind('firstName')}
        />
        <TextField
          id="event-last-name"
          label={text.labels.lastName}
          autoComplete="family-name"
          maxLength={60}
          {...f.bind('lastName')}
        />
      </div>
      <EmailField id="event-email" label={text.labels.email} {...f.bind('email')} />
      <input type="hidden" name="event" value={event} />
      <FormEnd id="event-status" lang={lang} text={text} form={f} full={full} />
    </form>
  );
}
