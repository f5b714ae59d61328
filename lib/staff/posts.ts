import type { NextRequest } from 'next/server';
import { z } from 'zod';

import { readFormBody } from '@/lib/http/read-body';
import { requestAddress } from '@/lib/security/client-address';
import { isHttps } from '@/lib/security/xsrf';
import { collections, RECORD_ID, recordActions, type StaffSession } from '@/lib/storage/types';
import { staffText } from '@/messages/staff';

import { applyRecordAction, forgetPerson, NOTE_MAX } from './actions';
import { requestSignIn, SESSION_MAX_MS, sessionCookie, signIn, signOut } from './auth';
import { fromWorkspace, plain, requestCookie, requestSession, see } from './http';
import { staffSubmissionPath } from './paths';

// Every post of the staff workspace (docs/staff.md), one entry each: the fields it takes (zod), whether
// it needs a session, and what it does. Plain forms answered with a 303 to a page, so the workspace
// works without JavaScript. A post that does not parse changes nothing.

interface Context {
  request: NextRequest;
  session: StaffSession | null;
  now: number;
  https: boolean;
}

interface StaffPost<S extends z.ZodType> {
  schema: S;
  needsSession: boolean;
  // The answer to a post whose fields do not parse.
  refused: () => Response;
  run: (data: z.infer<S>, context: Context & { session: StaffSession }) => Promise<Response>;
}

const post = <S extends z.ZodType>(definition: StaffPost<S>) => definition;

const notFound = () => plain(staffText.record.notFound, 404);
const backToSignIn = () => see('/staff/sign-in?invalid=1');
const recordFields = { collection: z.enum(collections), id: z.string().regex(RECORD_ID) };

const posts = {
  'sign-in-request': post({
    schema: z.object({ email: z.string().optional() }),
    needsSession: false,
    refused: () => see('/staff/sign-in?sent=1'),
    run: async ({ email }, { request, now }) =>
      see(`/staff/sign-in?${requestSignIn(email, requestAddress(request.headers), now)}=1`),
  }),
  'sign-in': post({
    schema: z.object({ t: z.string().optional() }),
    needsSession: false,
    refused: backToSignIn,
    run: async ({ t }, { request, now, https }) => {
      const result = await signIn(t, requestCookie(request), requestAddress(request.headers), now);
      if (!result.ok) return backToSignIn();
      return see('/staff', { 'set-cookie': sessionCookie(https, result.cookieValue, SESSION_MAX_MS / 1000) });
    },
  }),
  'sign-out': post({
    schema: z.object({}),
    needsSession: false,
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
    needsSession: true,
    refused: notFound,
    run: async (data, { session, now }) =>
      (await applyRecordAction(session, data, now)) ? see(staffSubmissionPath(data.collection, data.id)) : notFound(),
  }),
  forget: post({
    schema: z.object({ ...recordFields, confirm: z.string().optional() }),
    needsSession: true,
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
} satisfies Record<string, StaffPost<z.ZodType>>;

export async function handleStaffPost(action: string, request: NextRequest): Promise<Response> {
  if (!fromWorkspace(request)) return plain(staffText.signIn.crossSite, 403);
  const entry = Object.hasOwn(posts, action) ? (posts[action as keyof typeof posts] as StaffPost<z.ZodType>) : null;
  if (!entry) return plain('There is no such action.', 404);
  const body = await readFormBody(request);
  if (!body.ok) return plain(body.message, body.status);
  const context = { request, session: null, now: Date.now(), https: isHttps(request.headers) };
  const session = entry.needsSession ? await requestSession(request) : null;
  if (entry.needsSession && !session) return see('/staff/sign-in');
  const fields = Object.fromEntries([...body.formData].filter(([, value]) => typeof value === 'string'));
  const parsed = entry.schema.safeParse(fields);
  if (!parsed.success) return entry.refused();
  return entry.run(parsed.data, { ...context, session: session! });
}
