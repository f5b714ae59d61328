import { cmsEvents } from '@/lib/cms';
import { siteToday } from '@/lib/content/schedule';
import { defaultLang } from '@/lib/i18n';
import { getStore, subscriberKey } from '@/lib/storage';
import { auditEntry, isFirstAdmin, type Staff } from '@/lib/team';

// The door (docs/staff.md, "Check-in"): which events a member may check guests in for, and the door's
// list of them by day. An admin may limit a door member to chosen events; every other role, and a door
// member without limits, checks in for every published event.

const MAX_EVENTS = 100;

// The slugs a member is limited to, or null for every event. Read from the store at each request, so a
// change reaches every instance at once.
export async function doorLimits(staff: Pick<Staff, 'email' | 'role'>): Promise<string[] | null> {
  if (staff.role !== 'door' || isFirstAdmin(staff.email)) return null;
  return (await getStore().teamMember(staff.email))?.events ?? null;
}

// Whether a member may open an event's check-in (its page, its list, its posts).
export async function mayCheckInAt(staff: Pick<Staff, 'email' | 'role'>, slug: string): Promise<boolean> {
  const limits = await doorLimits(staff);
  return limits === null || limits.includes(slug);
}

export interface DoorEvent {
  slug: string;
  title: string;
  startDate: string;
  endDate: string;
}

// The door's events for a member: today's first (under way on the site's date), then the coming ones,
// soonest first; the earlier ones, latest first, apart (behind a link on the page).
export async function doorEvents(
  staff: Pick<Staff, 'email' | 'role'>,
  today: string = siteToday(),
): Promise<{ today: DoorEvent[]; coming: DoorEvent[]; earlier: DoorEvent[] }> {
  const limits = await doorLimits(staff);
  const events = (await cmsEvents(defaultLang))
    .filter((e) => limits === null || limits.includes(e.slug))
    .map(({ slug, title, startDate, endDate }) => ({ slug, title, startDate, endDate }))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.slug.localeCompare(b.slug));
  return {
    today: events.filter((e) => e.startDate <= today && today <= e.endDate),
    coming: events.filter((e) => e.startDate > today),
    earlier: events.filter((e) => e.endDate < today).reverse(),
  };
}

export type DoorLimitChange = 'limited' | 'unlimited' | 'invalid';

// An admin limits a door member to chosen events (published ones, by slug), or lifts the limits (none
// chosen); audited in the same commit as the change.
export async function setDoorLimits(
  admin: Pick<Staff, 'email'>,
  email: string,
  slugs: readonly string[],
  now: number,
): Promise<DoorLimitChange> {
  const address = subscriberKey(email);
  const store = getStore();
  const member = await store.teamMember(address);
  if (!member || member.role !== 'door' || isFirstAdmin(address) || slugs.length > MAX_EVENTS) return 'invalid';
  const published = new Set((await cmsEvents(defaultLang)).map((e) => e.slug));
  if (slugs.some((slug) => !published.has(slug))) return 'invalid';
  const events = [...new Set(slugs)].sort();
  const { events: _before, ...rest } = member;
  await store.saveTeamMember(
    events.length > 0 ? { ...rest, events } : rest,
    auditEntry(
      'team-role',
      admin.email,
      `${address} door ${events.length > 0 ? events.join(' ') : 'every event'}`,
      now,
    ),
  );
  return events.length > 0 ? 'limited' : 'unlimited';
}
