import { randomUUID } from 'node:crypto';

import type { DocumentReference, DocumentSnapshot, Firestore, WriteBatch } from 'firebase-admin/firestore';

import { withDeadline } from '../errors';
import { holdsSeat, isWaiting } from '../rules';
import type { RecordData } from '../types';
import {
  ALREADY_EXISTS,
  codeOf,
  NOT_FOUND,
  OFFER_ENDS,
  SEAT_OFFERS,
  SEAT_RELEASES,
  SEATS,
  WAITLIST,
  WAITLIST_EXITS,
  WRITE_DEADLINE_MS,
} from './client';

// How a change happens once across instances without isolated transactions: the creation of a keyed
// document in the change's batch, which Firestore refuses when another instance created it first.

// A document whose creation is what makes a change exclusive (a seat, a seat's release, a ticket's exit,
// an offer's end): created first in its batch, so that when it exists already Firestore refuses the
// batch, and another instance's change has won.
export interface Exclusive {
  ref: DocumentReference;
  data: Record<string, unknown>;
}

export const isRefused = (error: unknown) => codeOf(error) === ALREADY_EXISTS || codeOf(error) === NOT_FOUND;

// Commits the exclusive creations, then the rest. Firestore commits a batch whole or not at all; the
// emulator the tests use keeps the writes before a refused one, so after a refusal the documents this
// attempt created are taken back (each carries the attempt's id), as the batch would have left nothing.
export async function commitExclusive(
  db: Firestore,
  creates: Exclusive[],
  rest: (batch: WriteBatch) => void,
): Promise<void> {
  const attempt = randomUUID();
  const batch = db.batch();
  for (const { ref, data } of creates) batch.create(ref, { ...data, _attempt: attempt });
  rest(batch);
  try {
    await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
  } catch (error) {
    if (isRefused(error)) {
      for (const { ref } of creates) {
        const doc = await ref.get();
        if (doc.exists && doc.get('_attempt') === attempt) await ref.delete();
      }
    }
    throw error;
  }
}

// What a record leaves when a change makes it hold no seat or no longer wait (rules.ts): each seat it
// holds is released once (a release document per hold) and deleted, an open offer it held ends as
// declined, an open ticket is left (its exit created). Read now, written with the change.
export async function leaving(db: Firestore, recordId: string, before: RecordData, after: RecordData) {
  const creates: Exclusive[] = [];
  const writes: ((batch: WriteBatch) => void)[] = [];
  const now = Date.now();
  if (holdsSeat(before) && !holdsSeat(after)) {
    for (const seat of (await db.collection(SEATS).where('recordId', '==', recordId).get()).docs) {
      creates.push({ ref: db.collection(SEAT_RELEASES).doc(holdOf(seat)), data: { recordId, date: now } });
      writes.push((batch) => batch.delete(seat.ref));
    }
    for (const offer of (await openOf(db, SEAT_OFFERS, recordId)).docs) {
      const end = { key: offer.get('key'), recordId, outcome: 'declined', at: now };
      creates.push({ ref: db.collection(OFFER_ENDS).doc(offer.id), data: end });
      writes.push((batch) => batch.update(offer.ref, { open: false }));
    }
  }
  if (isWaiting(before) && !isWaiting(after)) {
    for (const ticket of (await openOf(db, WAITLIST, recordId)).docs) {
      creates.push({ ref: db.collection(WAITLIST_EXITS).doc(ticket.id), data: { recordId, how: 'left', at: now } });
      writes.push((batch) => batch.update(ticket.ref, { open: false }));
    }
  }
  return { creates, writes };
}

// A seat's hold: its own id, or for a seat taken before holds had one, the seat and its record (a record
// takes a given seat once under that older code).
export const holdOf = (seat: DocumentSnapshot) =>
  (seat.get('holdId') as string | undefined) ?? `${seat.id}.${seat.get('recordId')}`;

const openOf = (db: Firestore, collection: string, recordId: string) =>
  db.collection(collection).where('recordId', '==', recordId).where('open', '==', true).get();
