import { existsSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import type { Payload, Migration as PayloadMigration } from 'payload';

import { cmsSettings } from '@/lib/config';
import { existingSingleton, setSingleton } from '@/lib/singletons';

// Who shapes the content database: only the migrations of lib/cms/migrations, never Payload's
// development push (off in config.ts, which would reshape a database the server migrated, or stop at a
// question nobody sees). Whatever opens the database the way the server does (the server, its build,
// `npm run dev`, the tests) applies the code's migrations it has not had. An operator's command
// (scripts/digest.ts) does so only where no server ever ran; on a database whose migrations are not
// exactly the code's it stops with one line before the CMS starts.

// A migration of lib/cms/migrations/<store>: its functions take its adapter's own arguments.
export type Migration = { name: string; up: (args: never) => Promise<void>; down: (args: never) => Promise<void> };

const COMMAND = 'cms-operator-command';

// Marks this process as an operator's command for the rest of its life.
export function operatorCommand(): void {
  setSingleton(COMMAND, true);
}

// Development pushes record themselves so (Payload's drizzle adapter); migrations by their names.
const PUSHED = 'dev';

type Recorded = { name: string; batch: number }[];

// The migrations the content database records; undefined when it has no tables at all (new).
async function recorded(): Promise<Recorded | undefined> {
  const { dataDir, cms } = cmsSettings();
  if (cms.databaseUrl) {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: cms.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ has: boolean; tables: number }>(
        `SELECT to_regclass('payload_migrations') IS NOT NULL AS has,
          (SELECT count(*)::int FROM information_schema.tables WHERE table_schema = current_schema()) AS tables`,
      );
      if (!rows[0]!.has) return rows[0]!.tables === 0 ? undefined : [];
      return (await client.query<{ name: string; batch: number }>('SELECT name, batch FROM payload_migrations')).rows;
    } finally {
      await client.end();
    }
  }
  const file = join(dataDir, 'cms.db');
  if (!existsSync(file)) return undefined;
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    if (!tables.includes('payload_migrations')) return tables.length === 0 ? undefined : [];
    return db.prepare('SELECT name, batch FROM payload_migrations').all() as Recorded;
  } finally {
    db.close();
  }
}

export class SchemaRefused extends Error {}

// What the database needs before the CMS uses it: 'migrate' (new, or behind the code and this is not
// a command), or nothing. Throws, in one line, where neither the CMS nor a command may go on.
export async function schemaVerdict(migrations: readonly Migration[]): Promise<'migrate' | 'current'> {
  const found = await recorded();
  if (found === undefined) return 'migrate';
  const where = cmsSettings().cms.databaseUrl ? 'CMS_DATABASE_URL' : join(cmsSettings().dataDir, 'cms.db');
  if (found.some((m) => m.name === PUSHED || m.batch === -1)) {
    throw new SchemaRefused(
      `The content database (${where}) was shaped by a development push, not by lib/cms/migrations: give the site a new one (the server fills it from data/).`,
    );
  }
  const names = new Set(found.map((m) => m.name));
  const missing = migrations.filter((m) => !names.has(m.name)).map((m) => m.name);
  const command = existingSingleton<boolean>(COMMAND) === true;
  if (!command) return missing.length > 0 ? 'migrate' : 'current';
  if (missing.length > 0) {
    throw new SchemaRefused(
      `The content database (${where}) lacks ${missing.length} of this code's migrations (${missing.join(', ')}): start the server or build the site (npm start, npm run build), which applies them, then run the command again.`,
    );
  }
  const known = new Set(migrations.map((m) => m.name));
  const unknown = [...names].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new SchemaRefused(
      `The content database (${where}) was migrated by newer code (${unknown.join(', ')}): run the command from that code.`,
    );
  }
  return 'current';
}

// Before the CMS starts (./index.ts), in an operator's command: a database it may not use is refused
// here, in one line, rather than in the middle of Payload's start and its log.
export async function checkBeforeStart(): Promise<void> {
  if (existingSingleton<boolean>(COMMAND) !== true) return;
  const { migrations } = cmsSettings().cms.databaseUrl
    ? await import('./migrations/postgres')
    : await import('./migrations/sqlite');
  await schemaVerdict(migrations);
}

// The CMS's start (config.ts's onInit, before the seed): the migrations the database needs, if any.
export async function settleSchema(payload: Payload, migrations: readonly Migration[]): Promise<void> {
  if ((await schemaVerdict(migrations)) === 'migrate') {
    // Payload's type says any arguments; the adapter calls them with its own, which they take.
    await payload.db.migrate({ migrations: migrations as unknown as PayloadMigration[] });
  }
}
