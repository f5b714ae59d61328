// The visitor's cookie choice: opt-out, so analytics may load unless the visitor refused.
// Kept in a first-party cookie for a year; shared by the banner and the analytics loader.
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type Consent = 'accepted' | 'refused';

const listeners = new Set<() => void>();

export function readConsent(cookieHeader: string): Consent | null {
  const match = cookieHeader.match(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(accepted|refused)(?:;|$)`));
  return (match?.[1] as Consent | undefined) ?? null;
}

export function getConsent(): Consent | null {
  return readConsent(document.cookie);
}

export function setConsent(choice: Consent): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  listeners.forEach((notify) => notify());
}

export function subscribeConsent(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}
