// What a form action answers, rendered the same way with or without JavaScript.
export type FieldErrors = Partial<Record<string, string>>;

export type FormState =
  | { status: 'idle' }
  | {
      status: 'success';
      message: string;
      detail?: string;
      // `sameTab`: a link followed in the page's own tab (a paid event's pay link: the site's registration
      // opens no other page); any other opens a new one.
      link?: { href: string; label: string; sameTab?: true };
      // A priced item's answer: the currency it is in, which the page remembers as the visitor's choice
      // (components/forms/currency-memory.ts), even when the browser posted the form before the page ran.
      currency?: string;
    }
  | { status: 'error'; message: string; errors?: FieldErrors; values?: Record<string, string>; waitlist?: true };

export const idleState: FormState = { status: 'idle' };

// Names of the fields every form carries besides its own.
export const HONEYPOT_FIELD = 'website';
export const BOT_TOKEN_FIELD = '_botToken';
// The language of the page the form is on (a key of lib/i18n/locales.ts); the server answers in it.
export const LANG_FIELD = 'lang';
// Sent by a full event's or offer's form (and by one whose answer said it just filled up): the visitor
// asks for the waiting list when no place is free (docs/product.md §9). The state's `waitlist` says the
// form is now such a form.
export const WAITLIST_FIELD = 'waitlist';
// A page with JavaScript names each filled-in form with a random key (a UUID), kept while the form is
// retried or waits on the device for the network: the server stores one record per key, even days apart.
export const SUBMISSION_KEY_FIELD = '_submission';
export const SUBMISSION_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// In the address proxy.ts sends a page's form post to when Next cannot route it to its action
// (lib/forms/stale-action.ts): the page's path; the form's route then answers with a page, not JSON.
export const PAGE_FORM_FIELD = 'page';

// How long a page with JavaScript waits for the server's answer before it gives up (what it says then
// is the `timedOut` text of messages/forms).
export const SEND_TIMEOUT_MS = 20_000;

// A fresh key in the shape SUBMISSION_KEY_PATTERN accepts (a version 4 UUID). getRandomValues, not
// randomUUID: the latter exists only on HTTPS pages.
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
