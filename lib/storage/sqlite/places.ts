import type { AuditEntry } from '../audit';
import type { CheckIn, Collection, NewMail, PlacesStore, RecordData, SeatOffer, WaitingTicket } from '../types';
import type { Db } from './schema';
import type { SharedWriters } from './shared';

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

// Waiting lists, offers and check-ins, each change one immediate transaction (the write lock is taken
// before anything is counted, so another process on the file counts after this commit).
export function placesStore(db: Db, shared: SharedWriters): PlacesStore {
  const countSeats = db.prepare('SELECT COUNT(*) FROM seats WHERE key = ?').pluck();
  const seatOf = db.prepare('SELECT n FROM seats WHERE key = ? AND record_id = ?').pluck();
  const insertSeat = db.prepare('INSERT INTO seats (key, n, record_id) VALUES (?, ?, ?)');
  const freeSeat = db.prepare('DELETE FROM seats WHERE key = ? AND n = ? AND record_id = ?');
  const selectRecord = db.prepare('SELECT data FROM records WHERE collection = ? AND id = ?').pluck();
  const selectWaiting = db.prepare(
    `SELECT key, position, collection, record_id AS recordId, date FROM waitlist
     WHERE key = ? AND left_at IS NULL ORDER BY position`,
  );
  const selectTicket = db.prepare('SELECT record_id, left_at FROM waitlist WHERE key = ? AND position = ?');
  const leaveTicket = db.prepare('UPDATE waitlist SET left_at = ? WHERE key = ? AND position = ?');
  const leaveTickets = db.prepare('UPDATE waitlist SET left_at = ? WHERE record_id = ? AND left_at IS NULL');
  const lastTicket = db.prepare('SELECT MAX(position) FROM waitlist WHERE key = ?').pluck();
  const insertTicket = db.prepare(
    'INSERT INTO waitlist (key, position, record_id, collection, date) VALUES (?, ?, ?, ?, ?)',
  );
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
  const selectCheckIn = db.prepare('SELECT record_id AS recordId, key, at, by FROM check_ins WHERE record_id = ?');
  const selectCheckIns = db.prepare(
    'SELECT record_id AS recordId, key, at, by FROM check_ins WHERE key = ? ORDER BY at',
  );
  const insertCheckIn = db.prepare('INSERT INTO check_ins (record_id, key, at, by) VALUES (?, ?, ?, ?)');

  const read = (collection: Collection, id: string) => {
    const data = selectRecord.get(collection, id) as string | undefined;
    return data === undefined ? null : (JSON.parse(data) as RecordData);
  };
  // The record's new data, what it no longer holds freed (shared.rewrite).
  const change = (id: string, before: RecordData, changes: RecordData) =>
    shared.rewrite(id, { ...before, ...changes }, before);

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

  const takeSeat = db.transaction(
    (
      collection: Collection,
      id: string,
      seat: { key: string; capacity: number },
      changes: RecordData,
      mails: NewMail[],
      audit?: AuditEntry,
    ) => {
      const before = read(collection, id);
      if (!before) return 'gone' as const;
      if (seatOf.get(seat.key, id) === undefined) {
        const n = shared.freeSeat(seat.key, seat.capacity);
        if (n === undefined) return 'full' as const;
        insertSeat.run(seat.key, n, id);
      }
      change(id, before, { ...changes, booking: 'registered' });
      shared.queue(id, mails);
      shared.audit(audit);
      return 'taken' as const;
    },
  );

  const joinWaitingList = db.transaction(
    (collection: Collection, id: string, key: string, changes: RecordData, audit?: AuditEntry) => {
      const before = read(collection, id);
      if (!before) return null;
      const position = ((lastTicket.get(key) as number | null) ?? 0) + 1;
      // Leaving what it held first (a seat, an older ticket), then taking its new place.
      change(id, before, { ...changes, booking: 'waiting', waitPosition: position });
      leaveTickets.run(Date.now(), id);
      insertTicket.run(key, position, id, collection, Date.now());
      shared.audit(audit);
      return position;
    },
  );

  const checkIn = db.transaction(
    (collection: Collection, id: string, key: string, at: number, by: string, audit: AuditEntry) => {
      const first = selectCheckIn.get(id) as CheckIn | undefined;
      if (first) return { checkIn: first, first: false };
      const before = read(collection, id);
      if (!before) return null;
      insertCheckIn.run(id, key, at, by);
      change(id, before, { checkedInAt: at, checkedInBy: by });
      shared.audit(audit);
      return { checkIn: { recordId: id, key, at, by }, first: true };
    },
  );

  return {
    async seatsTaken(key) {
      return countSeats.get(key) as number;
    },
    async waitingList(key) {
      return selectWaiting.all(key) as WaitingTicket[];
    },
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
    async takeSeat(collection, id, seat, changes, mails = [], audit) {
      return takeSeat.immediate(collection, id, seat, changes, mails, audit);
    },
    async joinWaitingList(collection, id, key, changes, audit) {
      return joinWaitingList.immediate(collection, id, key, changes, audit);
    },
    async checkIn(collection, id, key, at, by, audit) {
      return checkIn.immediate(collection, id, key, at, by, audit);
    },
    async checkIns(key) {
      return selectCheckIns.all(key) as CheckIn[];
    },
  };
}
