import type { DocumentReference, Firestore } from 'firebase-admin/firestore';

import { DuplicateError, FullError, withDeadline } from '../errors';
import { checkSeat, settleHeldBack, subscriberKey } from '../rules';
import { recipientDigest } from '../traces';
import type { NewMail, RecordStore, Seat, StoredRecord } from '../types';
import { ALREADY_EXISTS, codeOf, keyedId, SEATS, SENT_ONCE, SUBMISSIONS, WRITE_DEADLINE_MS } from './client';
import { inboxChanges, inboxFields, queue, recordData } from './shared';

// A seat for one add: a free number chosen at random (so concurrent adds rarely pick the same one),
// whose document is created first in the record's batch, so a seat taken meanwhile refuses the batch.
function seatFor(db: Firestore, seat: Seat, recordId: string) {
  checkSeat(seat);
  let ref: DocumentReference | null = null;
  return {
    async choose() {
      const taken = new Set(
        (await db.collection(SEATS).where('key', '==', seat.key).get()).docs.map((doc) => doc.get('n') as number),
      );
      const free = Array.from({ length: seat.capacity }, (_, i) => i + 1).filter((n) => !taken.has(n));
      if (free.length === 0 || taken.size >= seat.capacity) throw new FullError(seat.key);
      const n = free[Math.floor(Math.random() * free.length)]!;
      ref = db.collection(SEATS).doc(`${seat.key}:${n}`);
      return { ref, data: { key: seat.key, n, recordId, date: Date.now() } };
    },
    // After a refused batch. The emulator keeps the writes of a refused batch that came before the
    // refused one (Firestore keeps none): a seat left so by this add is removed, as the batch would
    // have left nothing.
    async undo() {
      const doc = await ref!.get();
      if (doc.exists && doc.get('recordId') === recordId) await ref!.delete();
    },
    // Each refusal of a seat means another add took one, so a few more tries than seats suffice.
    tries: seat.capacity + 10,
  };
}

// Documents with generated ids in the spec's collections. A record, its markers, its seat and its
// outbox messages go in one batch.
export function recordStore(db: Firestore): RecordStore {
  const subscriberRef = (email: string) => db.collection('newsletter').doc(keyedId(subscriberKey(email)));

  return {
    async add(collection, data, addOptions = {}) {
      const col = db.collection(collection);
      // With a unique key the document id derives from it, so create() refuses a second one atomically.
      const ref: DocumentReference =
        addOptions.uniqueKey === undefined ? col.doc() : col.doc(keyedId(addOptions.uniqueKey));
      // A submission's key and a once-only message's key are marker documents in the same batch:
      // create() refuses a marker that exists, and with it the whole batch.
      const submission =
        addOptions.submissionKey === undefined
          ? null
          : db.collection(SUBMISSIONS).doc(keyedId(addOptions.submissionKey));
      const onceMarker = (key: string) => db.collection(SENT_ONCE).doc(keyedId(key));
      const seat = addOptions.seat ? seatFor(db, addOptions.seat, ref.id) : null;
      let seatDoc = await seat?.choose();

      // Markers go first: Firestore commits a batch whole or not at all, and the emulator used in tests
      // at least stops at the first refused write. The messages queued are those not dropped (a
      // once-only one whose marker exists), the staff's note in its held-back words when one was.
      const all = addOptions.mails ?? [];
      const dropped = new Set<NewMail>();
      const commit = () => {
        const now = Date.now();
        const batch = db.batch();
        if (seatDoc) batch.create(seatDoc.ref, seatDoc.data);
        for (const { onceKey, to } of all.filter((m) => !dropped.has(m))) {
          if (onceKey !== undefined) batch.create(onceMarker(onceKey), { date: now, recipient: recipientDigest(to) });
        }
        if (submission) batch.create(submission, { collection, recordId: ref.id, date: now });
        batch.create(ref, { ...data, ...inboxFields(ref.id, data) });
        queue(
          db,
          batch,
          ref.id,
          settleHeldBack(all, (m) => dropped.has(m)),
        );
        return withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
      };

      // On a refused batch, find out which document was there: the record itself (a repeat), or only
      // some once-only message's marker, in which case the record goes in without that message.
      for (let attempt = 1; ; attempt++) {
        try {
          await commit();
          break;
        } catch (error) {
          if (codeOf(error) !== ALREADY_EXISTS) throw error;
          await seat?.undo();
          const repeat =
            (submission !== null && (await submission.get()).exists) ||
            (addOptions.uniqueKey !== undefined && (await ref.get()).exists);
          if (repeat) throw new DuplicateError(collection);
          const once = all.filter((m) => m.onceKey !== undefined && !dropped.has(m));
          const taken = await Promise.all(once.map(async (m) => (await onceMarker(m.onceKey!).get()).exists));
          if (seat && !taken.some(Boolean)) {
            // Not a once-only message: the seat was taken meanwhile. Another free one, FullError if none.
            if (--seat.tries < 0) throw error;
            seatDoc = await seat.choose();
            attempt -= 1;
            continue;
          }
          if (once.length === 0 || attempt === 3) throw error;
          once.forEach((m, i) => taken[i] && dropped.add(m));
        }
      }
      return { id: ref.id };
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
    async seatsTaken(key) {
      return (await db.collection(SEATS).where('key', '==', key).count().get()).data().count;
    },
  };
}
