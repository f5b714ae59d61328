import type { Firestore } from 'firebase-admin/firestore';

import { withDeadline } from '../errors';
import { subscriberKey } from '../rules';
import type { RecordStore, StoredRecord } from '../types';
import { addRecord } from './add';
import { keyedId, WRITE_DEADLINE_MS } from './client';
import { inboxChanges, queue, recordData } from './shared';

// Documents with generated ids in the spec's collections. A record, its markers, its seat (or waiting
// ticket) and its outbox messages go in one batch (add.ts).
export function recordStore(db: Firestore): RecordStore {
  const subscriberRef = (email: string) => db.collection('newsletter').doc(keyedId(subscriberKey(email)));

  return {
    async add(collection, data, addOptions = {}) {
      return addRecord(db, collection, data, addOptions);
    },
    async list(collection, listOptions = {}): Promise<StoredRecord[]> {
      const snapshot = await db
        .collection(collection)
        .where('date', '>=', listOptions.since ?? 0)
        .orderBy('date')
        .get();
      return snapshot.docs.map((doc) => ({ id: doc.id, data: recordData(doc) }));
    },
    async getSubscriber(email) {
      const doc = await subscriberRef(email).get();
      return doc.exists ? { id: doc.id, data: recordData(doc) } : null;
    },
    async updateSubscriber(email, changes, messages = []) {
      const ref = subscriberRef(email);
      const doc = await ref.get();
      if (!doc.exists) return false;
      const batch = db.batch();
      batch.update(ref, { ...changes, ...inboxChanges(doc, changes) });
      queue(db, batch, ref.id, messages);
      await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
      return true;
    },
  };
}
