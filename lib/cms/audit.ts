import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionConfig,
  Payload,
  PayloadRequest,
} from 'payload';

import { defaultLang } from '@/lib/i18n';
import { log } from '@/lib/log';
import { getStore } from '@/lib/storage';
import { auditEntry, formatWhen, type AuditAction } from '@/lib/team';

import type { CmsUser } from './auth';

// Content changes in the staff audit trail (docs/staff.md): publishing, unpublishing and deleting an
// item of any editorial collection, and scheduling either, with the item's title and who did it. The
// editor's own version history keeps every version as before; these entries are what a colleague reads
// beside the rest of the workspace's trail. Only what a member of the staff did is recorded (the seed
// of an empty database has nobody); a scheduled publish, when it runs, is recorded for whoever
// scheduled it.

// Whether the item is live: the collection's own row says so (its versions may hold a newer draft).
async function isLive(req: PayloadRequest, collection: string, id: number | string): Promise<boolean> {
  const row = await req.payload.db.findOne<{ id: number | string; _status?: string }>({
    collection,
    where: { id: { equals: id } },
    req,
  });
  return row?._status === 'published';
}

const liveKey = (collection: string, id: number | string) => `audit:live:${collection}:${String(id)}`;

// Before a save, whether the item was live, for the hook after it to compare.
const noteLive: CollectionBeforeChangeHook = async ({ collection, operation, originalDoc, req }) => {
  const id = (originalDoc as { id?: number | string } | undefined)?.id;
  if (operation === 'update' && id !== undefined && who(req)) {
    req.context[liveKey(collection.slug, id)] = await isLive(req, collection.slug, id);
  }
};

// A save that made the item live (a first publish, or published changes) or took it off the site.
// Saving a draft of a live item changes neither, and is not recorded.
const recordChange: CollectionAfterChangeHook = async ({ collection, data, doc, operation, req }) => {
  const email = who(req);
  const id = (doc as { id: number | string }).id;
  if (!email) return doc;
  const was = operation === 'update' && req.context[liveKey(collection.slug, id)] === true;
  const now = await isLive(req, collection.slug, id);
  const published = (data as { _status?: unknown } | undefined)?._status === 'published';
  const what: AuditAction | null =
    now && (!was || published) ? 'content-publish' : was && !now ? 'content-unpublish' : null;
  if (what) await record(what, email, describe(collection, doc));
  return doc;
};

const recordDelete: CollectionAfterDeleteHook = async ({ collection, doc, req }) => {
  const email = who(req);
  if (email) await record('content-delete', email, describe(collection, doc));
  return doc;
};

export const contentAuditHooks = {
  beforeChange: [noteLive],
  afterChange: [recordChange],
  afterDelete: [recordDelete],
};

// "Schedule publish" in the editor queues a job in the CMS's queue (lib/cms/scheduled.ts) without
// touching the item, and the queue's own collection runs no hooks: its entry is written when the job is
// queued, whoever queues it (the editor's drawer, or the Local API).
export function recordSchedules(payload: Payload): void {
  const queue = payload.jobs.queue;
  payload.jobs.queue = (async (args: Parameters<typeof queue>[0]) => {
    const job = await queue(args);
    if ('task' in args && args.task === 'schedulePublish') {
      await recordSchedule(payload, args.input as ScheduleInput, args.waitUntil).catch((error: unknown) =>
        log.error({ err: error }, 'a scheduled publication was not recorded in the audit trail'),
      );
    }
    return job;
  }) as typeof queue;
}

interface ScheduleInput {
  type?: 'publish' | 'unpublish';
  doc?: { relationTo: string; value: number | string };
  user?: { relationTo: string; value: number | string };
}

async function recordSchedule(payload: Payload, input: ScheduleInput, at: Date | undefined) {
  if (!input.doc || !input.user) return;
  const staff = await payload.findByID({
    collection: input.user.relationTo as 'staff',
    id: input.user.value,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  });
  const email = (staff as { email?: unknown } | null)?.email;
  if (typeof email !== 'string') return;
  const collection = payload.collections[input.doc.relationTo as 'events']?.config;
  if (!collection) return;
  const doc = await payload.findByID({
    collection: collection.slug as 'events',
    id: input.doc.value,
    depth: 0,
    draft: true,
    locale: defaultLang,
    overrideAccess: true,
    disableErrors: true,
  });
  const when = at
    ? `, ${input.type === 'unpublish' ? 'to unpublish' : 'to publish'} on ${formatWhen(at.getTime())}`
    : '';
  await record('content-schedule', email, `${describe(collection, doc ?? { id: input.doc.value })}${when}`);
}

function who(req: PayloadRequest): string | undefined {
  const email = (req.user as Partial<CmsUser> | null)?.email;
  return typeof email === 'string' && email ? email : undefined;
}

// "Event “Data Day 2027” (#12)": the kind of item, its title in the request's language (or the default
// one's), and its number in the editor.
const TITLE_MAX = 160;
function describe(collection: Pick<CollectionConfig, 'labels' | 'admin' | 'slug'>, doc: object): string {
  const fields = doc as Record<string, unknown>;
  const field = collection.admin?.useAsTitle ?? 'id';
  const value = fields[field];
  const title =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object'
        ? String((value as Record<string, unknown>)[defaultLang] ?? '')
        : '';
  const singular = collection.labels?.singular;
  const kind = typeof singular === 'string' ? singular : collection.slug;
  const clean = title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  const shown = clean.length > TITLE_MAX ? `${clean.slice(0, TITLE_MAX - 1)}…` : clean;
  return `${kind} “${shown || 'untitled'}” (#${String(fields.id)})`;
}

// The change stands whether or not the trail takes its entry: it is already in the CMS, with its version.
async function record(what: AuditAction, who: string, detail: string): Promise<void> {
  await getStore()
    .addAudit(auditEntry(what, who, detail, Date.now()))
    .catch((error: unknown) => log.error({ err: error, what }, 'a content change was not recorded in the audit trail'));
}
