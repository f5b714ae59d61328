import { randomUUID } from 'node:crypto';

import type { AuditEntry } from '../audit';
import { checkGiftKey, type GiftEntry, type GiftStore } from '../gifts';
import type { NewMail } from '../types';
import type { Db } from './schema';
import type { SharedWriters } from './shared';

// Gift entries are rows of the records table outside every form's collection, keyed by the entry's key
// (the table's unique key), as claimed jobs are: the insert that wins is the one entry, and its mails and
// audit entry are committed in the same transaction.
export const GIFTS = '_gifts';

export function giftStore(db: Db, shared: SharedWriters): GiftStore {
  const insert = db.prepare(
    `INSERT INTO records (id, collection, unique_key, date, data) VALUES (?, '${GIFTS}', ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const selectAll = db.prepare(`SELECT data FROM records WHERE collection = '${GIFTS}' ORDER BY date, rowid`).pluck();
  const selectWhere = db
    .prepare(
      `SELECT data FROM records WHERE collection = '${GIFTS}' AND json_extract(data, '$.' || ?) = ? ORDER BY date, rowid`,
    )
    .pluck();
  const deleteMails = db.prepare(
    `DELETE FROM outbox WHERE record_id IN (SELECT id FROM records WHERE collection = '${GIFTS}' AND date < ?)`,
  );
  const deleteOld = db.prepare(`DELETE FROM records WHERE collection = '${GIFTS}' AND date < ?`);

  const record = db.transaction((entry: GiftEntry, mails: NewMail[], audit?: AuditEntry) => {
    const id = randomUUID();
    if (insert.run(id, entry.key, entry.at, JSON.stringify(entry)).changes === 0) return false;
    shared.queue(id, mails);
    shared.audit(audit);
    return true;
  });
  const purge = db.transaction((before: number) => {
    deleteMails.run(before);
    return deleteOld.run(before).changes;
  });
  const parse = (rows: unknown[]) => rows.map((row) => JSON.parse(String(row)) as GiftEntry);

  return {
    async recordGift(entry, mails = [], audit) {
      checkGiftKey(entry.key);
      // Immediate: another process on the same file waits for this commit before it tries the key.
      return record.immediate(entry, mails, audit);
    },
    async giftEntries(where) {
      return parse(where ? selectWhere.all(where.field, where.value) : selectAll.all());
    },
    async purgeGifts(before) {
      return purge.immediate(before);
    },
  };
}
