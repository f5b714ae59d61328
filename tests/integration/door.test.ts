/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NextRequest } from 'next/server';

import type { SiteEvent } from '@/lib/content/types';
import { doorEvents, mayCheckInAt, setDoorLimits } from '@/lib/staff/door';
import { handleStaffPost } from '@/lib/staff/posts';
import { getStore } from '@/lib/storage';
import type { Store } from '@/lib/storage/types';
import { setRole, signInLink } from '@/lib/team';

import { bothStores } from '../helpers/stores';

// Issue 43, part A: the door opens on today. A door member's sign-in lands on the door; its list puts
// today's events first, then the coming ones, the earlier apart; an admin may limit a door member to
// chosen events, and such a member can neither list nor check in another event's guests (403/404, never a
// 5xx). The limits are kept on both stores.
const dir = mkdtempSync(join(tmpdir(), 'baobab-door-'));
process.env.DATA_DIR = dir;
process.env.STAFF_EMAILS = 'admin@example.org';
process.env.LINK_SECRET = 'door-test-link-secret-0123456789abcdef';
process.env.SITE_TODAY = '2023-03-18';

// Four published events around the site's date (the CMS's reading function, served here).
const event = (slug: string, startDate: string, endDate = startDate) =>
  ({ slug, title: `Event ${slug}`, startDate, endDate }) as SiteEvent;
const published = [
  event('hackathon-2022', '2022-03-18'),
  event('meetup-today', '2023-03-18'),
  event('workshop-next', '2023-04-02'),
  event('two-days', '2023-03-17', '2023-03-19'),
  event('summit', '2023-03-25'),
];
jest.mock('@/lib/cms', () => ({
  ...jest.requireActual('../helpers/cms-from-data'),
  cmsEvents: async () => published,
  cmsEvent: async (slug: string) => published.find((e) => e.slug === slug),
}));

const NOW = Date.UTC(2023, 2, 18, 9);
const admin = { id: 'a', email: 'admin@example.org', createdAt: NOW, seenAt: NOW, role: 'admin' as const };
const door = { email: 'door@example.org', role: 'door' as const };

afterAll(async () => {
  await getStore().close();
  rmSync(dir, { recursive: true, force: true });
});

function staffPost(action: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return handleStaffPost(
    action,
    new NextRequest(`http://localhost:3000/staff/api/${action}`, {
      method: 'POST',
      body,
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) },
    }),
  );
}

async function signIn(email: string): Promise<{ cookie: string; landing: string | null }> {
  const answer = await staffPost('sign-in', { t: new URL(signInLink(email, Date.now())).searchParams.get('t')! });
  const value = /baobab-staff=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')![1]!;
  return { cookie: `baobab-staff=${value}`, landing: answer.headers.get('location') };
}

