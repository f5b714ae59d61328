import type { NextRequest } from 'next/server';
import { z } from 'zod';

import { PAYMENT_CURRENCIES } from '@/lib/constants';
import { NO_STORE, plain, see } from '@/lib/http/answers';
import { readFormBody } from '@/lib/http/read-body';
import { requestAddress } from '@/lib/security/client-address';
import { isHttps } from '@/lib/security/xsrf';
import { collections, itemField, parseItem, RECORD_ID, type Collection } from '@/lib/storage';
import {
  homeOf,
  may,
  queueLinkMail,
  removeColleague,
  requestSignIn,
  roleOf,
  SESSION_MAX_MS,
  sessionCookie,
  setRole,
  signIn,
  signOut,
  staffRoles,
} from '@/lib/team';
import { staffText } from '@/messages/staff';

import {
  addNote,
  assign,
  BULK_MAX,
  forgetPerson,
  forgottenFlash,
  NOTE_MAX,
  promote,
  recordRef,
  reply,
  setStatus,
  setStatuses,
} from './actions';
import { certificatePosts } from './certificate-posts';
import { checkInGuest, checkInsOf } from './check-in';
import { mayCheckInAt, setDoorLimits } from './door';
import { mergeDuplicates } from './duplicates';
import { fromWorkspace, notYours, requestCookie, requestSession } from './http';
import { filtersOf, inboxHref, nextInInbox } from './inbox';
import { letterPosts } from './letter-posts';
import { staffCheckInPath, staffItemPath, staffSubmissionPath } from './paths';
import { AMOUNT, markPaidByHand, refundByHand, remindUnpaid } from './payments';
import { post, type StaffPost } from './post-shape';
import { submissionWithMails } from './queries';

// Every post of the staff workspace (docs/staff.md), one entry each: the fields it takes (zod), whether
// it needs a session, and what it does. Plain forms answered with a 303 to a page, so the workspace
// works without JavaScript. A post that does not parse changes nothing.

// A check-in's answer to the page's script: each outcome its own status, so a forged or stale code is a
// clear 4xx.
const checkInStatus = {
  'checked-in': 200,
  already: 200,
  'not-registered': 409,
  unknown: 404,
  invalid: 400,
  expired: 410,
} as const satisfies Record<Awaited<ReturnType<typeof checkInGuest>>['result'], number>;

const notFound = () => plain(staffText.record.notFound, 404);
const backToSignIn = () => see('/staff/sign-in?invalid=1');
const recordFields = { collection: z.enum(collections), id: z.string().regex(RECORD_ID) };
// The inbox's query the staff member came from, to go back to it, or on to the next record in it.
const backFields = { back: z.string().max(2000).default('') };
const statusActions = ['handled', 'reopen', 'spam', 'not-spam'] as const;

function recordHref(collection: Collection, id: string, back: string, extra: Record<string, string> = {}): string {
  const kept = new URLSearchParams(filtersOf(new URLSearchParams(back))).toString();
  const query = new URLSearchParams({ ...(kept ? { back: kept } : {}), ...extra }).toString();
  return `${staffSubmissionPath(collection, id)}${query ? `?${query}` : ''}`;
}

async function dataOf(collection: Collection, id: string) {
  return (await submissionWithMails(collection, id))?.record.data ?? {};
}

