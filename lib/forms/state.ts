// What a form action answers, rendered the same way with or without JavaScript.
export type FieldErrors = Partial<Record<string, string>>;

export type FormState =
  | { status: 'idle' }
  | { status: 'success'; message: string; detail?: string; link?: { href: string; label: string } }
  | { status: 'error'; message: string; errors?: FieldErrors; values?: Record<string, string> };

export const idleState: FormState = { status: 'idle' };

// Names of the fields every form carries besides its own.
export const HONEYPOT_FIELD = 'website';
export const BOT_TOKEN_FIELD = '_botToken';
// The language of the page the form is on (a key of lib/i18n/locales.ts); the server answers in it.
export const LANG_FIELD = 'lang';

// How long a page with JavaScript waits for the server's answer before it gives up (what it says then
// is the `timedOut` text of messages/forms).
export const SEND_TIMEOUT_MS = 20_000;
