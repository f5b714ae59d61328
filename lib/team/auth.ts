import { randomBytes } from 'node:crypto';

import * as z from 'zod/mini';

import { config } from '@/lib/config';
import { sha256 } from '@/lib/hash';
import { log } from '@/lib/log';
import { renderLetter } from '@/lib/mail/letter';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { createSharedRateLimiter } from '@/lib/security/shared-limits';
import { linkSecret, readLink, signLink, verifyLink } from '@/lib/security/signed-link';
import { sessionCookieName } from '@/lib/security/staff-cookie';
import { existingSingleton, singleton } from '@/lib/singletons';
import { getStore, trailOf, type AuditEntry, type StaffSession } from '@/lib/storage';
import { staffText } from '@/messages/staff';

import { auditEntry, type RefusalReason } from './audit';
import { roleOf } from './members';
import type { Staff } from './roles';

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

export { sessionCookieName };

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

const digest = (value: string) => sha256(value);
const secret = () => linkSecret(config().linkSecret, config().dataDir);
const limits = () =>
  singleton('staffSignInLimits', () => ({
    // Counted across instances where the store is shared (lib/security/shared-limits.ts).
    address: createSharedRateLimiter('signIn.address', config().staff.signInLimit, WINDOW_MS),
    client: createSharedRateLimiter('signIn.client', 4 * config().staff.signInLimit, WINDOW_MS),
    // Refused sign-ins are recorded up to this many per client and window, then once to say so.
    refused: createRateLimiter(4 * config().staff.signInLimit, WINDOW_MS),
    // A limit's refusal is recorded once per window and key: the audit trail is not a counter anyone
    // can drive from outside.
    noted: createRateLimiter(1, WINDOW_MS),
    // Entries that name nobody (the refusals trail) from every client together, on top of each
    // client's own limit: many clients at once cannot grow the trail without bound either.
    strangers: createRateLimiter(16 * config().staff.signInLimit, WINDOW_MS),
  }));

// The entry to write for what a stranger sent, within the total: entries naming a staff address pass
// as they are; past the total, one entry (detail `flood`) says later ones in the window are not
// recorded, then none.
function withinTotal(entry: AuditEntry): AuditEntry | null {
  if (trailOf(entry) === 'staff' || limits().strangers.take('all').ok) return entry;
  return limits().noted.take('strangers').ok ? { ...entry, detail: 'flood' } : null;
}

export function signInLink(email: string, now: number): string {
  // A random part makes each link its own, so using one leaves the others as they were.
  const nonce = randomBytes(9).toString('base64url');
  const token = signLink(secret(), 'staff-sign-in', `${email}\n${nonce}`, now + LINK_MS);
  return `${config().siteUrl}/staff/sign-in?t=${token}`;
}

// The address a link's token was signed for while it is valid, or null. Changes nothing.
export function linkEmail(token: unknown, now: number = Date.now()): string | null {
  const signed = verifyLink(secret(), 'staff-sign-in', token, now);
  return signed?.split('\n')[0] || null;
}

// Every address gets the same answer at the same speed, and the request's process does the same work
// for any address: the limits are counted and the ask is queued, nothing else. Whether the address is
// staff is decided when the queue is worked off, on its own clock (every DRAIN_MS, whatever arrives),
// so a request sent alongside cannot see it. Only a staff address is ever written down: the trail must
// not keep what strangers typed.
export async function requestSignIn(email: unknown, client: string, now: number): Promise<'sent' | 'limited'> {
  const address = typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : '';
  const [byClient, byAddress] = await Promise.all([limits().client.take(client), limits().address.take(address)]);
  const limitedBy = !byClient.ok ? 'client' : !byAddress.ok ? 'address' : null;
  const asks = signInAsks();
  // A flood past this many waiting asks loses the newest, whoever they are for.
  if (asks.length < MAX_WAITING) asks.push({ address, client, at: now, limitedBy });
  return limitedBy ? 'limited' : 'sent';
}

interface SignInAsk {
  address: string;
  client: string;
  at: number;
  limitedBy: 'client' | 'address' | null;
}
const DRAIN_MS = 1000;
const MAX_WAITING = 10_000;

// The process's queue of asks, worked off every DRAIN_MS from the first ask on; `answering` holds the
// answers under way, for a stop to wait on.
interface SignInQueue {
  asks: SignInAsk[];
  answering: Set<Promise<void>>;
}
const QUEUE = 'staffSignInAsks';

function answerAll(queue: SignInQueue): Promise<void[]> {
  return Promise.all(
    queue.asks.splice(0).map((ask) => {
      const answer = answerAsk(ask).catch((error: unknown) =>
        log.error({ err: error }, 'staff sign-in request not handled'),
      );
      queue.answering.add(answer);
      return answer.finally(() => queue.answering.delete(answer));
    }),
  );
}

const signInAsks = () =>
  singleton<SignInQueue>(QUEUE, () => {
    const queue: SignInQueue = { asks: [], answering: new Set() };
    setInterval(() => void answerAll(queue), DRAIN_MS).unref();
    return queue;
  }).asks;

// At a stop, once the requests in progress have ended and before the store closes: the asks still
// waiting are answered now, and the answers under way are waited for. Each asker was told a link is on
// its way; the link's mail is then in the outbox, sent at the next start.
export async function answerWaitingAsks(): Promise<void> {
  const queue = existingSingleton<SignInQueue>(QUEUE);
  if (!queue) return;
  await Promise.all([...queue.answering, answerAll(queue)]);
}

