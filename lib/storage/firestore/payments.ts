import type { DocumentReference, Firestore } from 'firebase-admin/firestore';

import { payableCollections } from '../collections';
import { withDeadline } from '../errors';
import { isRecordId } from '../rules';
import { recipientDigest } from '../traces';
import type { PayableRecord, PaymentStore } from '../types';
import { ALREADY_EXISTS, codeOf, keyedId, NOT_FOUND, PAYMENTS, SENT_ONCE, WRITE_DEADLINE_MS } from './client';
import { inboxChanges, queue, recordData, writeAudit } from './shared';

// The records of every form that takes payments whose `field` (a time) is at or after `since` and whose
// payment is in `status`, oldest first: a single-field range per form (Firestore's own index), the
// few records in the window sorted and kept here.
async function recordsSince(db: Firestore, field: 'payStartedAt' | 'paidAt', since: number, status: string) {
  const found: PayableRecord[] = [];
  for (const collection of payableCollections) {
    const docs = (await db.collection(collection).where(field, '>=', since).get()).docs;
    for (const doc of docs) {
      const data = recordData(doc);
      if (data.payStatus === status) found.push({ id: doc.id, collection, data });
    }
  }
  return found.sort((a, b) => Number(a.data[field]) - Number(b.data[field]));
}

// Payments on records. A settlement is a marker document created with create() first in the batch that
// updates the record, queues its receipt and writes its audit entry: a second webhook, the return page
// and every other instance find it there and the whole batch is refused, so one payment is marked once
// and mailed once (the emulator stops at the first refused write, Firestore commits a batch whole).
export function paymentStore(db: Firestore): PaymentStore {
  // The emulator keeps the writes of a refused batch that came before the refused one (Firestore keeps
  // none): a marker this call created for a record that was gone meanwhile is removed, as the batch
  // would have left nothing.
  async function undo(ref: DocumentReference, recordId: string) {
    const doc = await ref.get();
    if (doc.exists && doc.get('recordId') === recordId) await ref.delete();
  }

  return {
    async findPayment(reference) {
      for (const collection of payableCollections) {
        const docs = (await db.collection(collection).where('payReference', '==', reference).limit(1).get()).docs;
        if (docs[0]) return { id: docs[0].id, collection, data: recordData(docs[0]) };
      }
      return null;
    },

    async settlePayment(collection, id, settlement, changes, mails, audit) {
      if (!isRecordId(id)) return 'missing';
      const record = db.collection(collection).doc(id);
      const doc = await record.get();
      if (!doc.exists) return 'missing';
      const marker = db.collection(PAYMENTS).doc(`${settlement}:${id}`);
      const batch = db.batch();
      batch.create(marker, { settlement, collection, recordId: id, at: Date.now() });
      // update() requires the record: one removed meanwhile refuses the batch.
      batch.update(record, { ...changes, ...inboxChanges(doc, changes) });
      queue(db, batch, id, mails);
      writeAudit(db, batch, audit);
      try {
        await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the payment');
      } catch (error) {
        if (codeOf(error) === ALREADY_EXISTS) return 'already';
        if (codeOf(error) === NOT_FOUND) {
          await undo(marker, id);
          return 'missing';
        }
        throw error;
      }
      return 'done';
    },

    async pendingPayments(since, limit) {
      return (await recordsSince(db, 'payStartedAt', since, 'unpaid')).slice(0, limit);
    },

    async paidSince(since) {
      return recordsSince(db, 'paidAt', since, 'paid');
    },

    async mailAboutRecord(collection, id, changes, mail, audit) {
      if (!isRecordId(id)) return false;
      const record = db.collection(collection).doc(id);
      const doc = await record.get();
      if (!doc.exists) return false;
      const once = mail.onceKey === undefined ? null : db.collection(SENT_ONCE).doc(keyedId(mail.onceKey));
      const batch = db.batch();
      // The once-only marker first: when it exists the batch is refused before anything is written.
      if (once) batch.create(once, { date: Date.now(), recipient: recipientDigest(mail.to), recordId: id });
      batch.update(record, { ...changes, ...inboxChanges(doc, changes) });
      queue(db, batch, id, [mail]);
      writeAudit(db, batch, audit);
      try {
        await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the mail');
      } catch (error) {
        if (codeOf(error) === ALREADY_EXISTS) return false;
        if (codeOf(error) === NOT_FOUND) {
          if (once) await undo(once, id);
          return false;
        }
        throw error;
      }
      return true;
    },
  };
}
