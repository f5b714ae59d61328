/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'baobab-staff-sessions-'));
process.env.DATA_DIR = dir;
// ex@example.org was staff once and has been taken out of the setting.
process.env.STAFF_EMAILS = 'staff@example.org';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('ends at start the sessions of an address taken out of STAFF_EMAILS and the expired ones, and keeps the rest', async () => {
  const { getStore } = await import('@/lib/storage');
  const { endStaleSessions } = await import('@/lib/team');
  const store = getStore();
  const now = Date.UTC(2026, 10, 24, 12);
  const hour = 3_600_000;
  await store.saveSession({ id: 'kept', email: 'Staff@example.org', createdAt: now - hour, seenAt: now - 60_000 });
  await store.saveSession({ id: 'removed', email: 'ex@example.org', createdAt: now - hour, seenAt: now - 60_000 });
  await store.saveSession({
    id: 'idle',
    email: 'staff@example.org',
    createdAt: now - 5 * hour,
    seenAt: now - 3 * hour,
  });
  await store.saveSession({ id: 'too-old', email: 'staff@example.org', createdAt: now - 13 * hour, seenAt: now });

  expect(await endStaleSessions(now)).toBe(3);
  expect((await store.listSessions()).map((s) => s.id)).toEqual(['kept']);
  expect(await endStaleSessions(now)).toBe(0);
  await store.close();
});
