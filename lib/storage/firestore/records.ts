import { randomUUID } from 'node:crypto';

import type { DocumentReference, Firestore } from 'firebase-admin/firestore';

import { DuplicateError, FullError, RegisteredError, withDeadline } from '../errors';
import { checkSeat, isRecordId, payerKey, settleHeldBack, standingRecord, standsFor, subscriberKey } from '../rules';
import { parseSearch } from '../search';
import { recipientDigest } from '../traces';
import type { Collection, NewMail, RecordStore, Seat, StoredRecord } from '../types';
import {
  ALREADY_EXISTS,
  codeOf,
  keyedId,
  PAYERS,
  SEATS,
  SENT_ONCE,
  SUBMISSIONS,
  WAITLIST,
  WRITE_DEADLINE_MS,
} from './client';
import { inboxChanges, inboxFields, queue, recordData } from './shared';

// A seat for one add: a free number chosen at random (so concurrent adds rarely pick the same one),
// whose document is created first in the record's batch, so a seat taken meanwhile refuses the batch.
// With a waiting list, the add takes the list's next ticket instead once no seat is free or someone
// waits: a ticket document `<key>:<position>`, created the same way.
function placeFor(db: Firestore, seat: Seat, recordId: string, collection: Collection) {
  checkSeat(seat);
  const holdId = randomUUID();
  let ref: DocumentReference | null = null;
  let position = 0;
  return {
    waiting: () => (position > 0 ? position : undefined),
    async choose(): Promise<{ ref: DocumentReference; data: Record<string, unknown> }> {
      if (position > 0) return ticket(position + 1);
      // Nobody takes a seat ahead of someone waiting for one: a freed seat is theirs (lib/places).
      const waiting = !(
        await db.collection(WAITLIST).where('key', '==', seat.key).where('open', '==', true).limit(1).get()
      ).empty;
      const taken = new Set(
        (await db.collection(SEATS).where('key', '==', seat.key).get()).docs.map((doc) => doc.get('n') as number),
      );
      const free = Array.from({ length: seat.capacity }, (_, i) => i + 1).filter((n) => !taken.has(n));
      if (waiting || free.length === 0 || taken.size >= seat.capacity) {
        if (seat.waitlist === undefined) throw new FullError(seat.key);
        const tickets = await db.collection(WAITLIST).where('key', '==', seat.key).get();
        return ticket(Math.max(0, ...tickets.docs.map((doc) => doc.get('position') as number)) + 1);
      }
      const n = free[Math.floor(Math.random() * free.length)]!;
      ref = db.collection(SEATS).doc(`${seat.key}:${n}`);
      return { ref, data: { key: seat.key, n, recordId, holdId, date: Date.now() } };
    },
    // After a refused batch. The emulator keeps the writes of a refused batch that came before the
    // refused one (Firestore keeps none): a seat or ticket left so by this add is removed, as the batch
    // would have left nothing.
    async undo() {
      const doc = await ref!.get();
      if (doc.exists && doc.get('recordId') === recordId) await ref!.delete();
    },
    // Each refusal of a seat or a ticket means another add took one, so a few more tries than seats
    // (and than people adding at once) suffice.
    tries: seat.capacity + 100,
  };

  function ticket(next: number) {
    position = next;
    ref = db.collection(WAITLIST).doc(`${seat.key}:${next}`);
    return { ref, data: { key: seat.key, position: next, collection, recordId, open: true, date: Date.now() } };
  }
}

// A person's key held by a record not found may be a batch being committed right now (the emulator
// writes a batch's documents one by one): it is taken back only once older than this.
const LOST_HOLDER_MS = 60_000;

// The record that stands for the person whose key document is `payer` (AddOptions.payer): its holder,
// or the record staff merged it into; 'released' when neither stands any more, and then the key is
// released (with its update time as a precondition, so a key taken again meanwhile stays on Firestore);
// 'free' when nobody else holds it (the batch was refused for another document).
async function standingFor(
  db: Firestore,
  collection: Collection,
  payer: DocumentReference,
  attempt: string,
): Promise<{ recordId: string } | 'released' | 'free'> {
  const doc = await payer.get();
  if (!doc.exists || doc.get('attempt') === attempt) return 'free';
  const holderId = doc.get('recordId') as string;
  const holder = await db.collection(collection).doc(holderId).get();
  if (!holder.exists && Date.now() - Number(doc.get('date')) < LOST_HOLDER_MS) return { recordId: holderId };
  if (holder.exists && standsFor(recordData(holder))) return { recordId: holderId };
  const merged = holder.exists ? holder.get('mergedInto') : undefined;
  if (typeof merged === 'string') {
    const kept = await db.collection(collection).doc(merged).get();
    if (kept.exists && standsFor(recordData(kept))) return { recordId: kept.id };
  }
  await payer.delete({ lastUpdateTime: doc.updateTime! });
  return 'released';
}

