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
// The language of the page the form is on ('en' or 'fr'); the server answers in it.
export const LANG_FIELD = 'lang';
// A page with JavaScript names each filled-in form with a random key (a UUID), kept while the form is
// retried or waits on the device for the network: the server stores one record per key, even days apart.
export const SUBMISSION_KEY_FIELD = '_submission';
export const SUBMISSION_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// How long a page with JavaScript waits for the server's answer before it gives up (what it says then
// is the `timedOut` text of messages/forms).
export const SEND_TIMEOUT_MS = 20_000;
