import type { AuthStrategy, Payload } from 'payload';

import { isHttps } from '@/lib/security/xsrf';
import { currentSession, sessionCookieName } from '@/lib/staff/auth';
import { may } from '@/lib/staff/roles';

import type { CmsUser } from './access';

// The CMS has no password and no user list of its own: the workspace's session (the mailed link,
// lib/staff/auth.ts) is the sign-in, and its role, read at each request, decides. A member whose role
// does not include content is nobody to the CMS. The `staff` collection only mirrors the addresses that
// have used it, so that versions can name who published them.
export const STAFF_COLLECTION = 'staff';

function cookieValue(headers: Headers, name: string): string | undefined {
  for (const pair of (headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

async function mirrorOf(payload: Payload, email: string): Promise<{ id: number | string }> {
  const found = await payload.find({
    collection: STAFF_COLLECTION,
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  });
  if (found.docs[0]) return found.docs[0];
  return payload.create({ collection: STAFF_COLLECTION, data: { email }, overrideAccess: true });
}

// The workspace session of a request whose role includes content, or null: the CMS's user, and who
// may send it a body (app/(payload)/staff/content/api).
export async function contentSession(headers: Headers) {
  const session = await currentSession(cookieValue(headers, sessionCookieName(isHttps(headers))), Date.now());
  return session && may(session, 'content') ? session : null;
}

export const staffSession: AuthStrategy = {
  name: 'staff-session',
  authenticate: async ({ headers, payload }) => {
    const session = await contentSession(headers);
    if (!session) return { user: null };
    const { id } = await mirrorOf(payload, session.email);
    const user: CmsUser = { id, email: session.email, role: session.role, collection: STAFF_COLLECTION };
    return { user };
  },
};
