import type { NextRequest } from 'next/server';
import { z } from 'zod';

import { readFormBody } from '@/lib/http/read-body';
import { requestAddress } from '@/lib/security/client-address';
import { isHttps } from '@/lib/security/xsrf';
import { collections, RECORD_ID, recordActions } from '@/lib/storage/types';
import { staffText } from '@/messages/staff';

import { applyRecordAction, forgetPerson, NOTE_MAX } from './actions';
import { queueLinkMail, requestSignIn, SESSION_MAX_MS, sessionCookie, signIn, signOut } from './auth';
import { fromWorkspace, notYours, plain, requestCookie, requestSession, see } from './http';
import { staffSubmissionPath } from './paths';
import { may, staffRoles, type Permission, type Staff } from './roles';
import { removeColleague, setRole } from './team';

// Every post of the staff workspace (docs/staff.md), one entry each: the fields it takes (zod), whether
// it needs a session, and what it does. Plain forms answered with a 303 to a page, so the workspace
// works without JavaScript. A post that does not parse changes nothing.

interface Context {
  request: NextRequest;
  session: Staff | null;
  now: number;
  https: boolean;
}

interface StaffPost<S extends z.ZodType> {
  schema: S;
  // What the role must allow; none for the sign-in posts, which need no session.
  permission?: Permission;
  // The answer to a post whose fields do not parse.
  refused: () => Response;
  run: (data: z.infer<S>, context: Context & { session: Staff }) => Promise<Response>;
}

const post = <S extends z.ZodType>(definition: StaffPost<S>) => definition;

const notFound = () => plain(staffText.record.notFound, 404);
const backToSignIn = () => see('/staff/sign-in?invalid=1');
const recordFields = { collection: z.enum(collections), id: z.string().regex(RECORD_ID) };

const posts = {
  'sign-in-request': post({
    schema: z.object({ email: z.string().optional() }),
    refused: () => see('/staff/sign-in?sent=1'),
    run: async ({ email }, { request, now }) =>
      see(`/staff/sign-in?${requestSignIn(email, requestAddress(request.headers), now)}=1`),
  }),
  'sign-in': post({
    schema: z.object({ t: z.string().optional() }),
    refused: backToSignIn,
    run: async ({ t }, { request, now, https }) => {
      const result = await signIn(t, requestCookie(request), requestAddress(request.headers), now);
      if (!result.ok) return backToSignIn();
      return see('/staff', { 'set-cookie': sessionCookie(https, result.cookieValue, SESSION_MAX_MS / 1000) });
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
  record: post({
    schema: z.object({
      ...recordFields,
      action: z.enum(recordActions),
      note: z
        .string()
        .optional()
        .transform((note) => (note ?? '').slice(0, NOTE_MAX)),
    }),
    permission: 'inbox',
    refused: notFound,
    run: async (data, { session, now }) =>
      (await applyRecordAction(session, data, now)) ? see(staffSubmissionPath(data.collection, data.id)) : notFound(),
  }),
  forget: post({
    schema: z.object({ ...recordFields, confirm: z.string().optional() }),
    permission: 'forget',
    refused: notFound,
    run: async ({ collection, id, confirm }, { session, now }) => {
      if (confirm !== 'yes') return plain(staffText.record.notConfirmed, 400);
      const found = await forgetPerson(session, collection, id, now);
      if (!found) return notFound();
      // Counts only: the address would stay in access logs and the browser's history.
      const query = new URLSearchParams({
        forgotten: '1',
        records: String(found.records.length),
        messages: String(found.mails.length),
      });
      return see(`/staff?${query}`);
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
  'team-remove': post({
    schema: z.object({ email: z.string().max(320) }),
    permission: 'team',
    refused: () => see('/staff/team?done=invalid'),
    run: async ({ email }, { session, now }) => see(`/staff/team?done=${await removeColleague(session, email, now)}`),
  }),
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
  const fields = Object.fromEntries([...body.formData].filter(([, value]) => typeof value === 'string'));
  const parsed = entry.schema.safeParse(fields);
  if (!parsed.success) return entry.refused();
  return entry.run(parsed.data, { ...context, session: session! });
}
