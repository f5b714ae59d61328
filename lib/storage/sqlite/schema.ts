import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import Database from 'better-sqlite3';

import { migrations } from './migrations';
import type { Db } from './sql';

export type { Db } from './sql';

// The SQLite file: opened, and brought to this code's schema, whose steps are migrations.ts.

// A claimed job is a row of the records table outside every collection (see jobs.ts).
export const JOBS = '_jobs';

export const SQLITE_SCHEMA_VERSION = migrations.length;

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

// Brings the file to this code's version in one transaction (two servers starting together take turns).
// A file from newer code is refused: this code would not know its tables.
export function migrate(db: Db, file: string): void {
  db.transaction(() => {
    const version = schemaVersion(db);
    if (version > SQLITE_SCHEMA_VERSION) {
      throw new Error(
        `${file} has schema version ${version}, newer than this code's ${SQLITE_SCHEMA_VERSION}: run the newer code, or restore a backup made by this version`,
      );
    }
    for (let step = version; step < SQLITE_SCHEMA_VERSION; step++) migrations[step]!(db);
    db.pragma(`user_version = ${SQLITE_SCHEMA_VERSION}`);
  }).immediate();
}

// One SQLite file, WAL journal, every commit synced to disk before it returns. better-sqlite3 runs each
// statement to completion, so concurrent requests never interleave a write; other processes on the
// same file (the site's back office runs in a process of its own) wait on the busy timeout.
export function openDatabase(file: string): Db {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  writeFromTheStart(db);
  try {
    migrate(db, file);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

// Every transaction takes the write lock when it begins (BEGIN IMMEDIATE), not at its first write: a
// transaction that reads, then writes after another process has committed, would otherwise fail at once
// with SQLITE_BUSY (its snapshot is out of date), where the busy timeout does not apply. Taking the lock
// first makes it wait its turn instead, and what it read stays true until it commits.
function writeFromTheStart(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: Parameters<Db['transaction']>[0]) => transaction(fn).immediate) as Db['transaction'];
}
