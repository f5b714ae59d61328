import type { AuditEntry } from '@/lib/storage/types';

// What staff do to a submission (lib/staff/actions.ts).
export const recordActions = ['handled', 'reopen', 'spam', 'not-spam', 'note'] as const;
export type RecordAction = (typeof recordActions)[number];

// What the staff audit trail records (docs/staff.md), each shown in plain words on /staff/audit
// (messages/staff.ts). Every entry is committed with the change it records, in the same store write.
export const auditActions = [
  'sign-in',
  'sign-in-refused',
  'sign-out',
  'link-sent',
  'link-limited',
  'session-ended',
  'export',
  ...recordActions,
  'forget',
] as const;
export type AuditAction = (typeof auditActions)[number];

// Why a sign-in was refused. `invalid`: not a link this site signed (or an altered one), so nothing
// in it is trusted, the address included; `many`: the client's refusals passed the limit, and later
// ones in the same window are not recorded, so nobody can fill the trail by posting garbage links.
export const refusalReasons = ['invalid', 'expired', 'used', 'not-staff', 'many'] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export function auditEntry(what: AuditAction, who: string, detail: string, at: number): AuditEntry {
  return { at, who, what, detail };
}
