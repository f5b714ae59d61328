import type { StaffRole, StaffSession } from '@/lib/storage';

export { staffRoles, type StaffRole } from '@/lib/storage';

// What a role may do (docs/staff.md, "Roles"). Every page, post and download of the workspace asks
// `may(staff, …)` on the server; nothing in a page's links is what keeps anyone out.
export const permissions = [
  'inbox',
  'export',
  'forget',
  'team',
  'audit',
  'content',
  // Deleting content in the CMS (editors unpublish instead).
  'content-delete',
  'letters',
  'check-in',
  // Marking payments by hand, refunds and payment reminders (docs/staff.md, "Payments").
  'payments',
  // Issuing, revoking and reissuing certificates, and marking learners as having completed
  // (lib/certificates). Who attended an event is on its check-in, which the door sees.
  'certificates',
] as const;
export type Permission = (typeof permissions)[number];

const granted = {
  // Everything, the team and forgetting people included.
  admin: permissions,
  // The inbox, the lists, payments, letters and content.
  editor: ['inbox', 'export', 'payments', 'content', 'letters', 'check-in'],
  // The inbox, the lists, payments and certificates.
  staff: ['inbox', 'export', 'payments', 'check-in', 'certificates'],
  // Only the check-in of events, at the door.
  door: ['check-in'],
} as const satisfies Record<StaffRole, readonly Permission[]>;

// A signed-in member of the staff with the role read for this request.
export interface Staff extends StaffSession {
  role: StaffRole;
}

export function may(staff: Pick<Staff, 'role'>, permission: Permission): boolean {
  return (granted[staff.role] as readonly Permission[]).includes(permission);
}

// Where a role starts: the inbox, or for the door, the page that says what it may do.
export function homeOf(staff: Pick<Staff, 'role'>): string {
  return may(staff, 'inbox') ? '/staff' : '/staff/door';
}
