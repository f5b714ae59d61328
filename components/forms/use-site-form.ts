'use client';

import { useActionState, useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';

import { getBotToken, warmBotCheck } from '@/lib/bot-check/client';
import {
  BOT_TOKEN_FIELD,
  idleState,
  newSubmissionKey,
  SEND_TIMEOUT_MS,
  SUBMISSION_KEY_FIELD,
  type FormState,
} from '@/lib/forms/state';
import { siteFetch } from '@/lib/http/client';
import { SENT_CHANNEL } from '@/lib/offline/names';
import type { SentNotice } from '@/lib/offline/waiting-forms';
import type { FormOperation } from '@/lib/storage';
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
  // This filled-in form's key (lib/forms/state.ts): kept across retries and while it waits offline,
  // renewed once it is stored.
  const key = useRef<string | null>(null);
  // 'saved' while it waits on the device for the network; 'cancelled' once the visitor dropped it.
  const [waiting, setWaiting] = useState<'saved' | 'cancelled' | null>(null);
  // Whether the success shown was sent later, from the device ("Sent").
  const [sentLater, setSentLater] = useState(false);

  const settle = (next: FormState, tab: Window | null) => {
    setClientState(next);
    if (next.status === 'success') {
      key.current = null;
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

  // While a form waits, whoever sends it (the worker, this page or another tab) says how it went.
  useEffect(() => {
    if (waiting !== 'saved') return;
    const channel = new BroadcastChannel(SENT_CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<SentNotice>) => {
      if (data.key !== key.current) return;
      if (data.state.status !== 'success' && !(data.state.status === 'error' && data.state.errors)) return;
      setWaiting(null);
      setSentLater(data.state.status === 'success');
      settle(data.state, null);
    };
    return () => channel.close();
  });

  // No network at all (not a slow one): the form waits on the device, where the browser can keep it.
  const hold = async (data: FormData, tab: Window | null): Promise<boolean> => {
    if (typeof indexedDB === 'undefined' || !key.current) return false;
    try {
      const { holdForNetwork } = await import('@/lib/offline/hold');
      const fields = [...data.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      await holdForNetwork({ key: key.current, operation, fields, savedAt: Date.now() });
    } catch {
      return false;
    }
    setSending(false);
    setClientState(idleState);
    setWaiting('saved');
    onFailure?.(tab);
    return true;
  };

  const cancelWaiting = async () => {
    if (!key.current) return;
    const { dropWaiting } = await import('@/lib/offline/hold');
    await dropWaiting(key.current);
    setWaiting('cancelled');
  };

  const send = async (element: HTMLFormElement, tab: Window | null) => {
    setSending(true);
    setWaiting(null);
    setSentLater(false);
    const data = new FormData(element);
    key.current ??= newSubmissionKey();
    data.set(SUBMISSION_KEY_FIELD, key.current);
    const token = await getBotToken();
    if (token) data.set(BOT_TOKEN_FIELD, token);
    let next: FormState;
    let offline = false;
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
      offline = !abandon.signal.aborted;
      next = { status: 'error', message: abandon.signal.aborted ? text.timedOut : text.tryAgain };
    } finally {
      clearTimeout(timer);
    }
    // The bot check's token expires in minutes: a form sent later goes without one (the server flags it).
    data.delete(BOT_TOKEN_FIELD);
    if (offline && (await hold(data, tab))) return;
    setSending(false);
    settle(next, tab);
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
    // The first focus fetches what the form will need: the bot check, the validation code, and the code
    // that keeps the form on the device should the network be gone when it is sent.
    onFocus: () => {
      warmBotCheck();
      validation.load().catch(() => {});
      import('@/lib/offline/hold').catch(() => {});
    },
    sending,
    waiting,
    sentLater,
    cancelWaiting,
    // Enabled in the server HTML: a visitor without JavaScript must be able to submit.
    submitDisabled: hydrated && (!form.formState.isValid || sending),
    valueOf,
    errorOf,
    // What a control of the form needs: its registration, its error, and the value sent back to a
    // visitor without JavaScript (components/forms/fields.tsx).
    bind: (name: Path<T>) => ({ registration: form.register(name), error: errorOf(name), defaultValue: valueOf(name) }),
  };
}
