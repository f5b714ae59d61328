import type { Firestore, Query, WriteBatch } from 'firebase-admin/firestore';

import { collections, type Collection } from '../collections';
import { inboxOrder, isRecordId } from '../rules';
import type { InboxQuery, InboxRecord, InboxStore } from '../types';
import { ALREADY_EXISTS, BATCH, codeOf, FAILED_PRECONDITION, JOBS, NOT_FOUND, OUTBOX } from './client';
import { commitExclusive, isRefused, leaving } from './exclusive';
import { inboxChanges, inboxFields, inboxFilters, recordData, writeAudit, type OutboxDoc } from './shared';
import { threadStore } from './threads';

// Each version of the inbox's fields adds one; a record without the newest (`_assignee`) was written by
// older code, and gets them all, its search words as this code reads them included.
const INBOX_VERSION = 'inbox-fields-2';

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
      ].filter((doc) => doc.get('_assignee') === undefined);
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
    ...threadStore(db),
    // One query per form, and without spam one per status kept (Firestore has no index for "not"),
    // merged in the inbox's order.
    async inbox(query) {
      const wanted = query.collection ? [query.collection] : (query.collections ?? collections);
      const statuses = query.status || !query.notSpam ? [query.status] : (['new', 'handled'] as const);
      const pages = await Promise.all(
        wanted.flatMap((collection) => statuses.map((status) => inboxOf(db, collection, { ...query, status }))),
      );
      return pages.flat().sort(inboxOrder).slice(0, query.limit);
    },
    async updateRecords(collection, ids, changes, audit) {
      const unique = [...new Set(ids)].filter(isRecordId);
      // A record removed between the read and the commit, or a seat released meanwhile by another
      // change, refuses the batch: read again, a few times.
      for (let attempt = 1; ; attempt++) {
        const docs = (await Promise.all(unique.map((id) => db.collection(collection).doc(id).get()))).filter(
          (doc) => doc.exists,
        );
        const leave = await Promise.all(
          docs.map((doc) => leaving(db, doc.id, recordData(doc), { ...recordData(doc), ...changes })),
        );
        const writes: ((batch: WriteBatch) => void)[] = [
          ...docs.flatMap((doc) => [
            (batch: WriteBatch) => batch.update(doc.ref, { ...changes, ...inboxChanges(doc, changes) }),
            (batch: WriteBatch) => writeAudit(db, batch, audit(doc.id)),
          ]),
          ...leave.flatMap((l) => l.writes),
        ];
        const creates = leave.flatMap((l) => l.creates);
        if (creates.length + writes.length > BATCH) throw new Error('too many writes for one batch');
        try {
          await commitExclusive(db, creates, (batch) => writes.forEach((write) => write(batch)));
          return docs.map((doc) => doc.id);
        } catch (error) {
          if (!isRefused(error) || attempt === 3) throw error;
        }
      }
    },
    async upgradeRecords() {
      return addInboxFields(db);
    },
    // Count queries with the inbox's filters, on the indexes its pages use.
    async countInbox(query) {
      const wanted = query.collection ? [query.collection] : collections;
      const statuses = query.status || !query.notSpam ? [query.status] : (['new', 'handled'] as const);
      const counts = await Promise.all(
        wanted.flatMap((collection) =>
          statuses.map(async (status) => {
            let q: Query = db.collection(collection);
            for (const filter of inboxFilters({ ...query, status, limit: 0 })) {
              q = q.where(filter.field, filter.op, filter.value);
            }
            return (await q.count().get()).data().count;
          }),
        ),
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
      for (let attempt = 1; ; attempt++) {
        const doc = await ref.get();
        if (!doc.exists) return false;
        const fields = inboxChanges(doc, changes);
        // What the record no longer holds is released with the change (a seat, an offer, a ticket): a
        // release made meanwhile by another change refuses the batch, and it is read again.
        const leave = await leaving(db, id, recordData(doc), { ...recordData(doc), ...changes });
        try {
          // update() requires the document to exist: a record removed meanwhile refuses the batch, entry
          // included.
          await commitExclusive(db, leave.creates, (batch) => {
            batch.update(ref, { ...changes, ...fields });
            for (const write of leave.writes) write(batch);
            writeAudit(db, batch, audit);
          });
          return true;
        } catch (error) {
          if (codeOf(error) === NOT_FOUND) return false;
          if (codeOf(error) !== ALREADY_EXISTS || attempt === 5) throw error;
        }
      }
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
