import type { Firestore, Query } from 'firebase-admin/firestore';

import { collections, type Collection } from '../collections';
import { inboxOrder, isRecordId } from '../rules';
import type { InboxQuery, InboxRecord, InboxStore } from '../types';
import { BATCH, codeOf, FAILED_PRECONDITION, JOBS, OUTBOX } from './client';
import { inboxChanges, inboxFields, inboxFilters, recordData, withAudit, type OutboxDoc } from './shared';

const INBOX_VERSION = 'inbox-fields-1';

// One query per collection, newest first along `_order`, merged: every filter is an equality (or the
// one array-contains of a search) on a composite index ending in `_order`, so a page reads at most
// `limit` documents of each form whatever the collection's size.
async function inboxOf(db: Firestore, collection: Collection, query: InboxQuery): Promise<InboxRecord[]> {
  let q: Query = db.collection(collection);
  for (const filter of inboxFilters(query)) q = q.where(filter.field, filter.op, filter.value);
  const docs = (await q.orderBy('_order', 'desc').limit(query.limit).get()).docs;
  return docs.map((doc) => ({ id: doc.id, collection, data: recordData(doc) }));
}

// Records written before the inbox's fields existed get them, once per database: read by date in pages
// (a date is read whole before moving past it, as the emulator has no cursors), written with the
// document's update time as a precondition, so a record changed meanwhile keeps its newer fields.
async function addInboxFields(db: Firestore): Promise<number> {
  const done = db.collection(JOBS).doc(INBOX_VERSION);
  if ((await done.get()).exists) return 0;
  let changed = 0;
  for (const collection of collections) {
    let after: number | undefined;
    let retries = 0;
    for (;;) {
      let q: Query = db.collection(collection);
      if (after !== undefined) q = q.where('date', '>', after);
      const page = (await q.orderBy('date').limit(BATCH).get()).docs;
      if (page.length === 0) break;
      const last = page.at(-1)!.get('date') as number;
      const docs = [
        ...page.filter((doc) => doc.get('date') !== last),
        ...(await db.collection(collection).where('date', '==', last).get()).docs,
      ].filter((doc) => doc.get('_order') === undefined);
      try {
        for (let i = 0; i < docs.length; i += BATCH) {
          const batch = db.batch();
          const part = docs.slice(i, i + BATCH);
          for (const doc of part) {
            batch.update(doc.ref, inboxFields(doc.id, recordData(doc)), { lastUpdateTime: doc.updateTime! });
          }
          await batch.commit();
          changed += part.length;
        }
      } catch (error) {
        // A record changed since it was read refuses its whole batch: read the page again (what the
        // batch did not write is still without the fields), a few times at most.
        if (codeOf(error) === FAILED_PRECONDITION && ++retries <= 5) continue;
        throw error;
      }
      retries = 0;
      if (page.length < BATCH) break;
      after = last;
    }
  }
  await done.set({ name: INBOX_VERSION, at: Date.now(), changed });
  return changed;
}

export function inboxStore(db: Firestore): InboxStore {
  return {
    async inbox(query) {
      const wanted = query.collection ? [query.collection] : collections;
      const pages = await Promise.all(wanted.map((collection) => inboxOf(db, collection, query)));
      return pages.flat().sort(inboxOrder).slice(0, query.limit);
    },
    async upgradeRecords() {
      return addInboxFields(db);
    },
    // Count queries with the inbox's filters, on the indexes its pages use.
    async countInbox(query) {
      const wanted = query.collection ? [query.collection] : collections;
      const counts = await Promise.all(
        wanted.map(async (collection) => {
          let q: Query = db.collection(collection);
          for (const filter of inboxFilters({ ...query, limit: 0 })) q = q.where(filter.field, filter.op, filter.value);
          return (await q.count().get()).data().count;
        }),
      );
      return counts.reduce((sum, n) => sum + n, 0);
    },
    async countRecords(collection, where) {
      let q: Query = db.collection(collection);
      if (where) q = q.where(where.field, '==', where.value);
      return (await q.count().get()).data().count;
    },
    async getRecord(collection, id) {
      if (!isRecordId(id)) return null;
      const doc = await db.collection(collection).doc(id).get();
      return doc.exists ? { id: doc.id, data: recordData(doc) } : null;
    },
    async updateRecord(collection, id, changes, audit) {
      if (!isRecordId(id)) return false;
      const ref = db.collection(collection).doc(id);
      const doc = await ref.get();
      if (!doc.exists) return false;
      const fields = inboxChanges(doc, changes);
      // update() requires the document to exist: a record removed meanwhile refuses the batch, entry
      // included.
      return withAudit(db, (batch) => batch.update(ref, { ...changes, ...fields }), audit);
    },
    async mailsAbout(recordId) {
      const docs = (await db.collection(OUTBOX).where('recordId', '==', recordId).get()).docs;
      return docs.map((doc) => {
        const data = doc.data() as OutboxDoc;
        return { id: doc.id, to: data.to, subject: data.subject, status: data.status };
      });
    },
  };
}