async function answerAsk({ address, client, at, limitedBy }: SignInAsk): Promise<void> {
  const staff = z.email().safeParse(address).success && (await roleOf(address)) !== null;
  if (limitedBy) {
    // A client over its own limit is recorded as such, whatever address it typed; an address's limit
    // only for a staff address. So a client adds at most one entry per window, and typing ever new
    // addresses adds none.
    const key = limitedBy === 'client' ? client : address;
    if ((limitedBy === 'client' || staff) && limits().noted.take(`${limitedBy}:${key}`).ok) {
      const entry = withinTotal(auditEntry('link-limited', staff ? address : '', limitedBy, at));
      if (entry) await getStore().addAudit(entry);
    }
    return;
  }
  // The link is signed and its mail rendered for any address, so that even this work differs only by
  // the store's commit.
  const mail = linkMail(address, at);
  if (staff) await commitLinkMail(mail, at);
}

// A link mailed to a colleague an admin just added.
export async function queueLinkMail(email: string, now: number): Promise<void> {
  await commitLinkMail(linkMail(email, now), now);
}

function commitLinkMail(mail: ReturnType<typeof linkMail>, now: number) {
  return getStore().claimJob(mail.key, { name: 'staff-link-mail', at: now }, [mail.message], mail.entry);
}

// The mail and its audit entry, committed together.
function linkMail(email: string, now: number) {
  const words = staffText.mail;
  const href = signInLink(email, now);
  const letter = renderLetter({ heading: words.heading, paragraphs: [words.text], link: { href, label: words.link } });
  return {
    key: `staff-link-mail:${digest(href).slice(0, 40)}`,
    message: { to: email, subject: words.subject, ...letter },
    entry: auditEntry('link-sent', email, '', now),
  };
}

const usedKey = (token: unknown) => `staff-link:${digest(String(token)).slice(0, 40)}`;

// For the page a link opens: the address while the link is valid and not yet used, or null.
export async function usableLinkEmail(token: unknown): Promise<string | null> {
  const email = linkEmail(token);
  return email && (await roleOf(email)) && !(await getStore().hasJob(usedKey(token))) ? email : null;
}

export type SignInResult = { ok: true; cookieValue: string; email: string } | { ok: false; reason: RefusalReason };

// Uses the link once: the claim of its key is the one write that succeeds for it, on any instance.
// Any session the browser already had ends, and a new id is issued. A refusal is recorded with its
// reason, and with the address only when this site signed the link.
export async function signIn(
  token: unknown,
  previous: string | undefined,
  client: string,
  now: number,
): Promise<SignInResult> {
  const signed = readLink(secret(), 'staff-sign-in', token, now);
  const email = signed?.email.split('\n')[0] ?? '';
  if (!signed) return refuse('invalid', '', client, now);
  if (signed.expired) return refuse('expired', email, client, now);
  if (!(await roleOf(email))) return refuse('not-staff', email, client, now);
  const store = getStore();
  const used = await store.claimJob(usedKey(token), {
    name: 'staff-link-used',
    at: now,
  });
  if (!used) return refuse('used', email, client, now);
  if (previous) await store.deleteSession(digest(previous));
  const cookieValue = randomBytes(32).toString('base64url');
  await store.saveSession(
    { id: digest(cookieValue), email, createdAt: now, seenAt: now },
    auditEntry('sign-in', email, '', now),
  );
  return { ok: true, cookieValue, email };
}

async function refuse(reason: RefusalReason, who: string, client: string, now: number): Promise<SignInResult> {
  const counted = limits().refused.take(client).ok;
  const entry =
    counted || limits().noted.take(`refused:${client}`).ok
      ? withinTotal(auditEntry('sign-in-refused', who, counted ? reason : 'many', now))
      : null;
  if (entry) {
    // The refusal stands whether or not the store takes its entry.
    await getStore()
      .addAudit(entry)
      .catch((error: unknown) => log.error({ err: error }, 'refused staff sign-in not recorded'));
  }
  return { ok: false, reason };
}

// The session a cookie value belongs to while it is valid, with its address's role read now; an idle,
// too old, or no longer staff one is deleted on the spot.
export async function currentSession(cookieValue: string | undefined, now: number): Promise<Staff | null> {
  if (!cookieValue || !/^[\w-]{43}$/.test(cookieValue)) return null;
  const store = getStore();
  const id = digest(cookieValue);
  const session = await store.getSession(id);
  if (!session) return null;
  const role = await roleOf(session.email);
  if (!role || isExpired(session, now)) {
    await endSession(session, role === null, now);
    return null;
  }
  if (now - session.seenAt > TOUCH_EVERY_MS) await store.touchSession(id, now);
  return { ...session, role };
}

// Ends every session of an address no longer on the team, and every expired one, at start: a session
// unused since its address left never comes back.
export async function endStaleSessions(now: number): Promise<number> {
  let ended = 0;
  for (const session of await getStore().listSessions()) {
    const removed = (await roleOf(session.email)) === null;
    if (!removed && !isExpired(session, now)) continue;
    await endSession(session, removed, now);
    ended += 1;
  }
  return ended;
}

function isExpired(session: StaffSession, now: number): boolean {
  return now - session.seenAt > SESSION_IDLE_MS || now - session.createdAt > SESSION_MAX_MS;
}

// An expired session just goes; one whose address left the team (STAFF_EMAILS or the team page) is
// recorded as ended, once, by whichever request or start deletes it.
async function endSession(session: StaffSession, removed: boolean, now: number): Promise<void> {
  await getStore().deleteSession(
    session.id,
    removed ? auditEntry('session-ended', session.email, 'removed', now) : undefined,
  );
}

export async function signOut(cookieValue: string | undefined, now: number): Promise<void> {
  if (!cookieValue || !/^[\w-]{43}$/.test(cookieValue)) return;
  const store = getStore();
  const session = await store.getSession(digest(cookieValue));
  if (session) await store.deleteSession(session.id, auditEntry('sign-out', session.email, '', now));
}
