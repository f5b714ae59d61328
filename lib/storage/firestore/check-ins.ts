import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

import { isRecordId } from '../rules';
import type { CheckIn, CheckInStore, RecordData } from '../types';
import { ALREADY_EXISTS, CHECK_INS, codeOf, NOT_FOUND } from './client';
import { commitExclusive } from './exclusive';
import { inboxChanges, writeAudit } from './shared';

const checkInOf = (doc: DocumentSnapshot): CheckIn => ({
  recordId: doc.get('recordId'),
  key: doc.get('key'),
  at: doc.get('at'),
  by: doc.get('by'),
});

// The door: a check-in is a document named by its record, so the first one created is the one kept.
export function checkInStore(db: Firestore): CheckInStore {
  return {
    async checkIn(collection, id, key, at, by, audit) {
      if (!isRecordId(id)) return null;
      const ref = db.collection(CHECK_INS).doc(id);
      const earlier = async () => {
        const doc = await ref.get();
        return doc.exists ? { checkIn: checkInOf(doc), first: false } : null;
      };
      const found = await earlier();
      if (found) return found;
      const record = await db.collection(collection).doc(id).get();
      if (!record.exists) return null;
      const update: RecordData = { checkedInAt: at, checkedInBy: by };
      try {
        await commitExclusive(db, [{ ref, data: { recordId: id, key, at, by } }], (batch) => {
          batch.update(record.ref, { ...update, ...inboxChanges(record, update) });
          writeAudit(db, batch, audit);
        });
      } catch (error) {
        if (codeOf(error) === ALREADY_EXISTS) return earlier();
        if (codeOf(error) === NOT_FOUND) return null;
        throw error;
      }
      return { checkIn: { recordId: id, key, at, by }, first: true };
    },
    async checkIns(key) {
      const docs = (await db.collection(CHECK_INS).where('key', '==', key).get()).docs;
      return docs.map(checkInOf).sort((a, b) => a.at - b.at);
    },
  };
}
