import { randomUUID } from 'node:crypto';

import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

import { isRecordId } from '../rules';
import type { CheckIn, Collection, PlacesStore, RecordData, SeatOffer, WaitingTicket } from '../types';
import {
  ALREADY_EXISTS,
  CHECK_INS,
  codeOf,
  NOT_FOUND,
  OFFER_ENDS,
  SEAT_OFFERS,
  SEAT_RELEASES,
  SEATS,
  WAITLIST,
  WAITLIST_EXITS,
} from './client';
import {
  commitExclusive,
  holdOf,
  inboxChanges,
  isRefused,
  leaving,
  queue,
  recordData,
  writeAudit,
  type Exclusive,
} from './shared';

// A change that lost to another instance's (a seat, a ticket or an offer's end created meanwhile) is
// read again and tried again, a few times at most.
const TRIES = 5;

const ticketOf = (doc: DocumentSnapshot): WaitingTicket => ({
  key: doc.get('key') as string,
  position: doc.get('position') as number,
  collection: doc.get('collection') as Collection,
  recordId: doc.get('recordId') as string,
  date: doc.get('date') as number,
});

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

// Waiting lists, offers and check-ins. Firestore (and the emulator the tests use) gives no isolated
// transactions here: every change that must happen once is the creation of a keyed document in its
// batch (lib/storage/firestore/client.ts names them), and a document that exists refuses the batch.
export function placesStore(db: Firestore): PlacesStore {
  const ticketRef = (key: string, position: number) => db.collection(WAITLIST).doc(`${key}:${position}`);
  const offerRef = (key: string, position: number) => db.collection(SEAT_OFFERS).doc(`${key}:${position}`);
  const recordRef = (collection: Collection, id: string) => db.collection(collection).doc(id);

  // An offer with its end, if it has one.
  const offerWithEnd = async (doc: DocumentSnapshot): Promise<SeatOffer> => {
    const end = await db.collection(OFFER_ENDS).doc(doc.id).get();
    return {
      key: doc.get('key'),
      position: doc.get('position'),
      collection: doc.get('collection'),
      recordId: doc.get('recordId'),
      n: doc.get('n'),
      offeredAt: doc.get('offeredAt'),
      expiresAt: doc.get('expiresAt'),
      outcome: end.exists ? (end.get('outcome') as SeatOffer['outcome']) : null,
      endedAt: end.exists ? (end.get('at') as number) : null,
    };
  };

  // A free seat's number under the key, or undefined when all are taken (the lowest, so that two
  // instances filling seats at once meet on one and the loser moves on).
  const freeSeat = async (key: string, capacity: number) => {
    const taken = new Set((await db.collection(SEATS).where('key', '==', key).get()).docs.map((d) => d.get('n')));
    if (taken.size >= capacity) return undefined;
    return Array.from({ length: capacity }, (_, i) => i + 1).find((n) => !taken.has(n));
  };

  const seatDoc = (key: string, n: number, recordId: string): Exclusive => ({
    ref: db.collection(SEATS).doc(`${key}:${n}`),
    data: { key, n, recordId, holdId: randomUUID(), date: Date.now() },
  });

  return {
    async seatsTaken(key) {
      return (await db.collection(SEATS).where('key', '==', key).count().get()).data().count;
    },
    async waitingList(key) {
      const docs = (await db.collection(WAITLIST).where('key', '==', key).where('open', '==', true).get()).docs;
      return docs.map(ticketOf).sort(byPosition);
    },
    async offers(key) {
      const docs = (await db.collection(SEAT_OFFERS).where('key', '==', key).get()).docs;
      const offers = await Promise.all(docs.map(offerWithEnd));
      return offers.sort((a, b) => a.offeredAt - b.offeredAt || a.position - b.position);
    },
    async lapsedOffers(now) {
      // Single-field query on the offers still open; their expiry is checked here.
      const docs = (await db.collection(SEAT_OFFERS).where('open', '==', true).get()).docs;
      const lapsed = docs.filter((doc) => (doc.get('expiresAt') as number) <= now);
      return (await Promise.all(lapsed.map(offerWithEnd))).filter((offer) => offer.outcome === null);
    },

    async offerSeat(ticket, capacity, offer, changes, mails) {
      const { key, position } = ticket;
      for (let attempt = 1; ; attempt++) {
        const doc = await ticketRef(key, position).get();
        if (!doc.exists || doc.get('open') !== true) return 'gone';
        const { recordId, collection } = ticketOf(doc);
        const record = await recordRef(collection, recordId).get();
        if (!record.exists) return 'gone';
        const n = await freeSeat(key, capacity);
        if (n === undefined) return 'full';
        const now = Date.now();
        const seat = seatDoc(key, n, recordId);
        const update = { ...changes, booking: 'offered' };
        try {
          // The ticket's exit first: a ticket already offered or left refuses the batch before its seat.
          await commitExclusive(
            db,
            [
              { ref: db.collection(WAITLIST_EXITS).doc(doc.id), data: { recordId, how: 'offered', at: now } },
              seat,
              {
                ref: offerRef(key, position),
                data: {
                  key,
                  position,
                  collection,
                  recordId,
                  n,
                  holdId: seat.data.holdId,
                  offeredAt: offer.at,
                  expiresAt: offer.expiresAt,
                  open: true,
                },
              },
            ],
            (batch) => {
              batch.update(record.ref, { ...update, ...inboxChanges(record, update) });
              batch.update(doc.ref, { open: false });
              queue(db, batch, recordId, mails);
            },
          );
          return 'offered';
        } catch (error) {
          if (!isRefused(error)) throw error;
          if ((await db.collection(WAITLIST_EXITS).doc(doc.id).get()).exists) return 'gone';
          if (codeOf(error) === NOT_FOUND || attempt >= capacity + TRIES) return 'gone';
        }
      }
    },

    async endOffer(where, outcome, at, changes, mails = [], audit) {
      for (let attempt = 1; ; attempt++) {
        const doc = await offerRef(where.key, where.position).get();
        if (!doc.exists || doc.get('open') !== true) return false;
        if (outcome === 'claimed' && at >= (doc.get('expiresAt') as number)) return false;
        const { recordId, collection, key, n } = await offerWithEnd(doc);
        const record = await recordRef(collection, recordId).get();
        const creates: Exclusive[] = [
          { ref: db.collection(OFFER_ENDS).doc(doc.id), data: { key, recordId, outcome, at } },
        ];
        const seat = db.collection(SEATS).doc(`${key}:${n}`);
        const held = await seat.get();
        const ours = held.exists && holdOf(held) === doc.get('holdId');
        if (outcome === 'expired' && ours) {
          creates.push({ ref: db.collection(SEAT_RELEASES).doc(holdOf(held)), data: { recordId, date: at } });
        }
        const update = { ...changes, booking: outcome === 'claimed' ? 'registered' : 'passed' };
        try {
          await commitExclusive(db, creates, (batch) => {
            batch.update(doc.ref, { open: false });
            if (outcome === 'expired' && ours) batch.delete(seat);
            if (record.exists) {
              batch.update(record.ref, { ...update, ...inboxChanges(record, update) });
              queue(db, batch, recordId, mails);
            }
            writeAudit(db, batch, audit);
          });
          return true;
        } catch (error) {
          if (!isRefused(error)) throw error;
          if ((await db.collection(OFFER_ENDS).doc(doc.id).get()).exists || attempt >= TRIES) return false;
        }
      }
    },

    async takeSeat(collection, id, seat, changes, mails = [], audit) {
      if (!isRecordId(id)) return 'gone';
      for (let attempt = 1; ; attempt++) {
        const record = await recordRef(collection, id).get();
        if (!record.exists) return 'gone';
        const before = recordData(record);
        const update = { ...changes, booking: 'registered' };
        const held = (await db.collection(SEATS).where('recordId', '==', id).get()).docs.some(
          (doc) => doc.get('key') === seat.key,
        );
        const n = held ? undefined : await freeSeat(seat.key, seat.capacity);
        if (!held && n === undefined) return 'full';
        const leave = await leaving(db, id, before, { ...before, ...update });
        try {
          await commitExclusive(
            db,
            [...(n === undefined ? [] : [seatDoc(seat.key, n, id)]), ...leave.creates],
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
        const record = await recordRef(collection, id).get();
        if (!record.exists) return null;
        const before = recordData(record);
        const tickets = (await db.collection(WAITLIST).where('key', '==', key).get()).docs;
        position = Math.max(position, ...tickets.map((doc) => doc.get('position') as number)) + 1;
        const update = { ...changes, booking: 'waiting', waitPosition: position };
        // Everything it held is left first: a seat, an open offer, an older ticket.
        const leave = await leaving(db, id, before, { booking: 'joining' });
        const ticket = { key, position, collection, recordId: id, open: true, date: Date.now() };
        try {
          await commitExclusive(db, [{ ref: ticketRef(key, position), data: ticket }, ...leave.creates], (batch) => {
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

    async checkIn(collection, id, key, at, by, audit) {
      if (!isRecordId(id)) return null;
      const ref = db.collection(CHECK_INS).doc(id);
      const earlier = async () => {
        const doc = await ref.get();
        return doc.exists ? { checkIn: checkInOf(doc), first: false } : null;
      };
      const found = await earlier();
      if (found) return found;
      const record = await recordRef(collection, id).get();
      if (!record.exists) return null;
      const update: RecordData = { checkedInAt: at, checkedInBy: by };
      try {
        await commitExclusive(db, [{ ref, data: { recordId: id, key, at, by } }], (batch) => {
          batch.update(record.ref, { ...update, ...inboxChanges(record, update) });
          writeAudit(db, batch, audit);
        });
      } catch (error) {
        if (codeOf(error) === ALREADY_EXISTS) return earlier();
        if (codeOf(error) === NOT_FOUND) return null;
        throw error;
      }
      return { checkIn: { recordId: id, key, at, by }, first: true };
    },
    async checkIns(key) {
      const docs = (await db.collection(CHECK_INS).where('key', '==', key).get()).docs;
      return docs.map(checkInOf).sort((a, b) => a.at - b.at);
    },
  };
}

const checkInOf = (doc: DocumentSnapshot): CheckIn => ({
  recordId: doc.get('recordId'),
  key: doc.get('key'),
  at: doc.get('at'),
  by: doc.get('by'),
});
