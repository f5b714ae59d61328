import { randomUUID } from 'node:crypto';

import type { CollectionReference, DocumentReference, Firestore } from 'firebase-admin/firestore';

import { DuplicateError, RegisteredError, withDeadline } from '../errors';
import { isRecordId, payerKey, standingRecord, standsFor } from '../rules';
import { parseSearch } from '../search';
import type { AddOptions, Collection, Payer, RecordData } from '../types';
import { ALREADY_EXISTS, codeOf, keyedId, PAYERS, SUBMISSIONS, WRITE_DEADLINE_MS } from './client';
import { mailMarkers } from './markers';
import { placeFor } from './seats';
import { inboxFields, queue, recordData } from './shared';

// RecordStore.add on Firestore: a record, its markers, its seat (or waiting ticket) and its outbox
// messages go in one batch, and each marker's creation refuses the batch when another add made it.

// A person's key held by a record not found may be a batch being committed right now (the emulator
// writes a batch's documents one by one): it is taken back only once older than this.
const LOST_HOLDER_MS = 60_000;

// Each refusal of a capped message's slot means another add took one: a few more tries than the slots.
const DAILY_SLOTS_RETRIES = 10;

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

// The person's records stored before (those from before keys too), read along the inbox's index on the
// address and the item: one that stands refuses the add, unless this is a repeat of a submission.
async function refuseStanding(
  col: CollectionReference,
  collection: Collection,
  person: Payer | undefined,
  submission: DocumentReference | null,
) {
  const address = person && parseSearch(person.email);
  if (!person || !address?.exact) return;
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

export async function addRecord(db: Firestore, collection: Collection, data: RecordData, addOptions: AddOptions) {
  const col = db.collection(collection);
  if (addOptions.id !== undefined && !isRecordId(addOptions.id)) throw new Error(`Not a record id: ${addOptions.id}`);
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
    addOptions.submissionKey === undefined ? null : db.collection(SUBMISSIONS).doc(keyedId(addOptions.submissionKey));
  // The person's key for the item: created in the batch, so a second record for them refuses it.
  const person = addOptions.payer;
  const payer = person
    ? db.collection(PAYERS).doc(keyedId(`${collection}\n${payerKey(person.item, person.email)}`))
    : null;
  await refuseStanding(col, collection, person, submission);
  const place = addOptions.seat ? placeFor(db, addOptions.seat, ref.id, collection) : null;
  let placeDoc = await place?.choose();

  // On the waiting list, the list's record and mails.
  const waitlist = addOptions.seat?.waitlist;
  const stored = () => {
    const position = place?.waiting();
    return position === undefined
      ? { data: { ...data, ...addOptions.seat?.seated }, mails: addOptions.mails ?? [] }
      : { data: { ...data, ...waitlist!.data, booking: 'waiting', waitPosition: position }, mails: waitlist!.mails };
  };
  const marks = mailMarkers(db);
  let created: DocumentReference[] = [];
  const attemptId = randomUUID();
  let payerTries = 3;
  // Markers go first: Firestore commits a batch whole or not at all, and the emulator used in tests
  // at least stops at the first refused write.
  const commit = async () => {
    const now = Date.now();
    const { data: record, mails } = stored();
    await marks.chooseSlots(mails);
    const batch = db.batch();
    if (placeDoc) batch.create(placeDoc.ref, placeDoc.data);
    created = [];
    if (payer) {
      batch.create(payer, { collection, recordId: ref.id, date: now, attempt: attemptId });
      created.push(payer);
    }
    created.push(...marks.create(batch, mails, now, attemptId));
    if (submission) batch.create(submission, { collection, recordId: ref.id, date: now });
    batch.create(ref, { ...record, ...inboxFields(ref.id, record) });
    queue(db, batch, ref.id, marks.queued(mails));
    return withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
  };
  // The emulator keeps the writes of a refused batch before the refused one (Firestore keeps none):
  // the markers this add created are taken back, so that its next attempt does not find its own.
  const undoMarkers = async () => {
    for (const markerRef of created) {
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
      const refused = await marks.refused(stored().mails);
      if (place && !refused.taken) {
        // Not a message's marker: the seat or ticket was taken meanwhile. Another one (FullError
        // when no seat is left and there is no waiting list).
        if (--place.tries < 0) throw error;
        placeDoc = await place.choose();
        attempt -= 1;
        continue;
      }
      if (!refused.keyed || attempt === 3 + DAILY_SLOTS_RETRIES) throw error;
      refused.settle();
    }
  }
  const waiting = place?.waiting();
  return waiting === undefined ? { id: ref.id } : { id: ref.id, waiting };
}
