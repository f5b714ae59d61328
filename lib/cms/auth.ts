import type { AuthStrategy, Payload } from 'payload';

import { contentSession, type StaffRole } from '@/lib/team';

// The CMS has no password and no user list of its own: the workspace's session (the mailed link,
// lib/team/auth.ts) is the sign-in, and its role, read at each request, decides. A member whose role
// does not include content is nobody to the CMS. The `staff` collection only mirrors the addresses that
// have used it, so that versions can name who published them.
export const STAFF_COLLECTION = 'staff';

// The CMS's user: a member of the staff whose role includes content, mirrored in the `staff` collection.
export interface CmsUser {
  id: number | string;
  email: string;
  role: StaffRole;
  collection: 'staff';
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
