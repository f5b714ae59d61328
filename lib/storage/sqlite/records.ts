import { randomUUID } from 'node:crypto';

import { DuplicateError, FullError } from '../errors';
import { checkSeat, subscriberKey } from '../rules';
import type { AddOptions, Collection, NewMail, RecordData, RecordStore, StoredRecord } from '../types';
import type { Db } from './schema';
import { parsed, type SharedWriters } from './shared';

// The forms' records: an add commits the record, its search words, its submission key, its seat and
// its mails in one transaction, or nothing.
export function recordStore(db: Db, shared: SharedWriters): RecordStore {
  const insertRecord = db.prepare(
    'INSERT INTO records (id, collection, unique_key, date, data) VALUES (@id, @collection, @uniqueKey, @date, @data)',
  );
  const insertSubmission = db.prepare('INSERT INTO submissions (key, record_id, date) VALUES (?, ?, ?)');
  const takenSeats = db.prepare('SELECT n FROM seats WHERE key = ?').pluck();
  const insertSeat = db.prepare('INSERT INTO seats (key, n, record_id) VALUES (?, ?, ?)');
  const countSeats = db.prepare('SELECT COUNT(*) FROM seats WHERE key = ?').pluck();
  const selectRecords = db.prepare(
    'SELECT id, data FROM records WHERE collection = ? AND date >= ? ORDER BY date, rowid',
  );
  const selectSubscriber = db.prepare(
    "SELECT id, data FROM records WHERE collection = 'newsletter' AND unique_key = ?",
  );

  const addAll = db.transaction((id: string, collection: Collection, data: RecordData, options: AddOptions) => {
    insertRecord.run({
      id,
      collection,
      uniqueKey: options.uniqueKey ?? null,
      date: typeof data.date === 'number' ? data.date : Date.now(),
      data: JSON.stringify(data),
    });
    shared.indexWords(id, data);
    if (options.submissionKey !== undefined) insertSubmission.run(options.submissionKey, id, Date.now());
    if (options.seat) {
      const { key, capacity } = options.seat;
      const taken = new Set(takenSeats.all(key) as number[]);
      const free = Array.from({ length: capacity }, (_, i) => i + 1).find((n) => !taken.has(n));
      if (free === undefined || taken.size >= capacity) throw new FullError(key);
      insertSeat.run(key, free, id);
    }
    shared.queue(id, options.mails);
  });
  const update = db.transaction((email: string, changes: RecordData, messages: NewMail[]) => {
    const row = selectSubscriber.get(subscriberKey(email)) as { id: string; data: string } | undefined;
    if (!row) return false;
    shared.rewrite(row.id, { ...JSON.parse(row.data), ...changes });
    shared.queue(row.id, messages);
    return true;
  });

  return {
    async add(collection, data, options = {}) {
      const id = randomUUID();
      if (options.seat) checkSeat(options.seat);
      try {
        // With a seat the transaction takes the write lock before it counts, so another process on the
        // same file counts after this commit.
        (options.seat ? addAll.immediate : addAll)(id, collection, data, options);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
          throw new DuplicateError(collection);
        }
        throw error;
      }
      return { id };
    },
    async list(collection, options = {}): Promise<StoredRecord[]> {
      return (selectRecords.all(collection, options.since ?? 0) as { id: string; data: string }[]).map(parsed);
    },
    async getSubscriber(email) {
      const row = selectSubscriber.get(subscriberKey(email)) as { id: string; data: string } | undefined;
      return row ? parsed(row) : null;
    },
    async updateSubscriber(email, changes, messages = []) {
      return update(email, changes, messages);
    },
    async seatsTaken(key) {
      return countSeats.get(key) as number;
    },
  };
}
