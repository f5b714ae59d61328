import type { AuditEntry } from '../audit';
import type { Collection, NewMail, RecordData, WaitingListStore, WaitingTicket } from '../types';
import type { Db } from './schema';
import { recordChanges, type SharedWriters } from './shared';

// Seats held and the waiting list, each change one immediate transaction (the write lock is taken
// before anything is counted, so another process on the file counts after this commit).
export function waitingListStore(db: Db, shared: SharedWriters): WaitingListStore {
  const countSeats = db.prepare('SELECT COUNT(*) FROM seats WHERE key = ?').pluck();
  const seatOf = db.prepare('SELECT n FROM seats WHERE key = ? AND record_id = ?').pluck();
  const insertSeat = db.prepare('INSERT INTO seats (key, n, record_id) VALUES (?, ?, ?)');
  const selectWaiting = db.prepare(
    `SELECT key, position, collection, record_id AS recordId, date FROM waitlist
     WHERE key = ? AND left_at IS NULL ORDER BY position`,
  );
  const leaveTickets = db.prepare('UPDATE waitlist SET left_at = ? WHERE record_id = ? AND left_at IS NULL');
  const lastTicket = db.prepare('SELECT MAX(position) FROM waitlist WHERE key = ?').pluck();
  const insertTicket = db.prepare(
    'INSERT INTO waitlist (key, position, record_id, collection, date) VALUES (?, ?, ?, ?, ?)',
  );
  const { read, change } = recordChanges(db, shared);

  const takeSeat = db.transaction(
    (
      collection: Collection,
      id: string,
      seat: { key: string; capacity: number },
      changes: RecordData,
      mails: NewMail[],
      audit?: AuditEntry,
    ) => {
      const before = read(collection, id);
      if (!before) return 'gone' as const;
      if (seatOf.get(seat.key, id) === undefined) {
        const n = shared.freeSeat(seat.key, seat.capacity);
        if (n === undefined) return 'full' as const;
        insertSeat.run(seat.key, n, id);
      }
      change(id, before, { ...changes, booking: 'registered' });
      shared.queue(id, mails);
      shared.audit(audit);
      return 'taken' as const;
    },
  );

  const joinWaitingList = db.transaction(
    (collection: Collection, id: string, key: string, changes: RecordData, audit?: AuditEntry) => {
      const before = read(collection, id);
      if (!before) return null;
      const position = ((lastTicket.get(key) as number | null) ?? 0) + 1;
      // Leaving what it held first (a seat, an older ticket), then taking its new place.
      change(id, before, { ...changes, booking: 'waiting', waitPosition: position });
      leaveTickets.run(Date.now(), id);
      insertTicket.run(key, position, id, collection, Date.now());
      shared.audit(audit);
      return position;
    },
  );

  return {
    async seatsTaken(key) {
      return countSeats.get(key) as number;
    },
    async waitingList(key) {
      return selectWaiting.all(key) as WaitingTicket[];
    },
    async takeSeat(collection, id, seat, changes, mails = [], audit) {
      return takeSeat.immediate(collection, id, seat, changes, mails, audit);
    },
    async joinWaitingList(collection, id, key, changes, audit) {
      return joinWaitingList.immediate(collection, id, key, changes, audit);
    },
  };
}
