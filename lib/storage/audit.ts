import { isCollection, type Collection } from './collections';
import { isRecordId } from './rules';

// What staff do to a submission (lib/staff/actions.ts).
export const recordActions = ['handled', 'reopen', 'spam', 'not-spam', 'note'] as const;
export type RecordAction = (typeof recordActions)[number];

// What the staff audit trail records (docs/staff.md), each shown in plain words on /staff/audit: a
// closed list, so an action without words fails the type check (messages/staff.ts). Every entry is
// committed with the change it records, in the same store write.
export const auditActions = [
  'sign-in',
  'sign-in-refused',
  'sign-out',
  'link-sent',
  'link-limited',
  'session-ended',
  'export',
  ...recordActions,
  'assign',
  'reply',
  'forget',
  'team-add',
  'team-role',
  'team-remove',
  // The operator's commands (scripts/), recorded as `operator (<user>@<host>)`.
  'command-export',
  'command-forget',
  'command-backup',
  'command-restore',
  // Payments (docs/product.md §14): marked paid (by the provider's word, or by staff by hand), refunded,
  // and a reminder mailed to someone who has not paid.
  'paid',
  'refunded',
  'pay-reminder',
  // Records one person stored twice for an item, merged into one (lib/staff/duplicates.ts).
  'merge',
  'promote',
  'check-in',
  // Letters to the community (lib/letters): a draft saved, a test mailed to oneself, a send started
  // (with its count), paused and resumed; with Mailchimp, each language's campaign it accepted to send,
  // and a send tried again after Mailchimp failed.
  'letter-save',
  'letter-test',
  'letter-send',
  'letter-pause',
  'letter-resume',
  'letter-campaign',
  'letter-retry',
  // Content in the CMS (lib/cms/audit.ts): an item published (first or with changes), taken off the
  // site, deleted, or scheduled to be published or unpublished; the detail names it.
  'content-publish',
  'content-unpublish',
  'content-delete',
  'content-schedule',
  // Certificates (lib/certificates): a learner marked as having completed a course or a cohort, a
  // certificate issued, revoked (with the reason) and reissued under a new code; the detail names its code.
  'completed',
  'certificate-issue',
  'certificate-revoke',
  'certificate-reissue',
] as const;
export type AuditAction = (typeof auditActions)[number];

// One line of the staff audit trail. `who` is a staff address, or empty when nobody known acted (a
// refused sign-in with a link not signed by this site); `record` is the submission acted on, if any.
export interface AuditEntry {
  at: number;
  who: string;
  what: AuditAction;
  detail: string;
  record?: { collection: Collection; id: string };
}

// The two trails an entry is kept in. An entry that names nobody is a refusal of what a stranger sent
// (a link this site did not sign, a client over its limit whatever it typed): it goes to `refusals`, so
// a flood of them never pushes staff entries out of the trail staff read first (`staff`).
export const auditTrails = ['staff', 'refusals'] as const;
export type AuditTrail = (typeof auditTrails)[number];
export const trailOf = (entry: AuditEntry): AuditTrail => (entry.who === '' ? 'refusals' : 'staff');

// An entry as a page lists it: with its id in the store, which orders entries of the same millisecond.
export interface ListedAudit extends AuditEntry {
  id: string;
}
export interface AuditCursor {
  at: number;
  id: string;
}

// One page of a trail, newest first by (at, id): `after` the last entry of the previous page, `since`
// and `before` bound `at` (ms), `what` and `who` are equalities.
export interface AuditQuery {
  trail: AuditTrail;
  what?: AuditAction;
  who?: string;
  since?: number;
  before?: number;
  after?: AuditCursor;
  limit: number;
}

// The audit entry of a change whose outcome only the store knows (what a forget found).
export type AuditOf<T> = (result: T) => AuditEntry;

// An entry as read back. Entries written before `record` existed packed it into the detail as
// '<collection> <id>': they are read as if written today.
export function readAudit(stored: Omit<AuditEntry, 'record'> & { record?: AuditEntry['record'] | null }): AuditEntry {
  const { record, ...entry } = stored;
  if (record) return { ...entry, record };
  const [collection, id, ...rest] = entry.detail.split(' ');
  const onRecord = (recordActions as readonly string[]).includes(entry.what);
  if (onRecord && rest.length === 0 && collection && isCollection(collection) && isRecordId(id)) {
    return { ...entry, detail: '', record: { collection, id } };
  }
  return entry;
}
