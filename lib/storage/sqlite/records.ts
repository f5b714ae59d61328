import { randomUUID } from 'node:crypto';

import { DuplicateError, FullError, RegisteredError } from '../errors';
import { checkSeat, isRecordId, standingRecord, subscriberKey } from '../rules';
import { parseSearch } from '../search';
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
  const submissionOf = db.prepare('SELECT record_id FROM submissions WHERE key = ?').pluck();
  const insertSeat = db.prepare('INSERT INTO seats (key, n, record_id) VALUES (?, ?, ?)');
  const anyWaiting = db.prepare('SELECT 1 FROM waitlist WHERE key = ? AND left_at IS NULL LIMIT 1').pluck();
  const lastTicket = db.prepare('SELECT MAX(position) FROM waitlist WHERE key = ?').pluck();
  const insertTicket = db.prepare(
    'INSERT INTO waitlist (key, position, record_id, collection, date) VALUES (?, ?, ?, ?, ?)',
  );
  const selectRecords = db.prepare(
    'SELECT id, data FROM records WHERE collection = ? AND date >= ? ORDER BY date, rowid',
  );
  const selectSubscriber = db.prepare(
    "SELECT id, data FROM records WHERE collection = 'newsletter' AND unique_key = ?",
  );
  // A person's records in a collection, found by their whole address along the search words' index.
  const selectByAddress = db.prepare(
    'SELECT r.id, r.data FROM record_words w JOIN records r ON r.id = w.id WHERE w.word = ? AND r.collection = ?',
  );

  const addAll = db.transaction(
    (id: string, collection: Collection, data: RecordData, options: AddOptions): number | undefined => {
      let stored = data;
      let mails = options.mails;
      let waiting: number | undefined;
      // A repeat of a submission, then the same person again, before anything is taken or counted; the
      // write lock taken first makes the check and the insert one step across processes.
      const first = options.submissionKey === undefined ? undefined : submissionOf.get(options.submissionKey);
      if (first !== undefined) throw new DuplicateError(collection, first as string);
      const payer = options.payer;
      const address = payer && parseSearch(payer.email);
      if (payer && address?.exact) {
        const rows = (selectByAddress.all(address.term, collection) as { id: string; data: string }[]).map(parsed);
        const registered = standingRecord(payer, rows);
        if (registered) throw new RegisteredError(collection, registered.id);
      }
      if (options.seat) {
        const { key, capacity, waitlist, seated } = options.seat;
        // Nobody takes a seat ahead of someone waiting for one: a freed seat is theirs (lib/places).
        const n = anyWaiting.get(key) ? undefined : shared.freeSeat(key, capacity);
        if (n !== undefined) {
          insertSeat.run(key, n, id);
          stored = { ...data, ...seated };
        } else if (!waitlist) throw new FullError(key);
        else {
          waiting = ((lastTicket.get(key) as number | null) ?? 0) + 1;
          insertTicket.run(key, waiting, id, collection, Date.now());
          stored = { ...data, ...waitlist.data, booking: 'waiting', waitPosition: waiting };
          mails = waitlist.mails;
        }
      }
      insertRecord.run({
        id,
        collection,
        uniqueKey: options.uniqueKey ?? null,
        date: typeof stored.date === 'number' ? stored.date : Date.now(),
        data: JSON.stringify(stored),
      });
      shared.indexWords(id, stored);
      if (options.submissionKey !== undefined) insertSubmission.run(options.submissionKey, id, Date.now());
      shared.queue(id, mails);
      return waiting;
    },
  );
  const update = db.transaction((email: string, changes: RecordData, messages: NewMail[]) => {
    const row = selectSubscriber.get(subscriberKey(email)) as { id: string; data: string } | undefined;
    if (!row) return false;
    const before = JSON.parse(row.data) as RecordData;
    shared.rewrite(row.id, { ...before, ...changes }, before);
    shared.queue(row.id, messages);
    return true;
  });

  return {
    async add(collection, data, options = {}) {
      const id = options.id ?? randomUUID();
      if (!isRecordId(id)) throw new Error(`Not a record id: ${id}`);
      if (options.seat) checkSeat(options.seat);
      let waiting: number | undefined;
      try {
        // With a seat or a person's key the transaction takes the write lock before it reads, so another
        // process on the same file reads after this commit.
        waiting = (options.seat || options.payer ? addAll.immediate : addAll)(id, collection, data, options);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
          const first = options.submissionKey === undefined ? undefined : submissionOf.get(options.submissionKey);
          throw new DuplicateError(collection, first as string | undefined);
        }
        throw error;
      }
      return waiting === undefined ? { id } : { id, waiting };
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
  };
}
