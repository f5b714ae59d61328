import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { Payload } from 'payload';

import { cmsSettings } from '@/lib/config';
import { setSingleton, singleton } from '@/lib/singletons';

import { checkBeforeStart } from './schema';

// The CMS's one instance in this process, and the locks its start takes.

// Starting the CMS applies its migrations (./schema.ts) and fills an empty database from data/: `next build`'s
// workers and instances that share DATA_DIR start it one at a time, under a lock folder beside the SQLite file.
const LOCK_STALE_MS = 120_000;

async function underLock<T>(work: () => Promise<T>): Promise<T> {
  const { dataDir } = cmsSettings();
  const lock = join(dataDir, 'cms.lock');
  mkdirSync(dataDir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a process that died while starting the CMS.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > LOCK_STALE_MS) rmSync(lock, { force: true, recursive: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}

// On Postgres the instances share no folder: they take turns through an advisory lock of the database,
// held on a connection of its own while one of them migrates and seeds.
const POSTGRES_START_LOCK = 0x62616f62; // 'baob'

async function underDatabaseLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [POSTGRES_START_LOCK]);
    return await work();
  } finally {
    // Closing the connection releases the lock too, should the unlock fail.
    await client.query('SELECT pg_advisory_unlock($1)', [POSTGRES_START_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

// Payload and its configuration load on first use: a command or a test that never reads content does
// not pay the seconds they take to import.
function started(): Promise<Payload> {
  const start = async () => {
    await checkBeforeStart();
    const [{ getPayload }, { default: config }] = await Promise.all([import('payload'), import('@payload-config')]);
    return getPayload({ config });
  };
  const { databaseUrl } = cmsSettings().cms;
  return databaseUrl ? underDatabaseLock(databaseUrl, start) : underLock(start);
}

export function cms(): Promise<Payload> {
  return singleton('cms', () =>
    started().catch((error: unknown) => {
      setSingleton('cms', undefined);
      throw error;
    }),
  );
}
