import { hostname, userInfo } from 'node:os';

import type { AuditAction, AuditEntry, Collection } from '@/lib/storage';

// The audit trail's vocabulary is the store's (lib/storage/audit.ts: a closed list of actions, each
// with its words in messages/staff.ts); this is how the workspace writes an entry.
export { auditActions, recordActions, type AuditAction, type RecordAction } from '@/lib/storage';

// Why a sign-in was refused. `invalid`: not a link this site signed (or an altered one), so nothing
// in it is trusted, the address included; `many`: the client's refusals passed the limit, and later
// ones in the same window are not recorded, so nobody can fill the trail by posting garbage links.
export const refusalReasons = ['invalid', 'expired', 'used', 'not-staff', 'many'] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export function auditEntry(
  what: AuditAction,
  who: string,
  detail: string,
  at: number,
  record?: { collection: Collection; id: string },
): AuditEntry {
  return { at, who, what, detail, ...(record ? { record } : {}) };
}

// Who ran a command of scripts/ on the server, as its audit entries name them: the operator, by the
// system account and the machine (no staff address is signed in there).
export function operator(): string {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // A container's user may have no account entry.
    user = String(process.getuid?.() ?? 'unknown');
  }
  return `operator (${user}@${hostname()})`.toLowerCase();
}
