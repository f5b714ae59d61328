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

// How long a page with JavaScript waits for the server's answer before it gives up, and what it says.
export const SEND_TIMEOUT_MS = 20_000;
export const TIMED_OUT = 'Try again: our server did not answer within 20 seconds. Sending again is safe.';
