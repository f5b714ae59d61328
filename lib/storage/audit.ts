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
  'promote',
  'check-in',
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
