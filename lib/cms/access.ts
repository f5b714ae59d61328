import type { Access, CollectionConfig, PayloadRequest } from 'payload';

import { may, type Permission } from '@/lib/team';

import { contentAuditHooks } from './audit';
import type { CmsUser } from './auth';
import { isPublishingPass } from './runner';

type Hooks = NonNullable<CollectionConfig['hooks']>;

// Who may do what in the CMS comes from the staff roles (lib/team/roles.ts), checked by Payload on the
// server for every route of its API and its admin. Only a session whose role has `content` is a CMS user
// at all (lib/cms/auth.ts); these checks are the second lock.
function roleAllows(req: PayloadRequest, permission: Permission): boolean {
  const user = req.user as Partial<CmsUser> | null;
  return Boolean(user?.role && may({ role: user.role }, permission));
}

// Reading drafts, versions and the editor's lists; the public pages read through the Local API, which
// skips access (lib/cms/index.ts asks for published documents only).
export const editors: Access = ({ req }) => roleAllows(req, 'content');
// Deleting is for admins: an editor retires an item by unpublishing it, and its records keep their key.
export const deleters: Access = ({ req }) => roleAllows(req, 'content-delete');
export const nobody: Access = () => false;
// The same, for the CMS's job queue (scheduled publishing).
export const editorsOnly = ({ req }: { req: PayloadRequest }) => roleAllows(req, 'content');
// Running the due jobs: editors, and the server's own publishing pass (lib/cms/runner.ts).
export const jobRunners = ({ req }: { req: PayloadRequest }) => roleAllows(req, 'content') || isPublishingPass(req);

// What every collection of the site's content shares: drafts, scheduled publishing and a version history,
// the roles above, the staff audit trail's record of publishing, unpublishing and deleting, and
// the editor's "Preview", which opens the page as it will look with the document's latest saved version
// (app/staff/preview).
export type EditorialCollection =
  'courses' | 'events' | 'offers' | 'insights' | 'partners' | 'testimonials' | 'people' | 'projects';

export function editorial(collection: EditorialCollection) {
  return {
    // The collection's own hooks, with the staff audit trail's after them (./audit.ts).
    hooks: (own: Hooks): Hooks => ({
      ...own,
      beforeChange: [...(own.beforeChange ?? []), ...contentAuditHooks.beforeChange],
      afterChange: [...(own.afterChange ?? []), ...contentAuditHooks.afterChange],
      afterDelete: [...(own.afterDelete ?? []), ...contentAuditHooks.afterDelete],
    }),
    // "Schedule publish" beside "Publish changes": a job in the CMS's queue, run when due by the
    // server's publishing pass (lib/cms/scheduled.ts), with the rights of whoever scheduled it.
    versions: { drafts: { schedulePublish: true }, maxPerDoc: 50 },
    access: { read: editors, create: editors, update: editors, delete: deleters, readVersions: editors },
    preview: (doc: Record<string, unknown>, { locale }: { locale: string }) =>
      `/staff/preview?collection=${collection}&id=${String(doc.id)}&locale=${locale}`,
  } satisfies Pick<CollectionConfig, 'versions' | 'access'> & {
    hooks: (own: Hooks) => Hooks;
    preview: NonNullable<CollectionConfig['admin']>['preview'];
  };
}
