import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import buttons from '@/components/ui/button.module.css';
import { HONEYPOT_FIELD, LANG_FIELD, WAITLIST_FIELD, type FormState } from '@/lib/forms/state';
import type { Lang } from '@/lib/i18n';
import type { CommonUi } from '@/messages/forms';

import styles from './fields.module.css';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

function Field({ id, label, error, hint, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

// What every control shares: required, its error wired to aria-invalid and aria-describedby, the value
// the server sent back to a visitor without JavaScript, and react-hook-form's registration.
function controlProps(
  { id, error, defaultValue, registration }: Pick<InputProps, 'id' | 'error' | 'defaultValue' | 'registration'>,
  describedBy: string | undefined,
) {
  return {
    id,
    required: true,
    defaultValue,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: styles.input,
    ...registration,
  };
}

interface InputProps {
  id: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  registration: UseFormRegisterReturn;
  error?: string;
  defaultValue?: string;
  hint?: string;
  maxLength?: number;
}

export function TextField({
  id,
  label,
  type = 'text',
  autoComplete,
  registration,
  error,
  defaultValue,
  hint,
  maxLength,
}: InputProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <input
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          {...controlProps({ id, error, defaultValue, registration }, describedBy)}
        />
      )}
    </Field>
  );
}

// The email field every form has.
export function EmailField(props: Omit<InputProps, 'type' | 'autoComplete' | 'maxLength' | 'hint'>) {
  return <TextField {...props} type="email" autoComplete="email" maxLength={254} />;
}

export function TextAreaField({
  id,
  label,
  registration,
  error,
  defaultValue,
  maxLength,
}: Omit<InputProps, 'type' | 'autoComplete' | 'hint'>) {
  return (
    <Field id={id} label={label} error={error}>
      {(describedBy) => (
        <textarea
          rows={6}
          maxLength={maxLength}
          {...controlProps({ id, error, defaultValue, registration }, describedBy)}
        />
      )}
    </Field>
  );
}

interface SelectProps extends Omit<InputProps, 'type' | 'maxLength' | 'hint'> {
  options: Record<string, string>;
  placeholder: string;
}

export function SelectField({
  id,
  label,
  registration,
  error,
  defaultValue,
  options,
  placeholder,
  autoComplete,
}: SelectProps) {
  return (
    <Field id={id} label={label} error={error}>
      {(describedBy) => (
        <select
          autoComplete={autoComplete}
          {...controlProps({ id, error, defaultValue: defaultValue ?? '', registration }, describedBy)}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {Object.entries(options).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

// A field people never see or reach; bots that fill every input give themselves away.
export function Honeypot({ label }: { label: string }) {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={`${HONEYPOT_FIELD}-field`}>{label}</label>
      <input
        id={`${HONEYPOT_FIELD}-field`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

export function SubmitButton({
  children,
  disabled,
  sending,
  sendingLabel,
}: {
  children: ReactNode;
  disabled: boolean;
  sending: boolean;
  sendingLabel: string;
}) {
  return (
    <button
      type="submit"
      className={`${buttons.button} ${buttons.primary} ${styles.submit}`}
      disabled={disabled}
      aria-busy={sending || undefined}
    >
      {sending ? sendingLabel : children}
    </button>
  );
}

// The message area every form has (docs/product.md §4). Announced to screen readers when it changes.
// `newTab` is what a screen reader hears after a link that opens a new tab, in the page's language.
export function FormMessage({
  state,
  id,
  newTab,
  sent,
}: {
  state: FormState;
  id: string;
  newTab: string;
  // "Sent", before the usual success, for a form that waited on the device for the network.
  sent?: string;
}) {
  return (
    <div id={id} className={styles.message} role="status" aria-live="polite" data-status={state.status}>
      {state.status === 'success' ? (
        <>
          {sent ? <p className={styles.success}>{sent}</p> : null}
          <p className={styles.success}>{state.message}</p>
          {state.detail ? <p>{state.detail}</p> : null}
          {state.link ? (
            <p>
              {state.link.sameTab ? (
                <a href={state.link.href}>{state.link.label}</a>
              ) : (
                <a href={state.link.href} target="_blank" rel="noopener noreferrer">
                  {state.link.label}
                  <span className="visually-hidden">{newTab}</span>
                </a>
              )}
            </p>
          ) : null}
        </>
      ) : null}
      {state.status === 'error' ? <p className={styles.failure}>{state.message}</p> : null}
    </div>
  );
}

// The end of every form: the page's language for the server (it answers in it, with or without
// JavaScript), the honeypot, the message area and the button. A registration with places whose page
// found it full (`full`), or whose answer said it just filled up, asks for the waiting list instead.
export function FormEnd({
  id,
  lang,
  text,
  form,
  full = false,
}: {
  id: string;
  lang: Lang;
  text: CommonUi & { submit: string; joinWaitlist?: string };
  full?: boolean;
  form: {
    state: FormState;
    sending: boolean;
    submitDisabled: boolean;
    waiting: 'saved' | 'cancelled' | null;
    sentLater: boolean;
    cancelWaiting: () => void;
  };
}) {
  // A full page's post answered (a place, or a place on the list): the answer alone, no button under it.
  const done = full && form.state.status === 'success';
  const waitlist =
    text.joinWaitlist !== undefined && (full || (form.state.status === 'error' && !!form.state.waitlist));
  return (
    <>
      <input type="hidden" name={LANG_FIELD} value={lang} />
      {waitlist ? <input type="hidden" name={WAITLIST_FIELD} value="1" /> : null}
      <Honeypot label={text.honeypot} />
      <FormMessage id={id} state={form.state} newTab={text.newTab} sent={form.sentLater ? text.sent : undefined} />
      {form.waiting ? (
        <div className={styles.message} role="status" aria-live="polite" data-waiting={form.waiting}>
          {form.waiting === 'saved' ? (
            <>
              <p>{text.savedOffline}</p>
              <button type="button" className={styles.cancel} onClick={form.cancelWaiting}>
                {text.cancelWaiting}
              </button>
            </>
          ) : (
            <p>{text.waitingCancelled}</p>
          )}
        </div>
      ) : null}
      {done ? null : (
        <SubmitButton disabled={form.submitDisabled} sending={form.sending} sendingLabel={text.sending}>
          {waitlist ? text.joinWaitlist : text.submit}
        </SubmitButton>
      )}
    </>
  );
}
