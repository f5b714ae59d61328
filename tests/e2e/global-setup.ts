import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import Database from 'better-sqlite3';

// The content database as the shared site (playwright.config.ts's webServer) seeded it from data/ on its
// first start, copied once before any test runs. A server a spec starts on a fresh DATA_DIR begins from
// this copy (scripts/lib/next-server.mjs) instead of seeding its own: the same documents, without the
// three seconds of CPU each seeding takes, some thirty times a run on two cores. Seeding itself is
// proven by the shared site and by tests/cms.
const SEEDED = resolve('var/e2e/cms.db');
const TEMPLATE = resolve('var/cms-seeded.db');
// The seeding's last step (lib/cms/seed.ts): the contact details.
const LAST_SEEDED = 'contact';

function seeded(): Database.Database | null {
  if (!existsSync(SEEDED)) return null;
  const db = new Database(SEEDED, { readonly: true, fileMustExist: true });
  const done =
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(LAST_SEEDED) !== undefined &&
    (db.prepare(`SELECT COUNT(*) AS n FROM ${LAST_SEEDED}`).get() as { n: number }).n > 0;
  if (done) return db;
  db.close();
  return null;
}

// What a server wrote into the shared build's server folder since `since` (ms): Next keeps the pages it
// makes again under .next/server (route-cache/, app/), where any server on that folder reads them.
function writtenSince(since: number): string[] {
  const folder = resolve('.next/server');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => {
    const stat = statSync(join(folder, name));
    return stat.isFile() && stat.mtimeMs > since;
  });
}

export default async function globalSetup() {
  const startedAt = Date.now();
  const deadline = startedAt + 120_000;
  let db = seeded();
  while (!db) {
    if (Date.now() > deadline) throw new Error(`${SEEDED} was not seeded within 120 s of the site's start`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    db = seeded();
  }
  try {
    await db.backup(TEMPLATE);
  } finally {
    db.close();
  }
  process.env.CMS_SEEDED_TEMPLATE = TEMPLATE;
  // The teardown: every server on the shared build kept the pages it made again to itself. A page one
  // wrote there is served by the others with its address in the links (a canonical naming another
  // server's port failed a run that way) and its data in the content.
  return () => {
    const written = writtenSince(startedAt);
    if (written.length > 0) {
      throw new Error(`servers wrote ${written.length} files into .next/server: ${written.slice(0, 5).join(', ')}`);
    }
  };
}
