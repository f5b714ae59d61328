import type { Firestore } from 'firebase-admin/firestore';

import { withDeadline } from '../errors';
import { isRecordId } from '../rules';
import type { InboxStore, ThreadEntry } from '../types';
import { codeOf, NOT_FOUND, THREAD, WRITE_DEADLINE_MS } from './client';
import { queue, writeAudit } from './shared';

// A record's thread (the inbox's notes and replies): entries only ever added, each its own document.
export function threadStore(db: Firestore): Pick<InboxStore, 'addThreadEntry' | 'threadOf'> {
  return {
    async addThreadEntry(collection, id, entry, audit, mail) {
      if (!isRecordId(id)) return null;
      const record = db.collection(collection).doc(id);
      const ref = db.collection(THREAD).doc();
      const batch = db.batch();
      // The record must still be there: the update refuses the batch when it is not.
      batch.update(record, { _threadAt: entry.at });
      const [mailId] = mail ? queue(db, batch, id, [mail]) : [];
      const added: ThreadEntry = { id: ref.id, recordId: id, ...entry, ...(mailId ? { mailId } : {}) };
      const { id: _id, ...stored } = added;
      batch.create(ref, stored);
      writeAudit(db, batch, audit);
      try {
        await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
      } catch (error) {
        if (codeOf(error) === NOT_FOUND) return null;
        throw error;
      }
      return added;
    },
    async threadOf(recordId) {
      // Single-field query; a record's few entries are ordered here.
      const docs = (await db.collection(THREAD).where('recordId', '==', recordId).get()).docs;
      return docs
        .map((doc) => ({ id: doc.id, ...(doc.data() as Omit<ThreadEntry, 'id'>) }))
        .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    },
  };
}