describe('the door', () => {
  it('lands a door member on the door, and every other role where it starts', async () => {
    await setRole(admin, 'door@example.org', 'door', NOW);
    await setRole(admin, 'editor@example.org', 'editor', NOW);
    expect((await signIn('door@example.org')).landing).toBe('/staff/door');
    expect((await signIn('editor@example.org')).landing).toBe('/staff');
    expect((await signIn('admin@example.org')).landing).toBe('/staff');
  });

  it('lists today’s events first, then the coming ones soonest first, and the earlier ones apart', async () => {
    const list = await doorEvents(door);
    expect(list.today.map((e) => e.slug)).toEqual(['two-days', 'meetup-today']);
    expect(list.coming.map((e) => e.slug)).toEqual(['summit', 'workshop-next']);
    expect(list.earlier.map((e) => e.slug)).toEqual(['hackathon-2022']);
  });

  it('limits a door member to chosen events: their list, their check-in page’s test, their posts', async () => {
    expect(await setDoorLimits(admin, 'door@example.org', ['meetup-today'], NOW)).toBe('limited');
    expect(await mayCheckInAt(door, 'meetup-today')).toBe(true);
    expect(await mayCheckInAt(door, 'summit')).toBe(false);
    const list = await doorEvents(door);
    expect([...list.today, ...list.coming, ...list.earlier].map((e) => e.slug)).toEqual(['meetup-today']);
    // Other roles are never limited; only a door member, and only to published events, can be.
    expect(await mayCheckInAt({ email: 'editor@example.org', role: 'editor' }, 'summit')).toBe(true);
    expect(await setDoorLimits(admin, 'editor@example.org', ['summit'], NOW)).toBe('invalid');
    expect(await setDoorLimits(admin, 'door@example.org', ['no-such-event'], NOW)).toBe('invalid');
    expect(await setDoorLimits(admin, 'admin@example.org', ['summit'], NOW)).toBe('invalid');
    // Re-setting the door role keeps the limits; the change is audited.
    await setRole(admin, 'door@example.org', 'door', NOW);
    expect((await getStore().teamMember('door@example.org'))!.events).toEqual(['meetup-today']);
    expect((await getStore().auditLog(20)).map((e) => e.detail)).toContain('door@example.org door meetup-today');

    const { cookie } = await signIn('door@example.org');
    const other = await staffPost('check-in-state', { event: 'summit' }, cookie);
    expect(other.status).toBe(403);
    const checkIn = await staffPost('check-in', { event: 'summit', id: 'a'.repeat(20), format: 'json' }, cookie);
    expect(checkIn.status).toBe(403);
    expect((await staffPost('check-in-state', { event: 'meetup-today' }, cookie)).status).toBe(200);
    // Hostile event names are refused in words, never a 5xx.
    for (const name of ['../summit', '%00', 'x'.repeat(300), '']) {
      const answer = await staffPost('check-in-state', { event: name }, cookie);
      expect([400, 403, 404]).toContain(answer.status);
    }
  });

  it('lets only an admin set the limits, through the team page’s post; none ticked lifts them', async () => {
    const { cookie: doorCookie } = await signIn('door@example.org');
    expect((await staffPost('team-door-events', { email: 'door@example.org', events: [] }, doorCookie)).status).toBe(
      403,
    );
    const { cookie: editor } = await signIn('editor@example.org');
    expect((await staffPost('team-door-events', { email: 'door@example.org', events: [] }, editor)).status).toBe(403);
    const { cookie } = await signIn('admin@example.org');
    const two = await staffPost(
      'team-door-events',
      { email: 'door@example.org', events: ['summit', 'meetup-today'] },
      cookie,
    );
    expect(two.headers.get('location')).toBe('/staff/team?done=limited');
    expect((await getStore().teamMember('door@example.org'))!.events).toEqual(['meetup-today', 'summit']);
    const none = await staffPost('team-door-events', { email: 'door@example.org' }, cookie);
    expect(none.headers.get('location')).toBe('/staff/team?done=unlimited');
    expect((await getStore().teamMember('door@example.org'))!.events).toBeUndefined();
    expect(await mayCheckInAt(door, 'summit')).toBe(true);
  });
});

describe.each(bothStores)('a door member’s events on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  beforeAll(async () => {
    store = await harness.open();
  });
  afterAll(async () => {
    await store.close();
    await harness.cleanup();
  });

  it('are kept with the member, and a member saved without them has none', async () => {
    const audit = { at: NOW, who: 'admin@example.org', what: 'team-role' as const, detail: '' };
    const member = { email: 'Door@Example.org', role: 'door' as const, addedBy: 'admin@example.org', addedAt: NOW };
    await store.saveTeamMember({ ...member, events: ['a', 'b'] }, audit);
    expect(await store.teamMember('door@example.org')).toEqual({
      ...member,
      email: 'door@example.org',
      events: ['a', 'b'],
    });
    expect((await store.teamMembers()).map((m) => m.events)).toEqual([['a', 'b']]);
    await store.saveTeamMember(member, audit);
    expect(await store.teamMember('door@example.org')).toEqual({ ...member, email: 'door@example.org' });
  });
});
