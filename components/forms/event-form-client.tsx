'use client';

import type { ReactNode } from 'react';

import { EVENT_REDIRECT_DELAY_MS } from '@/lib/constants';
import { registerEvent } from '@/lib/forms/actions';
import type { EventInput } from '@/lib/forms/schemas';
import type { Lang } from '@/lib/i18n';
import type { FormUiFor } from '@/messages/forms';

import { useCurrencyMemory } from './currency-memory';
import { EmailField, FormEnd, SelectField, TextField } from './fields';
import styles from './fields.module.css';
import { PRICED_FORM_IDS } from './form-ids';
import { loadSchemas } from './load-schemas';
import { openBlankTab, sendTabTo } from './new-tab';
import { useSiteForm } from './use-site-form';

// The texts event-form.tsx picks on the server in the page's language; named here, not there, so
// the two files do not import each other.
type EventText = FormUiFor<'firstName' | 'lastName' | 'email' | 'ticket', 'joinWaitlist' | 'choose'>;

const blank: EventInput = { firstName: '', lastName: '', email: '', ticket: '' };

// docs/product.md §4: reset and the answer. Only for an event whose registration an external page takes
// (`external`: no places here), 'Continue your registration', and after 2 seconds that page opens in a
// new tab (with a plain link to it as well); the site's own registration never opens another page.
// `intro`: what a full event's form says before its fields (the waiting list).
export function EventFormClient({
  event,
  lang,
  text,
  full,
  external,
  tickets,
  intro,
}: {
  event: string;
  lang: Lang;
  text: EventText;
  full: boolean;
  external: boolean;
  tickets: { id: string; label: string }[];
  intro: ReactNode;
}) {
  const f = useSiteForm<EventInput>({
    operation: 'registerEvent',
    loadSchema: () => loadSchemas(lang).then((s) => s.eventSchema),
    action: registerEvent,
    blank,
    text,
    ...(external && {
      beforeSend: openBlankTab,
      onSuccess: (state, tab) => setTimeout(() => sendTabTo(tab, state.link?.href), EVENT_REDIRECT_DELAY_MS),
      onFailure: (tab) => sendTabTo(tab, undefined),
    }),
  });
  useCurrencyMemory(PRICED_FORM_IDS.event, f.state);
  // Whoever has just taken a place (the last one included) or joined the list reads their answer alone:
  // without JavaScript the page comes back made again as full (docs/product.md §9).
  const done = full && f.state.status === 'success';
  return (
    <form
      id={PRICED_FORM_IDS.event}
      action={f.formAction}
      onSubmit={f.onSubmit}
      onFocus={f.onFocus}
      className={styles.form}
    >
      {done ? null : intro}
      {done ? null : (
        <>
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
          {/* A paid event's ticket kinds: a full kind stays a choice, whose post is offered its waiting list. */}
          {tickets.length > 0 && (
            <SelectField
              id="event-ticket"
              label={text.labels.ticket}
              placeholder={text.choose}
              options={Object.fromEntries(tickets.map((kind) => [kind.id, kind.label]))}
              {...f.bind('ticket')}
            />
          )}
        </>
      )}
      <input type="hidden" name="event" value={event} />
      <FormEnd id="event-status" lang={lang} text={text} form={f} full={full} />
    </form>
  );
}