// Each refusal of a capped message's slot means another add took one: a few more tries than the slots.
const DAILY_SLOTS_RETRIES = 10;

// Documents with generated ids in the spec's collections. A record, its markers, its seat (or waiting
// ticket) and its outbox messages go in one batch.
export function recordStore(db: Firestore): RecordStore {
  const subscriberRef = (email: string) => db.collection('newsletter').doc(keyedId(subscriberKey(email)));

  return {
    async add(collection, data, addOptions = {}) {
      const col = db.collection(collection);
      if (addOptions.id !== undefined && !isRecordId(addOptions.id))
        throw new Error(`Not a record id: ${addOptions.id}`);
      // With a unique key the document id derives from it, so create() refuses a second one atomically.
      const ref: DocumentReference =
        addOptions.uniqueKey !== undefined
          ? col.doc(keyedId(addOptions.uniqueKey))
          : addOptions.id !== undefined
            ? col.doc(addOptions.id)
            : col.doc();
      // A submission's key and a once-only message's key are marker documents in the same batch:
      // create() refuses a marker that exists, and with it the whole batch.
      const submission =
        addOptions.submissionKey === undefined
          ? null
          : db.collection(SUBMISSIONS).doc(keyedId(addOptions.submissionKey));
      const onceMarker = (key: string) => db.collection(SENT_ONCE).doc(keyedId(key));
      // The person's key for the item: created in the batch, so a second record for them refuses it.
      const person = addOptions.payer;
      const payer = person
        ? db.collection(PAYERS).doc(keyedId(`${collection}\n${payerKey(person.item, person.email)}`))
        : null;
      // Their records stored before (those from before keys too), read along the inbox's index on the
      // address and the item: one that stands refuses the add, unless this is a repeat of a submission.
      const address = person && parseSearch(person.email);
      if (person && address?.exact) {
        const rows = (
          await col
            .where('_terms', 'array-contains', address.term)
            .where(person.field, '==', person.item)
            .orderBy('_order', 'desc')
            .limit(50)
            .get()
        ).docs.map((doc) => ({ id: doc.id, data: recordData(doc) }));
        const registered = standingRecord(person, rows);
        if (registered) {
          const first = submission && (await submission.get());
          if (first?.exists) throw new DuplicateError(collection, first.get('recordId') as string);
          throw new RegisteredError(collection, registered.id);
        }
      }
      const place = addOptions.seat ? placeFor(db, addOptions.seat, ref.id, collection) : null;
      let placeDoc = await place?.choose();

      // Markers go first: Firestore commits a batch whole or not at all, and the emulator used in tests
      // at least stops at the first refused write. The messages queued are those not dropped (a
      // once-only one whose marker exists), the staff's note in its held-back words when one was; on the
      // waiting list, the list's record and mails.
      const waitlist = addOptions.seat?.waitlist;
      const stored = () => {
        const position = place?.waiting();
        return position === undefined
          ? { data: { ...data, ...addOptions.seat?.seated }, mails: addOptions.mails ?? [] }
          : {
              data: { ...data, ...waitlist!.data, booking: 'waiting', waitPosition: position },
              mails: waitlist!.mails,
            };
      };
      const dropped = new Set<NewMail>();
      // The slot each capped message takes among its key's (NewMail.dailyCap): the first one free, read
      // before the commit, whose marker's creation makes it exclusive like a seat's.
      const slots = new Map<NewMail, number>();
      const capMarker = (m: NewMail, slot: number) => onceMarker(`${m.dailyCap!.key}#${slot}`);
      const chooseSlots = async (mails: NewMail[]) => {
        for (const m of mails.filter((mail) => mail.dailyCap && !dropped.has(mail) && !slots.has(mail))) {
          const { limit } = m.dailyCap!;
          const taken = await Promise.all(
            Array.from({ length: limit }, async (_, i) => (await capMarker(m, i + 1).get()).exists),
          );
          const free = taken.indexOf(false);
          if (free < 0) dropped.add(m);
          else slots.set(m, free + 1);
        }
      };
      let markers: DocumentReference[] = [];
      const attemptId = randomUUID();
      let payerTries = 3;
      const commit = async () => {
        const now = Date.now();
        const { data: record, mails } = stored();
        await chooseSlots(mails);
        const batch = db.batch();
        if (placeDoc) batch.create(placeDoc.ref, placeDoc.data);
        markers = [];
        if (payer) {
          batch.create(payer, { collection, recordId: ref.id, date: now, attempt: attemptId });
          markers.push(payer);
        }
        for (const m of mails.filter((mail) => !dropped.has(mail))) {
          const marker = { date: now, recipient: recipientDigest(m.to), attempt: attemptId };
          for (const markerRef of [
            ...(m.onceKey !== undefined ? [onceMarker(m.onceKey)] : []),
            ...(slots.has(m) ? [capMarker(m, slots.get(m)!)] : []),
          ]) {
            batch.create(markerRef, marker);
            markers.push(markerRef);
          }
        }
        if (submission) batch.create(submission, { collection, recordId: ref.id, date: now });
        batch.create(ref, { ...record, ...inboxFields(ref.id, record) });
        queue(
          db,
          batch,
          ref.id,
          settleHeldBack(mails, (m) => dropped.has(m)),
        );
        return withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
      };
      // The emulator keeps the writes of a refused batch before the refused one (Firestore keeps none):
      // the markers this add created are taken back, so that its next attempt does not find its own.
      const undoMarkers = async () => {
        for (const markerRef of markers) {
          const doc = await markerRef.get();
          if (doc.exists && doc.get('attempt') === attemptId) await markerRef.delete();
        }
      };

      // On a refused batch, find out which document was there: the record itself (a repeat), a seat or
      // ticket taken meanwhile, a capped message's slot taken meanwhile (another is chosen), or a once-only
      // message's marker, in which case the record goes in without that message.
      for (let attempt = 1; ; attempt++) {
        try {
          await commit();
          break;
        } catch (error) {
          if (codeOf(error) !== ALREADY_EXISTS) throw error;
          await place?.undo();
          await undoMarkers();
          const first = submission === null ? null : await submission.get();
          if (first?.exists) throw new DuplicateError(collection, first.get('recordId') as string);
          if (addOptions.uniqueKey !== undefined && (await ref.get()).exists) throw new DuplicateError(collection);
          if (payer) {
            const registered = await standingFor(db, collection, payer, attemptId);
            if (typeof registered === 'object') throw new RegisteredError(collection, registered.recordId);
            // A key released (its record no longer stands): the same attempt again.
            if (registered === 'released') {
              if (--payerTries < 0) throw error;
              attempt -= 1;
              continue;
            }
          }
          const live = stored().mails.filter((m) => !dropped.has(m));
          const once = live.filter((m) => m.onceKey !== undefined);
          const taken = await Promise.all(once.map(async (m) => (await onceMarker(m.onceKey!).get()).exists));
          const capped = live.filter((m) => slots.has(m));
          const slotTaken = await Promise.all(
            capped.map(async (m) => (await capMarker(m, slots.get(m)!).get()).exists),
          );
          if (place && !taken.some(Boolean) && !slotTaken.some(Boolean)) {
            // Not a message's marker: the seat or ticket was taken meanwhile. Another one (FullError
            // when no seat is left and there is no waiting list).
            if (--place.tries < 0) throw error;
            placeDoc = await place.choose();
            attempt -= 1;
            continue;
          }
          if ((once.length === 0 && capped.length === 0) || attempt === 3 + DAILY_SLOTS_RETRIES) throw error;
          once.forEach((m, i) => taken[i] && dropped.add(m));
          capped.forEach((m, i) => slotTaken[i] && slots.delete(m));
        }
      }
      const waiting = place?.waiting();
      return waiting === undefined ? { id: ref.id } : { id: ref.id, waiting };
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
