import { createHash, randomBytes } from 'node:crypto';

import * as z from 'zod/mini';

import { config } from '@/lib/config';
import { log } from '@/lib/log';
import { renderLetter } from '@/lib/mail/letter';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { linkSecret, signLink, verifyLink } from '@/lib/security/signed-link';
import { singleton } from '@/lib/singletons';
import { getStore } from '@/lib/storage';
import type { StaffSession } from '@/lib/storage/types';
import { staffText } from '@/messages/staff';

// Staff sign in with a link mailed to an address in STAFF_EMAILS (docs/staff.md). The link is signed
// (lib/security/signed-link.ts), lives 15 minutes and works once; opening it shows a button, and only
// the button's POST signs in, so a mail scanner that opens links signs nobody in. A session is a random
// cookie value whose sha-256 is the session's id in the store, so it can be revoked from anywhere.
export const LINK_MS = 15 * 60_000;
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;
// A session's last use is written at most this often (every workspace request would be a write).
const TOUCH_EVERY_MS = 60_000;
// Sign-in requests are counted per 15 minutes, per address asked for (any address, so the limit
// reveals nothing) and per client (four times the address's limit, STAFF_SIGN_IN_LIMIT).
const WINDOW_MS = 15 * 60_000;

export function sessionCookieName(https: boolean): string {
  return https ? '__Host-baobab-staff' : 'baobab-staff';
}

export function sessionCookie(https: boolean, value: string, maxAgeSeconds: number): string {
  return [
    `${sessionCookieName(https)}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
    ...(https ? ['Secure'] : []),
  ].join('; ');
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
const secret = () => linkSecret(config().linkSecret, config().dataDir);
const limits = () =>
  singleton('staffSignInLimits', () => ({
    address: createRateLimiter(config().staff.signInLimit, WINDOW_MS),
    client: createRateLimiter(4 * config().staff.signInLimit, WINDOW_MS),
  }));

export function isStaff(email: string): boolean {
  return config().staff.emails.includes(email.trim().toLowerCase());
}

export function signInLink(email: string, now: number): string {
  // A random part makes each link its own, so using one leaves the others as they were.
  const nonce = randomBytes(9).toString('base64url');
  const token = signLink(secret(), 'staff-sign-in', `${email}\n${nonce}`, now + LINK_MS);
  return `${config().siteUrl}/staff/sign-in?t=${token}`;
}

// The staff address a link's token was signed for while it is valid, or null. Changes nothing.
export function linkEmail(token: unknown, now: number = Date.now()): string | null {
  const signed = verifyLink(secret(), 'staff-sign-in', token, now);
  const email = signed?.split('\n')[0];
  return email && isStaff(email) ? email : null;
}

// Every address gets the same answer at the same speed: the mail is queued after the answer, and
// the limits count every address alike.
export function requestSignIn(email: unknown, client: string, now: number): 'sent' | 'limited' {
  const address = typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : '';
  const byClient = limits().client.take(client);
  const byAddress = limits().address.take(address);
  if (!byClient.ok || !byAddress.ok) return 'limited';
  if (z.email().safeParse(address).success && isStaff(address)) {
    setImmediate(() => {
      queueLinkMail(address, now).catch((error) => log.error({ err: error }, 'staff sign-in mail not queued'));
    });
  }
  return 'sent';
}

async function queueLinkMail(email: string, now: number): Promise<void> {
  const words = staffText.mail;
  const href = signInLink(email, now);
  const letter = renderLetter({ heading: words.heading, paragraphs: [words.text], link: { href, label: words.link } });
  const key = `staff-link-mail:${digest(href).slice(0, 40)}`;
  await getStore().claimJob(key, { name: 'staff-link-mail', at: now }, [
    { to: email, subject: words.subject, ...letter },
  ]);
}

const usedKey = (token: unknown) => `staff-link:${digest(String(token)).slice(0, 40)}`;

// For the page a link opens: the address while the link is valid and not yet used, or null.
export async function usableLinkEmail(token: unknown): Promise<string | null> {
  const email = linkEmail(token);
  return email && !(await getStore().hasJob(usedKey(token))) ? email : null;
}

export type SignInResult = { ok: true; cookieValue: string; email: string } | { ok: false };

// Uses the link once: the claim of its key is the one write that succeeds for it, on any instance.
// Any session the browser already had ends, and a new id is issued.
export async function signIn(token: unknown, previous: string | undefined, now: number): Promise<SignInResult> {
  const email = linkEmail(token, now);
  if (!email) return { ok: false };
  const store = getStore();
  const used = await store.claimJob(usedKey(token), {
    name: 'staff-link-used',
    at: now,
  });
  if (!used) return { ok: false };
  if (previous) await store.deleteSession(digest(previous));
  const cookieValue = randomBytes(32).toString('base64url');
  await store.saveSession({ id: digest(cookieValue), email, createdAt: now, seenAt: now });
  await store.addAudit({ at: now, who: email, what: 'sign-in', detail: '' });
  return { ok: true, cookieValue, email };
}

// The session a cookie value belongs to while it is valid; an idle, too old, or no longer staff one
// is deleted on the spot.
export async function currentSession(cookieValue: string | undefined, now: number): Promise<StaffSession | null> {
  if (!cookieValue || !/^[\w-]{43}$/.test(cookieValue)) return null;
  const store = getStore();
  const id = digest(cookieValue);
  const session = await store.getSession(id);
  if (!session) return null;
  if (!isStaff(session.email) || now - session.seenAt > SESSION_IDLE_MS || now - session.createdAt > SESSION_MAX_MS) {
    await store.deleteSession(id);
    return null;
  }
  if (now - session.seenAt > TOUCH_EVERY_MS) await store.touchSession(id, now);
  return session;
}

// Ends every session of an address no longer in STAFF_EMAILS, and every expired one: run at start, since
// a change of the setting needs a restart, so a session unused while its address was out never comes back.
export async function endStaleSessions(now: number): Promise<number> {
  const store = getStore();
  const stale = (await store.listSessions()).filter(
    (session) =>
      !isStaff(session.email) || now - session.seenAt > SESSION_IDLE_MS || now - session.createdAt > SESSION_MAX_MS,
  );
  for (const session of stale) await store.deleteSession(session.id);
  return stale.length;
}

export async function signOut(cookieValue: string | undefined): Promise<void> {
  if (cookieValue && /^[\w-]{43}$/.test(cookieValue)) await getStore().deleteSession(digest(cookieValue));
}
