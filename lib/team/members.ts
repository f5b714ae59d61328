import * as z from 'zod/mini';

import { config } from '@/lib/config';
import { getStore, subscriberKey, type StaffRole, type TeamMember } from '@/lib/storage';

import { auditEntry } from './audit';
import { may, type Staff } from './roles';

// The team: the first admins are the addresses of STAFF_EMAILS (so a new installation is never locked
// out, and nobody in the browser can remove them); every other colleague is added, changed and removed
// by an admin in the browser, each change audited in the same commit.

export function isFirstAdmin(email: string): boolean {
  return config().staff.emails.includes(subscriberKey(email));
}

// An address's role now, read from the store at every request, so a change reaches every instance at
// the next request; null for someone not on the team.
export async function roleOf(email: string): Promise<StaffRole | null> {
  if (isFirstAdmin(email)) return 'admin';
  return (await getStore().teamMember(email))?.role ?? null;
}

export async function team(): Promise<(TeamMember & { firstAdmin: boolean })[]> {
  const added = await getStore().teamMembers();
  const first = config().staff.emails.map((email) => ({
    email,
    role: 'admin' as const,
    addedBy: '',
    addedAt: 0,
    firstAdmin: true,
  }));
  return [...first, ...added.filter((m) => !isFirstAdmin(m.email)).map((m) => ({ ...m, firstAdmin: false }))];
}

export type TeamChange = 'added' | 'changed' | 'removed' | 'first-admin' | 'invalid';

// Adds a colleague or changes their role. A first admin's role comes from STAFF_EMAILS and stays.
export async function setRole(admin: Staff, email: string, role: StaffRole, now: number): Promise<TeamChange> {
  const address = subscriberKey(email);
  if (!z.email().safeParse(address).success || address.length > 320) return 'invalid';
  if (isFirstAdmin(address)) return 'first-admin';
  const store = getStore();
  const existing = await store.teamMember(address);
  const what = existing ? 'team-role' : 'team-add';
  await store.saveTeamMember(
    {
      email: address,
      role,
      addedBy: existing?.addedBy ?? admin.email,
      addedAt: existing?.addedAt ?? now,
      // A door member's events stay theirs while they stay at the door (lib/staff/door.ts).
      ...(role === 'door' && existing?.events ? { events: existing.events } : {}),
    },
    auditEntry(what, admin.email, `${address} ${role}`, now),
  );
  return existing ? 'changed' : 'added';
}

// Removes a colleague: their sessions end at their next request, on every instance.
export async function removeColleague(admin: Staff, email: string, now: number): Promise<TeamChange> {
  const address = subscriberKey(email);
  if (isFirstAdmin(address)) return 'first-admin';
  const removed = await getStore().removeTeamMember(address, auditEntry('team-remove', admin.email, address, now));
  return removed ? 'removed' : 'invalid';
}

// The addresses a record may be assigned to: everyone whose role includes the inbox.
export async function assignable(): Promise<string[]> {
  return (await team()).filter((member) => may(member, 'inbox')).map((member) => member.email);
}
