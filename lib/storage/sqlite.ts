import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DuplicateError, type AddOptions, type Collection, type RecordData, type Store, type StoredRecord } from './types';

// The embedded store: one SQLite file, WAL journal, every commit synced to disk before it returns.
// better-sqlite3 runs each statement to completion, so concurrent requests never interleave a write;
// other processes on the same file wait on the busy timeout.
export function openSqliteStore(file: string): Store {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS records (
      id TEXT PRIMARY KEY,
      collection TEXT NOT NULL,
      unique_key TEXT,
      date INTEGER NOT NULL,
      data TEXT NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS records_unique ON records (collection, unique_key) WHERE unique_key IS NOT NULL;
    CREATE INDEX IF NOT EXISTS records_by_date ON records (collection, date);
  `);

  const insert = db.prepare(
    'INSERT INTO records (id, collection, unique_key, date, data) VALUES (@id, @collection, @uniqueKey, @date, @data)',
  );
  const select = db.prepare(
    'SELECT id, data FROM records WHERE collection = ? AND date >= ? ORDER BY date, rowid',
  );

  return {
    kind: 'sqlite',
    async add(collection: Collection, data: RecordData, options: AddOptions = {}) {
      const id = randomUUID();
      try {
        insert.run({
          id,
          collection,
          uniqueKey: options.uniqueKey ?? null,
          date: typeof data.date === 'number' ? data.date : Date.now(),
          data: JSON.stringify(data),
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new DuplicateError(collection);
        throw error;
      }
      return { id };
    },
    async list(collection: Collection, options = {}): Promise<StoredRecord[]> {
      const rows = select.all(collection, options.since ?? 0) as { id: string; data: string }[];
      return rows.map((row) => ({ id: row.id, data: JSON.parse(row.data) }));
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      db.close();
    },
  };
}
