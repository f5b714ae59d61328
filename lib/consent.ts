// The visitor's cookie choice: opt-out, so analytics may load unless the visitor refused.
// Kept in a first-party cookie for a year; shared by the banner and the analytics loader.
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type Consent = 'accepted' | 'refused';

const listeners = new Set<() => void>();

// The choice in a Cookie header, shared by readConsent and the inline script below.
const CONSENT_PATTERN = `(?:^|;\\s*)${CONSENT_COOKIE}=(accepted|refused)(?:;|$)`;

export function readConsent(cookieHeader: string): Consent | null {
  const match = cookieHeader.match(new RegExp(CONSENT_PATTERN));
  return (match?.[1] as Consent | undefined) ?? null;
}

export function getConsent(): Consent | null {
  return readConsent(document.cookie);
}

// Runs inline in <head> before the first paint: marks <html> with the choice ('none' when there is
// none yet), so the banner is shown or hidden from the very first frame rather than after hydration.
// A function, so the browser's bundle of this module (the banner's) leaves it out: a constant made with
// a call stays in it.
export function consentMarkerScript(): string {
  return `document.documentElement.dataset.consent=(document.cookie.match(new RegExp(${JSON.stringify(CONSENT_PATTERN)}))||[])[1]||'none'`;
}

export function setConsent(choice: Consent): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  document.documentElement.dataset.consent = choice;
  listeners.forEach((notify) => notify());
}

export function subscribeConsent(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}