const posts = {
  'sign-in-request': post({
    schema: z.object({ email: z.string().optional() }),
    refused: () => see('/staff/sign-in?sent=1'),
    run: async ({ email }, { request, now }) =>
      see(`/staff/sign-in?${await requestSignIn(email, requestAddress(request.headers), now)}=1`),
  }),
  'sign-in': post({
    schema: z.object({ t: z.string().optional() }),
    refused: backToSignIn,
    run: async ({ t }, { request, now, https }) => {
      const result = await signIn(t, requestCookie(request), requestAddress(request.headers), now);
      if (!result.ok) return backToSignIn();
      // Each role lands where it starts: a door member on the door's events, not on a page it may not see.
      const role = await roleOf(result.email);
      const home = role ? homeOf({ role }) : '/staff';
      return see(home, { 'set-cookie': sessionCookie(https, result.cookieValue, SESSION_MAX_MS / 1000) });
    },
  }),
  'sign-out': post({
    schema: z.object({}),
    refused: () => see('/staff/sign-in'),
    run: async (_data, { request, now, https }) => {
      await signOut(requestCookie(request), now);
      return see('/staff/sign-in', { 'set-cookie': sessionCookie(https, '', 0) });
    },
  }),
  // A status, and with `next` on to the following record of the inbox as it was filtered.
  record: post({
    schema: z.object({ ...recordFields, ...backFields, action: z.enum(statusActions), next: z.string().optional() }),
    permission: 'inbox',
    refused: notFound,
    run: async ({ collection, id, action, back, next }, { session, now }) => {
      if (!(await setStatus(session, { collection, id }, action, now))) return notFound();
      if (next) {
        const filters = filtersOf(new URLSearchParams(back));
        const current = { collection, id, data: await dataOf(collection, id) };
        const following = await nextInInbox(filters, session.email, current);
        return see(following ? recordHref(following.collection, following.id, back) : inboxHref(filters));
      }
      return see(recordHref(collection, id, back));
    },
  }),
  note: post({
    schema: z.object({ ...recordFields, ...backFields, note: z.string().trim().min(1).max(NOTE_MAX) }),
    permission: 'inbox',
    refused: notFound,
    run: async ({ collection, id, note, back }, { session, now }) =>
      (await addNote(session, { collection, id }, note, now)) ? see(recordHref(collection, id, back)) : notFound(),
  }),
  reply: post({
    schema: z.object({
      ...recordFields,
      ...backFields,
      subject: z.string().trim().min(1).max(200),
      body: z.string().trim().min(1).max(NOTE_MAX),
    }),
    permission: 'inbox',
    refused: notFound,
    run: async ({ collection, id, subject, body, back }, { session, now }) =>
      (await reply(session, { collection, id }, subject, body, now))
        ? see(recordHref(collection, id, back))
        : notFound(),
  }),
  assign: post({
    schema: z.object({ ...recordFields, ...backFields, assignee: z.string().max(320) }),
    permission: 'inbox',
    refused: notFound,
    run: async ({ collection, id, assignee, back }, { session, now }) => {
      const to = assignee === 'me' ? session.email : assignee;
      return (await assign(session, [{ collection, id }], to, now))
        ? see(recordHref(collection, id, back))
        : notFound();
    },
  }),
  // Several records ticked in the inbox: a status or an assignment for all, back to the inbox as it was.
  bulk: post({
    schema: z.object({
      ...backFields,
      records: z.array(z.string()).max(BULK_MAX),
      action: z.enum(['handled', 'spam', 'assign']),
      assignee: z.string().max(320).optional(),
    }),
    permission: 'inbox',
    refused: () => plain(staffText.inbox.bulkRefused, 400),
    run: async ({ records, action, assignee, back }, { session, now }) => {
      const refs = records.flatMap((value) => {
        const at = value.indexOf(':');
        const ref = recordRef(value.slice(0, at), value.slice(at + 1));
        return ref ? [ref] : [];
      });
      const to = assignee === 'me' ? session.email : (assignee ?? '');
      const changed =
        action === 'assign' ? await assign(session, refs, to, now) : await setStatuses(session, refs, action, now);
      if (changed === null) return plain(staffText.inbox.bulkRefused, 400);
      const href = inboxHref(filtersOf(new URLSearchParams(back)));
      return see(`${href}${href.includes('?') ? '&' : '?'}changed=${changed}`);
    },
  }),
  // A guest let in at the door: named by their record or their QR code's link, `at` when a phone kept it
  // offline. The page's script asks for JSON (`format=json`); without JavaScript, back to the page with
  // the result.
  'check-in': post({
    schema: z.object({
      event: z.string().min(1).max(200),
      id: z.string().regex(RECORD_ID).optional(),
      t: z.string().max(1000).optional(),
      at: z.coerce.number().int().nonnegative().optional(),
      q: z.string().max(200).default(''),
      format: z.enum(['json', 'page']).default('page'),
    }),
    permission: 'check-in',
    refused: () => plain(staffText.checkIn.unknown, 400),
    run: async ({ event, id, t, at, q, format }, { session, now }) => {
      if (!(await mayCheckInAt(session, event))) return notYours();
      const done = await checkInGuest(
        session,
        event,
        { ...(id ? { id } : {}), ...(t ? { t } : {}), ...(at !== undefined ? { at } : {}) },
        now,
      );
      if (format === 'json') {
        return Response.json(done, { status: checkInStatus[done.result], headers: { 'cache-control': NO_STORE } });
      }
      const query = new URLSearchParams({ ...(q ? { q } : {}), result: done.result });
      if ('guest' in done) query.set('guest', done.guest.id);
      return see(`${staffCheckInPath(event)}?${query}`);
    },
  }),
  // Who was let in for an event, for the phones at the door to follow each other (polled by the page).
  'check-in-state': post({
    schema: z.object({ event: z.string().min(1).max(200) }),
    permission: 'check-in',
    refused: notFound,
    run: async ({ event }, { session }) => {
      if (!(await mayCheckInAt(session, event))) return notYours();
      const checkIns = await checkInsOf(event);
      if (!checkIns) return notFound();
      return Response.json(
        { checkIns: checkIns.map(({ recordId, at, by }) => ({ id: recordId, at, by })) },
        { headers: { 'cache-control': NO_STORE } },
      );
    },
  }),
  // A person waiting given a free place by hand, back to the item's page saying how it went.
  promote: post({
    schema: z.object(recordFields),
    permission: 'inbox',
    refused: notFound,
    run: async ({ collection, id }, { session, now }) => {
      const record = await submissionWithMails(collection, id);
      const item = itemField[collection];
      const value = item ? record?.record.data[item] : undefined;
      if (!record || typeof value !== 'string') return notFound();
      const result = await promote(session, { collection, id }, now);
      return see(`${staffItemPath(collection, value)}?promoted=${result}`);
    },
  }),
  // A person's records for one item, stored twice, merged into one; back to the item's page saying how.
  merge: post({
    schema: z.object(recordFields),
    permission: 'inbox',
    refused: notFound,
    run: async ({ collection, id }, { session, now }) => {
      const { outcome, item } = await mergeDuplicates(session, { collection, id }, now);
      if (item === undefined) return notFound();
      return see(`${staffItemPath(collection, item)}?merged=${outcome}`);
    },
  }),
  // A payment staff took themselves (cash, a bank transfer), with its amount and a note; then a refund.
  'pay-mark': post({
    schema: z.object({
      ...recordFields,
      ...backFields,
      amount: z.string().trim().regex(AMOUNT),
      currency: z.enum(PAYMENT_CURRENCIES),
      note: z.string().trim().max(NOTE_MAX).default(''),
    }),
    permission: 'payments',
    refused: () => plain(staffText.payments.refused, 400),
    run: async ({ collection, id, back, amount, currency, note }, { session, now }) => {
      const outcome = await markPaidByHand(session, { collection, id }, { amount, currency, note }, now);
      return outcome === 'missing' ? notFound() : see(recordHref(collection, id, back, { payment: outcome }));
    },
  }),
  'pay-refund': post({
    schema: z.object({ ...recordFields, ...backFields, note: z.string().trim().max(NOTE_MAX).default('') }),
    permission: 'payments',
    refused: notFound,
    run: async ({ collection, id, back, note }, { session, now }) => {
      const outcome = await refundByHand(session, { collection, id }, note, now);
      return outcome === 'missing' ? notFound() : see(recordHref(collection, id, back, { payment: outcome }));
    },
  }),
  // A reminder to everyone on an item's list who has not paid, once per person and day.
  'pay-remind': post({
    schema: z.object({ item: z.string().max(300) }),
    permission: 'payments',
    refused: notFound,
    run: async ({ item }, { session, now }) => {
      const parsed = parseItem(item);
      const done = parsed && (await remindUnpaid(session, item, now));
      if (!parsed || !done) return notFound();
      const counts = { reminded: String(done.sent), skipped: String(done.skipped) };
      return see(`${staffItemPath(parsed.collection, parsed.value)}?${new URLSearchParams(counts)}`);
    },
  }),
  forget: post({
    schema: z.object({ ...recordFields, confirm: z.string().optional() }),
    permission: 'forget',
    refused: notFound,
    run: async ({ collection, id, confirm }, { session, now }) => {
      if (confirm !== 'yes') return plain(staffText.record.notConfirmed, 400);
      const found = await forgetPerson(session, collection, id, now);
      if (!found) return notFound();
      // Counts only, signed: the address would stay in access logs and the browser's history.
      const flash = forgottenFlash(session, { records: found.records.length, mails: found.mails.length }, now);
      return see(`/staff?${new URLSearchParams({ forgotten: flash })}`);
    },
  }),
  'team-set': post({
    schema: z.object({ email: z.string().max(320), role: z.enum(staffRoles) }),
    permission: 'team',
    refused: () => see('/staff/team?done=invalid'),
    run: async ({ email, role }, { session, now }) => {
      const done = await setRole(session, email, role, now);
      if (done === 'added') await queueLinkMail(email.trim().toLowerCase(), now);
      return see(`/staff/team?done=${done}`);
    },
  }),
  // A door member limited to chosen events, or to every event again (none ticked).
  'team-door-events': post({
    schema: z.object({ email: z.string().max(320), events: z.array(z.string().max(200)).max(100).default([]) }),
    permission: 'team',
    refused: () => see('/staff/team?done=invalid'),
    run: async ({ email, events }, { session, now }) =>
      see(`/staff/team?done=${await setDoorLimits(session, email, events, now)}`),
  }),
  'team-remove': post({
    schema: z.object({ email: z.string().max(320) }),
    permission: 'team',
    refused: () => see('/staff/team?done=invalid'),
    run: async ({ email }, { session, now }) => see(`/staff/team?done=${await removeColleague(session, email, now)}`),
  }),
  // Letters to the community (lib/letters).
  ...letterPosts,
  // Certificates (lib/certificates).
  ...certificatePosts,
} satisfies Record<string, StaffPost<z.ZodType>>;

