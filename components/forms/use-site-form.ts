'use client';

import { useActionState, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';

import { getBotToken, warmBotCheck } from '@/lib/bot-check/client';
import type { FormOperation } from '@/lib/forms/collections';
import { BOT_TOKEN_FIELD, idleState, SEND_TIMEOUT_MS, type FormState } from '@/lib/forms/state';
import { siteFetch } from '@/lib/http/client';
import type { FormUi } from '@/messages/forms';

import { lazyZodResolver, type SchemaLoader } from './lazy-resolver';

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

interface Options<T extends FieldValues> {
  operation: FormOperation;
  // The form's schema, imported on demand (see lazy-resolver.ts).
  loadSchema: SchemaLoader<T>;
  action: Action;
  blank: DefaultValues<T>;
  // What the page says, in its language, when the server's answer never comes.
  text: Pick<FormUi, 'tryAgain' | 'timedOut'>;
  // Runs inside the submit event, before anything is awaited: the only moment a browser lets a page
  // open a new tab. Returns what onSuccess / onFailure receive.
  beforeSend?: () => Window | null;
  onSuccess?: (state: Extract<FormState, { status: 'success' }>, tab: Window | null) => void;
  onFailure?: (tab: Window | null) => void;
}

const noSubscription = () => () => {};

// One form that works both ways: without JavaScript it posts to the server action and the server
// renders the outcome; with JavaScript it validates as the visitor types (react-hook-form + zod) and
// posts through siteFetch, which adds the X-XSRF-TOKEN header.
export function useSiteForm<T extends FieldValues>({
  operation,
  loadSchema,
  action,
  blank,
  text,
  beforeSend,
  onSuccess,
  onFailure,
}: Options<T>) {
  const [serverState, formAction] = useActionState(action, idleState);
  const [clientState, setClientState] = useState<FormState | null>(null);
  const [sending, setSending] = useState(false);
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [validation] = useState(() => lazyZodResolver(loadSchema, blank as Partial<T>));
  const form = useForm<T>({ resolver: validation.resolver, mode: 'onChange', defaultValues: blank });
  const state = clientState ?? serverState;

  const send = async (element: HTMLFormElement, tab: Window | null) => {
    setSending(true);
    const data = new FormData(element);
    const token = await getBotToken();
    if (token) data.set(BOT_TOKEN_FIELD, token);
    let next: FormState;
    // A stalled connection must not leave 'Sending…' forever. Giving up is safe: sending the same
    // details again stores nothing twice (the server recognises a repeat).
    const abandon = new AbortController();
    const timer = setTimeout(() => abandon.abort(), SEND_TIMEOUT_MS);
    try {
      const response = await siteFetch(`/api/forms/${operation}`, {
        method: 'POST',
        body: data,
        signal: abandon.signal,
      });
      next = response.headers.get('content-type')?.includes('json')
        ? ((await response.json()) as FormState)
        : { status: 'error', message: text.tryAgain };
    } catch {
      next = { status: 'error', message: abandon.signal.aborted ? text.timedOut : text.tryAgain };
    } finally {
      clearTimeout(timer);
    }
    setSending(false);
    setClientState(next);
    if (next.status === 'success') {
      form.reset(blank);
      onSuccess?.(next, tab);
    } else {
      const errors: Record<string, string | undefined> = next.status === 'error' ? (next.errors ?? {}) : {};
      for (const [field, message] of Object.entries(errors)) {
        if (message) form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
      }
      onFailure?.(tab);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const tab = form.formState.isValid ? (beforeSend?.() ?? null) : null;
    const element = event.currentTarget;
    void form.handleSubmit(() => send(element, tab))(event);
  };

  // Server-rendered values and errors matter only to a visitor without JavaScript.
  const valueOf = (name: string) =>
    !hydrated && serverState.status === 'error' ? serverState.values?.[name] : undefined;
  const errorOf = (name: Path<T>) =>
    (form.formState.errors[name]?.message as string | undefined) ??
    (!hydrated && serverState.status === 'error' ? serverState.errors?.[name] : undefined);

  return {
    form,
    state,
    formAction,
    onSubmit,
    // The first focus fetches what the form will need: the bot check and the validation code.
    onFocus: () => {
      warmBotCheck();
      validation.load().catch(() => {});
    },
    sending,
    // Enabled in the server HTML: a visitor without JavaScript must be able to submit.
    submitDisabled: hydrated && (!form.formState.isValid || sending),
    valueOf,
    errorOf,
    // What a control of the form needs: its registration, its error, and the value sent back to a
    // visitor without JavaScript (components/forms/fields.tsx).
    bind: (name: Path<T>) => ({ registration: form.register(name), error: errorOf(name), defaultValue: valueOf(name) }),
  };
}
