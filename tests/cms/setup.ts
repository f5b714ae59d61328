import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { jest } from '@jest/globals';
import type { Payload } from 'payload';

// A CMS of its own for a test file: a new DATA_DIR (so a new SQLite database, seeded from data/ on first
// use), an admin from STAFF_EMAILS and a colleague for each other role, and Next's revalidation recorded
// instead of done (there is no Next server around the tests).
export const revalidated: string[] = [];

// The content database as the run's first file migrated and seeded it from data/, kept where
// tests/cms/global-setup.mjs says: every later file starts from a copy in its own new DATA_DIR (as the
// browser tests' servers do, tests/e2e/global-setup.ts), the same documents without the 2.5 s of CPU a
// migration and seeding take. Migrating and seeding stay proven: by that first file, by
// seed-and-revalidation.test.ts, which always starts empty (`fromCopy: false`), and by postgres.test.ts.
async function keepSeededCopy(payload: Payload, copy: string) {
  const { sql } = await import('@payloadcms/db-sqlite');
  const db = (payload.db as unknown as { drizzle: { run: (query: unknown) => Promise<unknown> } }).drizzle;
  // Written beside, then renamed: a file running at the same time copies a whole database or none.
  const partial = `${copy}.${process.pid}`;
  await db.run(sql.raw(`VACUUM INTO '${partial.replaceAll("'", "''")}'`));
  renameSync(partial, copy);
}

export async function startCms({ fromCopy = true }: { fromCopy?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'baobab-cms-'));
  const copy = fromCopy ? process.env.CMS_SEEDED_COPY : undefined;
  const copied = copy !== undefined && existsSync(copy);
  if (copied) copyFileSync(copy, join(dir, 'cms.db'));
  process.env.DATA_DIR = dir;
  process.env.STAFF_EMAILS = 'admin@example.org';
  jest.unstable_mockModule('next/cache', () => ({
    revalidatePath: (path: string, type?: string) => revalidated.push(type ? `${path} (${type})` : path),
  }));
  const { getStore } = await import('@/lib/storage');
  const { sha256 } = await import('@/lib/hash');
  const { auditEntry } = await import('@/lib/team');
  const { cms } = await import('@/lib/cms');
  const store = getStore();
  const now = Date.now();
  for (const role of ['editor', 'staff', 'door'] as const) {
    await store.saveTeamMember(
      { email: `${role}@example.org`, role, addedBy: 'admin@example.org', addedAt: now },
      auditEntry('team-add', 'admin@example.org', `${role}@example.org ${role}`, now),
    );
  }
  // A signed-in session for an address: the cookie the workspace's sign-in would have set.
  const sessionFor = async (email: string) => {
    const value = randomBytes(32).toString('base64url');
    await store.saveSession({ id: sha256(value), email, createdAt: Date.now(), seenAt: Date.now() });
    return `baobab-staff=${value}`;
  };
  const payload = await cms();
  if (copy !== undefined && !copied) await keepSeededCopy(payload, copy);
  return { dir, payload, store, sessionFor };
}

// A new event's fields as the editor or the API sends them, with `fields` on top (the picture, the
// status); the partner's logo is a file of public/images/.
export const eventFields = (slug: string, fields: Record<string, unknown> = {}) => ({
  slug,
  title: `Data Day ${slug}`,
  inSentence: `the Data Day ${slug}`,
  dates: '5 June 2027',
  startDate: '2027-06-05',
  endDate: '2027-06-05',
  tagline: 'One day of talks and workshops.',
  description: 'Talks in the morning, workshops in the afternoon.',
  location: 'Nairobi, Kenya',
  partner: { img: '/images/partners/savanna-labs.svg', alt: 'Savanna Labs' },
  registrationLink: 'https://events.baobabdata.org/data-day/register',
  ...fields,
});
