import type { AuditEntry } from '../audit';
import { payableCollections, type PayableCollection } from '../collections';
import type { Collection, NewMail, PayableRecord, PaymentStore, RecordData, Settlement } from '../types';
import type { Db } from './schema';
import { parsed, type SharedWriters } from './shared';
import { fieldOf } from './sql';

const payableList = payableCollections.map((c) => `'${c}'`).join(', ');

// Payments on records: a settlement is a marker row keyed by the settlement and the record, inserted in
// the transaction that changes the record, queues its receipt and writes its audit entry, so a second
// webhook, the return page and another instance on the same file all find it and change nothing.
export function paymentStore(db: Db, shared: SharedWriters): PaymentStore {
  const selectRecord = db.prepare('SELECT id, data FROM records WHERE collection = ? AND id = ?');
  const selectByReference = db.prepare(
    `SELECT id, collection, data FROM records WHERE ${fieldOf('payReference')} = ? AND collection IN (${payableList}) LIMIT 1`,
  );
  const insertMark = db.prepare(
    'INSERT INTO payment_marks (key, record_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const selectPending = db.prepare(
    `SELECT id, collection, data FROM records WHERE ${fieldOf('payStatus')} = 'unpaid' AND collection IN (${payableList})
       AND ${fieldOf('payStartedAt')} >= ? ORDER BY ${fieldOf('payStartedAt')} LIMIT ?`,
  );

  const selectPaid = db.prepare(
    `SELECT id, collection, data FROM records WHERE ${fieldOf('payStatus')} = 'paid' AND collection IN (${payableList})
       AND ${fieldOf('paidAt')} >= ? ORDER BY ${fieldOf('paidAt')}`,
  );

  const settle = db.transaction(
    (
      collection: Collection,
      id: string,
      settlement: Settlement,
      changes: RecordData,
      mails: NewMail[],
      audit: AuditEntry,
    ) => {
      const row = selectRecord.get(collection, id) as { id: string; data: string } | undefined;
      if (!row) return 'missing' as const;
      if (insertMark.run(`${settlement}:${id}`, id, Date.now()).changes === 0) return 'already' as const;
      shared.rewrite(id, { ...JSON.parse(row.data), ...changes });
      shared.queue(id, mails);
      shared.audit(audit);
      return 'done' as const;
    },
  );
  const mailAbout = db.transaction(
    (collection: Collection, id: string, changes: RecordData, mail: NewMail, audit?: AuditEntry) => {
      const row = selectRecord.get(collection, id) as { id: string; data: string } | undefined;
      if (!row || shared.queue(id, [mail]).length === 0) return false;
      shared.rewrite(id, { ...JSON.parse(row.data), ...changes });
      shared.audit(audit);
      return true;
    },
  );
  const asPayable = (row: { id: string; collection: PayableCollection; data: string }): PayableRecord => ({
    ...parsed(row),
    collection: row.collection,
  });

  return {
    async findPayment(reference) {
      const row = selectByReference.get(reference) as
        { id: string; collection: PayableCollection; data: string } | undefined;
      return row ? asPayable(row) : null;
    },
    async settlePayment(collection, id, settlement, changes, mails, audit) {
      // Immediate: the write lock is taken before the record is read, so another process on the same
      // file reads it after this commit.
      return settle.immediate(collection, id, settlement, changes, mails, audit);
    },
    async pendingPayments(since, limit) {
      return (selectPending.all(since, limit) as { id: string; collection: PayableCollection; data: string }[]).map(
        asPayable,
      );
    },
    async paidSince(since) {
      return (selectPaid.all(since) as { id: string; collection: PayableCollection; data: string }[]).map(asPayable);
    },
    async mailAboutRecord(collection, id, changes, mail, audit) {
      return mailAbout.immediate(collection, id, changes, mail, audit);
    },
  };
}
