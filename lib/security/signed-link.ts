import { createHmac, timingSafeEqual } from 'node:crypto';

import { serverSecret } from './server-secret';

// Links that prove the site wrote them for one address and one purpose (confirming or ending a
// newsletter subscription), without storing a token: HMAC-SHA256 over the purpose, the address and
// the expiry, with a server secret (a staff sign-in link too, made single-use by lib/team/auth.ts, and
// the counts the inbox shows after a forget, lib/staff/actions.ts, and a payment's pay link and receipt,
// lib/payments/links.ts). A link with expiry 0 never expires (an unsubscribe link in an old newsletter
// must keep working).
// Places (lib/places/links.ts): giving one back, claiming one offered, checking a guest in. A
// certificate's download (lib/certificates/links.ts).
export type LinkPurpose =
  | 'newsletter-confirm'
  | 'newsletter-unsubscribe'
  | 'staff-sign-in'
  | 'staff-forgotten'
  | 'payment'
  | 'payment-receipt'
  | 'place-cancel'
  | 'seat-offer'
  | 'check-in'
  | 'certificate'
  // A giver's gifts (lib/gifts/links.ts): seeing them and stopping a monthly one.
  | 'gift-manage';

const SEPARATOR = '.';

function mac(secret: string, purpose: LinkPurpose, email: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\n${email}\n${expiresAt}`).digest();
}

export function signLink(secret: string, purpose: LinkPurpose, email: string, expiresAt: number): string {
  const address = Buffer.from(email, 'utf8').toString('base64url');
  return [address, expiresAt.toString(36), mac(secret, purpose, email, expiresAt).toString('base64url')].join(
    SEPARATOR,
  );
}

// The address a token was signed for, or null when it was not signed with this secret for this
// purpose, was altered, or has expired. Any string is safe to pass.
export function verifyLink(secret: string, purpose: LinkPurpose, token: unknown, now: number): string | null {
  const signed = readLink(secret, purpose, token, now);
  return signed && !signed.expired ? signed.email : null;
}

// What a token says when this secret signed it for this purpose, expired or not (so a refusal can say
// why), or null for anything else. Any string is safe to pass.
export function readLink(
  secret: string,
  purpose: LinkPurpose,
  token: unknown,
  now: number,
): { email: string; expired: boolean } | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const parts = token.split(SEPARATOR);
  if (parts.length !== 3) return null;
  const [address, expiry, signature] = parts as [string, string, string];
  if (!/^[0-9a-z]{1,11}$/.test(expiry) || !/^[\w-]+$/.test(address) || !/^[\w-]{43}$/.test(signature)) return null;
  const expiresAt = parseInt(expiry, 36);
  const email = Buffer.from(address, 'base64url').toString('utf8');
  const expected = mac(secret, purpose, email, expiresAt);
  const presented = Buffer.from(signature, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  // One spelling per link: a zero before the expiry, or the unused low bits of a base64 character,
  // would otherwise give the same link other texts, and a single-use link is marked used by its text.
  if (token !== signLink(secret, purpose, email, expiresAt)) return null;
  return { email, expired: expiresAt !== 0 && now >= expiresAt };
}

// The configured LINK_SECRET, or one kept under DATA_DIR (lib/security/server-secret.ts).
export function linkSecret(configured: string | undefined, dataDir: string): string {
  return serverSecret('link-secret', configured, dataDir);
}
