import { createHmac } from 'node:crypto';

import { localePath, localeUrl, type Lang } from '@/lib/i18n';
import { readLink, signLink } from '@/lib/security/signed-link';

// A payment's reference and the signed links that name it (docs/product.md §14), made on the server
// with the link secret (LINK_SECRET, or the one kept in DATA_DIR).

const DAY_MS = 24 * 60 * 60 * 1000;
// Crockford's base 32: no I, L, O or U, so a reference read aloud or copied into a bank transfer's
// description is hard to get wrong.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_PATTERN = /^BD-[0-9A-HJKMNP-TV-Z]{12}$/;

// One reference per record, derived from the submission's identity (lib/forms/submit.ts): the same
// submission sent again gets the same reference, so its answer names the payment of the record that was
// stored. Keyed with the secret, so nobody can work out someone else's from what they sent.
export function paymentReference(secret: string, submissionKey: string): string {
  const digest = createHmac('sha256', secret).update(`payment-reference\n${submissionKey}`).digest();
  return `BD-${Array.from(digest.subarray(0, 12), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

export function isPaymentReference(value: unknown): value is string {
  return typeof value === 'string' && REFERENCE_PATTERN.test(value);
}

// The pay link: GET /pay/<token> sends the visitor to the provider's page for this reference, for
// `days` days and until the end of that day (UTC), so the same submission answered twice in a day gets
// the same link, whoever sent it (the honeypot's answer is a person's). The token's dots become '~' in
// the path: a last segment with a dot is taken for a file.
export function payPath(secret: string, reference: string, lang: Lang, now: number, days: number): string {
  const expiresAt = Math.ceil((now + days * DAY_MS) / DAY_MS) * DAY_MS;
  const token = signLink(secret, 'payment', reference, expiresAt);
  return localePath(lang, `/pay/${token.replaceAll('.', '~')}`);
}

export function payUrl(siteUrl: string, secret: string, reference: string, lang: Lang, now: number, days: number) {
  return `${siteUrl}${payPath(secret, reference, lang, now, days)}`;
}

// The reference a pay link's token names, and whether it has expired; null for anything this site did
// not sign for a payment.
export function readPayToken(secret: string, token: string, now: number) {
  const signed = readLink(secret, 'payment', token.replaceAll('~', '.'), now);
  return signed && isPaymentReference(signed.email) ? { reference: signed.email, expired: signed.expired } : null;
}

// The printable receipt of a paid record: a link that never expires (an employer may ask for it months
// later) and shows no more than the receipt mail does.
export function receiptUrl(siteUrl: string, secret: string, reference: string, lang: Lang): string {
  const token = signLink(secret, 'payment-receipt', reference, 0);
  return `${localeUrl(siteUrl, lang, '/payments/receipt')}?${new URLSearchParams({ t: token })}`;
}

export function readReceiptToken(secret: string, token: unknown, now: number): string | null {
  const signed = readLink(secret, 'payment-receipt', token, now);
  return signed && isPaymentReference(signed.email) ? signed.email : null;
}

// Where the provider sends the visitor back, in their language; it adds the reference to the query.
export function returnUrl(siteUrl: string, lang: Lang): string {
  return localeUrl(siteUrl, lang, '/payments/return');
}
