import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

import type { OfferStore, SeatOffer } from '../types';
import { codeOf, NOT_FOUND, OFFER_ENDS, SEAT_OFFERS, SEAT_RELEASES, SEATS, WAITLIST, WAITLIST_EXITS } from './client';
import { commitExclusive, holdOf, isRefused, type Exclusive } from './exclusive';
import { freeSeat, seatDoc, ticketOf, TRIES } from './seats';
import { inboxChanges, queue, writeAudit } from './shared';

// An offer with its end, if it has one.
async function offerWithEnd(db: Firestore, doc: DocumentSnapshot): Promise<SeatOffer> {
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
}

// Offers of freed seats, made and ended once each: a ticket's exit and an offer's end are keyed
// documents created in the change's batch (exclusive.ts).
export function offerStore(db: Firestore): OfferStore {
  const offerRef = (key: string, position: number) => db.collection(SEAT_OFFERS).doc(`${key}:${position}`);
  const withEnd = (doc: DocumentSnapshot) => offerWithEnd(db, doc);

  return {
    async offers(key) {
      const docs = (await db.collection(SEAT_OFFERS).where('key', '==', key).get()).docs;
      const offers = await Promise.all(docs.map(withEnd));
      return offers.sort((a, b) => a.offeredAt - b.offeredAt || a.position - b.position);
    },
    async lapsedOffers(now) {
      // Single-field query on the offers still open; their expiry is checked here.
      const docs = (await db.collection(SEAT_OFFERS).where('open', '==', true).get()).docs;
      const lapsed = docs.filter((doc) => (doc.get('expiresAt') as number) <= now);
      return (await Promise.all(lapsed.map(withEnd))).filter((offer) => offer.outcome === null);
    },

    async offerSeat(ticket, capacity, offer, changes, mails) {
      const { key, position } = ticket;
      for (let attempt = 1; ; attempt++) {
        const doc = await db.collection(WAITLIST).doc(`${key}:${position}`).get();
        if (!doc.exists || doc.get('open') !== true) return 'gone';
        const { recordId, collection } = ticketOf(doc);
        const record = await db.collection(collection).doc(recordId).get();
        if (!record.exists) return 'gone';
        const n = await freeSeat(db, key, capacity);
        if (n === undefined) return 'full';
        const now = Date.now();
        const seat = seatDoc(db, key, n, recordId);
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
        const { recordId, collection, key, n } = await withEnd(doc);
        const record = await db.collection(collection).doc(recordId).get();
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
  };
}
