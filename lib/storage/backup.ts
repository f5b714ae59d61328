import { chmodSync, cpSync, existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';

import { migrate, schemaVersion, SQLITE_SCHEMA_VERSION } from './sqlite';

export function sqliteFile(dataDir: string): string {
  return join(dataDir, 'baobab.sqlite');
}

// The content editor's database on SQLite (lib/cms/config.ts), and its backup beside the store's.
export function cmsFile(dataDir: string): string {
  return join(dataDir, 'cms.db');
}
export const cmsBackupOf = (file: string) => `${file}.cms.db`;

// The pictures uploaded in the editor (CMS_MEDIA_DIR), copied beside the backup as FILE.media. An upload
// is a new file, never changed in place: a copy of the folder made after the database's holds every
// picture the database names, and a restore adds the backup's files to the folder without removing any.
export const mediaBackupOf = (file: string) => `${file}.media`;

export function backupMedia(source: string, target: string): number {
  if (!existsSync(source)) return 0;
  if (existsSync(target)) throw new Error(`${target} already exists: choose a new name`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true, recursive: true });
  cpSync(source, partial, { recursive: true });
  renameSync(partial, target);
  return readdirSync(target).length;
}

export function restoreMedia(backup: string, target: string): number {
  cpSync(backup, target, { recursive: true, force: false });
  return readdirSync(backup).length;
}

export type BackupSummary = { records: number; messages: number; version: number };

// Opens a backup (or a candidate for one) and checks it before anything relies on it.
function inspect(file: string): BackupSummary {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged (integrity check: ${String(check)})`);
    const version = schemaVersion(db);
    if (version > SQLITE_SCHEMA_VERSION) {
      throw new Error(`${file} has schema version ${version}, newer than this code's ${SQLITE_SCHEMA_VERSION}`);
    }
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { records: count('records'), messages: count('outbox'), version };
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw new Error(`${file} is not a SQLite store`);
    throw error;
  } finally {
    db.close();
  }
}

// A consistent copy of the live store while the site keeps writing: SQLite's online backup, asked to
// copy every page in one step so the copy is one snapshot (a writer in between restarts that step, it
// never mixes two states). Written next to the target, checked, then renamed: a FILE that exists is
// always a whole backup.
export async function backupSqlite(source: string, target: string): Promise<BackupSummary> {
  if (!existsSync(source)) throw new Error(`There is no store at ${source} (DATA_DIR) to back up`);
  return copyLive(source, target, inspect);
}

// The content editor's database (DATA_DIR/cms.db, when the CMS is on SQLite), copied the same way,
// beside the store's backup. It answers how many of its tables it holds.
export async function backupCms(source: string, target: string): Promise<{ tables: number }> {
  return copyLive(source, target, (file) => ({ tables: checkedTables(file) }));
}

async function copyLive<T>(source: string, target: string, check: (file: string) => T): Promise<T> {
  if (existsSync(target)) throw new Error(`${target} already exists: choose a new name`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  // It holds every visitor's data: readable by its owner only, from the first byte.
  writeFileSync(partial, '', { mode: 0o600 });
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  try {
    // One self-contained file, whatever the live store's journal.
    const copy = new Database(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const summary = check(partial);
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

// A SQLite file that passes its integrity check, by the number of its tables.
function checkedTables(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged (integrity check: ${String(check)})`);
    return (db.prepare(`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'`).get() as { n: number }).n;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw new Error(`${file} is not a SQLite database`);
    throw error;
  } finally {
    db.close();
  }
}

// Puts a backup in place of the store. Only with the site stopped: any other connection to the store
// makes the exclusive lock fail. The replaced store is kept beside it, named with the time.
export async function restoreSqlite(backup: string, target: string): Promise<BackupSummary & { previous?: string }> {
  inspect(backup);
  const previous = await replaceWith(backup, target);
  // The restored file takes the live store's journal and this code's schema version.
  const restored = new Database(target);
  try {
    restored.pragma('journal_mode = WAL');
    migrate(restored, target);
  } finally {
    restored.close();
  }
  return { ...inspect(target), previous };
}

// The content editor's database from its backup (FILE.cms.db), in the same way; the CMS applies its own
// migrations when the site starts.
export async function restoreCms(backup: string, target: string): Promise<{ tables: number; previous?: string }> {
  checkedTables(backup);
  const previous = await replaceWith(backup, target);
  return { tables: checkedTables(target), previous };
}

async function replaceWith(backup: string, target: string): Promise<string | undefined> {
  let previous: string | undefined;
  if (existsSync(target)) {
    const live = new Database(target, { timeout: 0 });
    try {
      live.pragma('locking_mode = EXCLUSIVE');
      live.exec('BEGIN EXCLUSIVE');
      live.exec('COMMIT');
      live.pragma('wal_checkpoint(TRUNCATE)');
    } catch (error) {
      live.close();
      if ((error as { code?: string }).code === 'SQLITE_BUSY') {
        throw new Error(`${target} is in use: stop the site (and any export) before restoring`);
      }
      throw error;
    }
    live.close();
    previous = `${target}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`;
    renameSync(target, previous);
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  }
  const source = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  return previous;
}
