import { createHmac, randomUUID } from 'node:crypto';

import { localeUrl, type Lang } from '@/lib/i18n';
import { readLink, signLink } from '@/lib/security/signed-link';

// A gift's identity, its payment reference, and the signed "manage my gift" link (docs/product.md §15),
// made with the link secret.

export const GIFT_ID = /^[0-9a-f]{24}$/;
// Like a payment's reference (lib/payments/links.ts), in Crockford's base 32, with its own prefix: the
// webhook tells a gift's charge from a record's by it.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_REFERENCE = /^BG-[0-9A-HJKMNP-TV-Z]{12}$/;

export function newGiftId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 24);
}

// One reference per gift, derived from its id and keyed with the secret, so nobody can work out another
// gift's from their own.
export function giftReference(secret: string, giftId: string): string {
  const digest = createHmac('sha256', secret).update(`gift-reference\n${giftId}`).digest();
  return `BG-${Array.from(digest.subarray(0, 12), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

// The manage link names the giver's address (as the gifts keep it, trimmed and in lower case), never a
// gift: it shows that address's gifts, and a stop is taken only for a gift of that address. It never
// expires: a monthly giver reads it in a receipt from months ago.
export function manageUrl(siteUrl: string, secret: string, email: string, lang: Lang): string {
  const token = signLink(secret, 'gift-manage', giverKey(email), 0);
  return `${localeUrl(siteUrl, lang, '/donate/manage')}?${new URLSearchParams({ t: token })}`;
}

export function readManageToken(secret: string, token: unknown, now: number): string | null {
  const signed = readLink(secret, 'gift-manage', token, now);
  return signed && !signed.expired ? signed.email : null;
}

export const giverKey = (email: string) => email.trim().toLowerCase();