export async function handleStaffPost(action: string, request: NextRequest): Promise<Response> {
  if (!fromWorkspace(request)) return plain(staffText.signIn.crossSite, 403);
  const entry = Object.hasOwn(posts, action) ? (posts[action as keyof typeof posts] as StaffPost<z.ZodType>) : null;
  if (!entry) return plain('There is no such action.', 404);
  const body = await readFormBody(request);
  if (!body.ok) return plain(body.message, body.status);
  const context = { request, session: null, now: Date.now(), https: isHttps(request.headers) };
  const session = entry.permission ? await requestSession(request) : null;
  if (entry.permission && !session) return see('/staff/sign-in');
  if (entry.permission && !may(session!, entry.permission)) return notYours();
  // A ticked list (`records`, a door member's `events`) is every value of its name; any other field is its one value.
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of body.formData) {
    // A file is read as text only where a post takes one (a CSV of addresses).
    if (typeof value !== 'string') {
      if (name === 'csv' && value.size > 0) fields.csvFile ??= await value.text();
      continue;
    }
    if (name === 'records' || name === 'events')
      fields[name] = [...((fields[name] as string[] | undefined) ?? []), value];
    else fields[name] ??= value;
  }
  const parsed = entry.schema.safeParse(fields);
  if (!parsed.success) return entry.refused();
  return entry.run(parsed.data, { ...context, session: session! });
}
