import type { CollectionConfig } from 'payload';

import { roleOf } from '@/lib/team';

import { nobody } from '../access';
import { STAFF_COLLECTION, staffSession } from '../auth';

// The members of the staff who have used the CMS, by address, so that its versions can say who
// published what. Not a user list: who is staff, and with which role, is the team's (docs/staff.md).
export const staff: CollectionConfig = {
  slug: STAFF_COLLECTION,
  auth: { disableLocalStrategy: true, strategies: [staffSession] },
  admin: { useAsTitle: 'email', hidden: true },
  access: {
    // Each member sees their own entry (the admin's account menu); nobody edits the mirror by hand.
    read: ({ req }) => (req.user ? { id: { equals: req.user.id } } : false),
    create: nobody,
    update: nobody,
    delete: nobody,
    unlock: nobody,
  },
  // Read back, a member carries the role the team gives them now (lib/team/members.ts): a publish scheduled
  // by someone since removed, or no longer an editor, is refused when it comes due.
  hooks: { afterRead: [async ({ doc }) => ({ ...doc, role: (await roleOf(String(doc.email))) ?? undefined })] },
  fields: [{ name: 'email', type: 'email', required: true, unique: true, index: true }],
};
