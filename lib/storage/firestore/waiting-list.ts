import type { Firestore } from 'firebase-admin/firestore';

import { isRecordId } from '../rules';
import type { WaitingListStore } from '../types';
import { SEATS, WAITLIST } from './client';
import { commitExclusive, isRefused, leaving } from './exclusive';
import { freeSeat, seatDoc, ticketOf, TRIES } from './seats';
import { inboxChanges, queue, recordData, writeAudit } from './shared';

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

// Seats held and the waiting list. Firestore (and the emulator the tests use) gives no isolated
// transactions here: every change that must happen once is the creation of a keyed document in its
// batch (lib/storage/firestore/client.ts names them), and a document that exists refuses the batch.
export function waitingListStore(db: Firestore): WaitingListStore {
  return {
    async seatsTaken(key) {
      return (await db.collection(SEATS).where('key', '==', key).count().get()).data().count;
    },
    async waitingList(key) {
      const docs = (await db.collection(WAITLIST).where('key', '==', key).where('open', '==', true).get()).docs;
      return docs.map(ticketOf).sort(byPosition);
    },

    async takeSeat(collection, id, seat, changes, mails = [], audit) {
      if (!isRecordId(id)) return 'gone';
      for (let attempt = 1; ; attempt++) {
        const record = await db.collection(collection).doc(id).get();
        if (!record.exists) return 'gone';
        const before = recordData(record);
        const update = { ...changes, booking: 'registered' };
        const held = (await db.collection(SEATS).where('recordId', '==', id).get()).docs.some(
          (doc) => doc.get('key') === seat.key,
        );
        const n = held ? undefined : await freeSeat(db, seat.key, seat.capacity);
        if (!held && n === undefined) return 'full';
        const leave = await leaving(db, id, before, { ...before, ...update });
        try {
          await commitExclusive(
            db,
            [...(n === undefined ? [] : [seatDoc(db, seat.key, n, id)]), ...leave.creates],
            (batch) => {
              batch.update(record.ref, { ...update, ...inboxChanges(record, update) });
              for (const write of leave.writes) write(batch);
              queue(db, batch, id, mails);
              writeAudit(db, batch, audit);
            },
          );
          return 'taken';
        } catch (error) {
          if (!isRefused(error)) throw error;
          if (attempt >= seat.capacity + TRIES) throw error;
        }
      }
    },

    async joinWaitingList(collection, id, key, changes, audit) {
      if (!isRecordId(id)) return null;
      let position = 0;
      for (let attempt = 1; ; attempt++) {
        const record = await db.collection(collection).doc(id).get();
        if (!record.exists) return null;
        const before = recordData(record);
        const tickets = (await db.collection(WAITLIST).where('key', '==', key).get()).docs;
        position = Math.max(position, ...tickets.map((doc) => doc.get('position') as number)) + 1;
        const update = { ...changes, booking: 'waiting', waitPosition: position };
        // Everything it held is left first: a seat, an open offer, an older ticket.
        const leave = await leaving(db, id, before, { booking: 'joining' });
        const ticket = { key, position, collection, recordId: id, open: true, date: Date.now() };
        const ref = db.collection(WAITLIST).doc(`${key}:${position}`);
        try {
          await commitExclusive(db, [{ ref, data: ticket }, ...leave.creates], (batch) => {
            batch.update(record.ref, { ...update, ...inboxChanges(record, update) });
            for (const write of leave.writes) write(batch);
            writeAudit(db, batch, audit);
          });
          return position;
        } catch (error) {
          if (!isRefused(error) || attempt >= 100) throw error;
        }
      }
    },
  };
}
