import { randomUUID } from 'node:crypto';

import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

import { FullError } from '../errors';
import { checkSeat } from '../rules';
import type { Collection, Seat, WaitingTicket } from '../types';
import { SEATS, WAITLIST } from './client';
import type { Exclusive } from './exclusive';

// Seats and waiting-list tickets as documents: what an add takes (placeFor), and what the waiting list
// and its offers (waiting-list.ts, offers.ts) read and create.

// A change that lost to another instance's (a seat, a ticket or an offer's end created meanwhile) is
// read again and tried again, a few times at most.
export const TRIES = 5;

export const ticketOf = (doc: DocumentSnapshot): WaitingTicket => ({
  key: doc.get('key') as string,
  position: doc.get('position') as number,
  collection: doc.get('collection') as Collection,
  recordId: doc.get('recordId') as string,
  date: doc.get('date') as number,
});

// A free seat's number under the key, or undefined when all are taken (the lowest, so that two
// instances filling seats at once meet on one and the loser moves on).
export async function freeSeat(db: Firestore, key: string, capacity: number) {
  const taken = new Set((await db.collection(SEATS).where('key', '==', key).get()).docs.map((d) => d.get('n')));
  if (taken.size >= capacity) return undefined;
  return Array.from({ length: capacity }, (_, i) => i + 1).find((n) => !taken.has(n));
}

export const seatDoc = (db: Firestore, key: string, n: number, recordId: string): Exclusive => ({
  ref: db.collection(SEATS).doc(`${key}:${n}`),
  data: { key, n, recordId, holdId: randomUUID(), date: Date.now() },
});

// A seat for one add: a free number chosen at random (so concurrent adds rarely pick the same one),
// whose document is created first in the record's batch, so a seat taken meanwhile refuses the batch.
// With a waiting list, the add takes the list's next ticket instead once no seat is free or someone
// waits: a ticket document `<key>:<position>`, created the same way.
export function placeFor(db: Firestore, seat: Seat, recordId: string, collection: Collection) {
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
