import type { AuditEntry } from '../audit';
import type { Collection, NewMail, OfferStore, RecordData, SeatOffer, WaitingTicket } from '../types';
import type { Db } from './schema';
import { recordChanges, type SharedWriters } from './shared';

interface OfferRow {
  key: string;
  position: number;
  record_id: string;
  collection: Collection;
  n: number;
  offered_at: number;
  expires_at: number;
  outcome: SeatOffer['outcome'];
  ended_at: number | null;
}

const offerOf = (row: OfferRow): SeatOffer => ({
  key: row.key,
  position: row.position,
  collection: row.collection,
  recordId: row.record_id,
  n: row.n,
  offeredAt: row.offered_at,
  expiresAt: row.expires_at,
  outcome: row.outcome,
  endedAt: row.ended_at,
});

// Offers of freed seats, each made and ended in one immediate transaction: an offer is the ticket's
// row left, a seat row and an offer row together, and ends once (its outcome set while null).
export function offerStore(db: Db, shared: SharedWriters): OfferStore {
  const insertSeat = db.prepare('INSERT INTO seats (key, n, record_id) VALUES (?, ?, ?)');
  const freeSeat = db.prepare('DELETE FROM seats WHERE key = ? AND n = ? AND record_id = ?');
  const selectTicket = db.prepare('SELECT record_id, left_at FROM waitlist WHERE key = ? AND position = ?');
  const leaveTicket = db.prepare('UPDATE waitlist SET left_at = ? WHERE key = ? AND position = ?');
  const selectOffers = db.prepare('SELECT * FROM seat_offers WHERE key = ? ORDER BY offered_at, position');
  const selectOffer = db.prepare('SELECT * FROM seat_offers WHERE key = ? AND position = ?');
  const selectLapsed = db.prepare(
    'SELECT * FROM seat_offers WHERE outcome IS NULL AND expires_at <= ? ORDER BY expires_at',
  );
  const insertOffer = db.prepare(
    `INSERT INTO seat_offers (key, position, record_id, collection, n, offered_at, expires_at)
     VALUES (@key, @position, @recordId, @collection, @n, @at, @expiresAt)`,
  );
  const endOfferRow = db.prepare('UPDATE seat_offers SET outcome = ?, ended_at = ? WHERE key = ? AND position = ?');
  const { read, change } = recordChanges(db, shared);

  const offerSeat = db.transaction(
    (ticket: WaitingTicket, capacity: number, offer: { at: number; expiresAt: number }, changes, mails) => {
      const row = selectTicket.get(ticket.key, ticket.position) as { record_id: string; left_at: number | null };
      const before = row && row.left_at === null ? read(ticket.collection, row.record_id) : null;
      if (!before) return 'gone' as const;
      const n = shared.freeSeat(ticket.key, capacity);
      if (n === undefined) return 'full' as const;
      insertSeat.run(ticket.key, n, row.record_id);
      leaveTicket.run(offer.at, ticket.key, ticket.position);
      insertOffer.run({ ...ticket, recordId: row.record_id, n, at: offer.at, expiresAt: offer.expiresAt });
      change(row.record_id, before, { ...changes, booking: 'offered' });
      shared.queue(row.record_id, mails);
      return 'offered' as const;
    },
  );

  const endOffer = db.transaction(
    (
      where: { key: string; position: number },
      outcome: 'claimed' | 'expired',
      at: number,
      changes: RecordData,
      mails: NewMail[],
      audit?: AuditEntry,
    ) => {
      const row = selectOffer.get(where.key, where.position) as OfferRow | undefined;
      if (!row || row.outcome !== null || (outcome === 'claimed' && at >= row.expires_at)) return false;
      endOfferRow.run(outcome, at, where.key, where.position);
      if (outcome === 'expired') freeSeat.run(row.key, row.n, row.record_id);
      const before = read(row.collection, row.record_id);
      if (before) {
        change(row.record_id, before, { ...changes, booking: outcome === 'claimed' ? 'registered' : 'passed' });
        shared.queue(row.record_id, mails);
      }
      shared.audit(audit);
      return true;
    },
  );

  return {
    async offers(key) {
      return (selectOffers.all(key) as OfferRow[]).map(offerOf);
    },
    async lapsedOffers(now) {
      return (selectLapsed.all(now) as OfferRow[]).map(offerOf);
    },
    async offerSeat(ticket, capacity, offer, changes, mails) {
      return offerSeat.immediate(ticket, capacity, offer, changes, mails);
    },
    async endOffer(offer, outcome, at, changes, mails = [], audit) {
      return endOffer.immediate(offer, outcome, at, changes, mails, audit);
    },
  };
}
