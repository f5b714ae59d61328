import type { AuditEntry } from '../audit';
import type { CheckIn, CheckInStore, Collection } from '../types';
import type { Db } from './schema';
import { recordChanges, type SharedWriters } from './shared';

// The door: one check-in row per record (its key), so the first one kept is the one every later
// check-in gets back; each in one immediate transaction.
export function checkInStore(db: Db, shared: SharedWriters): CheckInStore {
  const selectCheckIn = db.prepare('SELECT record_id AS recordId, key, at, by FROM check_ins WHERE record_id = ?');
  const selectCheckIns = db.prepare(
    'SELECT record_id AS recordId, key, at, by FROM check_ins WHERE key = ? ORDER BY at',
  );
  const insertCheckIn = db.prepare('INSERT INTO check_ins (record_id, key, at, by) VALUES (?, ?, ?, ?)');
  const { read, change } = recordChanges(db, shared);

  const checkIn = db.transaction(
    (collection: Collection, id: string, key: string, at: number, by: string, audit: AuditEntry) => {
      const first = selectCheckIn.get(id) as CheckIn | undefined;
      if (first) return { checkIn: first, first: false };
      const before = read(collection, id);
      if (!before) return null;
      insertCheckIn.run(id, key, at, by);
      change(id, before, { checkedInAt: at, checkedInBy: by });
      shared.audit(audit);
      return { checkIn: { recordId: id, key, at, by }, first: true };
    },
  );

  return {
    async checkIn(collection, id, key, at, by, audit) {
      return checkIn.immediate(collection, id, key, at, by, audit);
    },
    async checkIns(key) {
      return selectCheckIns.all(key) as CheckIn[];
    },
  };
}
