import type { AuditEntry } from './audit';
import type { Collection } from './collections';
import type { NewMail, RecordData } from './shapes';

// Places of events and offers beyond the seat an add takes (shapes.ts, Seat): a ticket on the waiting
// list, an offer of a freed seat, a check-in, and the store's roles that keep them (PlacesStore).

// One place on a waiting list: a ticket numbered from 1 under the seat key, never reused, and left once,
// by an offer or by leaving the list.
export interface WaitingTicket {
  key: string;
  position: number;
  collection: Collection;
  recordId: string;
  date: number;
}

// A free seat held for the first person waiting, until they claim it or `expiresAt`: made in the same
// commit as the seat's hold, one per ticket, and ended exactly once.
export interface SeatOffer {
  key: string;
  position: number;
  collection: Collection;
  recordId: string;
  n: number;
  offeredAt: number;
  expiresAt: number;
  outcome: 'claimed' | 'expired' | 'declined' | null;
  endedAt: number | null;
}

// A guest let in at the door: when and by whom (a staff address). One per record, the first one kept.
export interface CheckIn {
  recordId: string;
  key: string;
  at: number;
  by: string;
}

// Places of events and offers beyond taking one with a record (RecordStore.add): waiting lists, offers
// of freed seats, seats taken again, check-ins. Each change is one commit with its record's changes,
// mails and audit entry; exclusivity rests on keyed rows or documents, so instances sharing a store
// never hold more seats than the capacity, offer one ticket twice, or end one offer twice.
export interface PlacesStore extends WaitingListStore, OfferStore, CheckInStore {}

// Seats held and the waiting list: a seat given to a stored record, a place at the list's end.
export interface WaitingListStore {
  // How many seats under this key are held: by registrations and by offers not yet ended.
  seatsTaken(key: string): Promise<number>;
  // The tickets of the people still waiting under this key, first first.
  waitingList(key: string): Promise<WaitingTicket[]>;
  // Gives a stored record a seat under `seat` (back from spam, promoted by staff), leaving the waiting
  // list if it was on it, with its changes, mails and entry: 'full' (nothing written) when none is free,
  // 'gone' when there is no such record. A record already holding a seat under the key keeps it.
  takeSeat(
    collection: Collection,
    id: string,
    seat: { key: string; capacity: number },
    changes: RecordData,
    mails?: NewMail[],
    audit?: AuditEntry,
  ): Promise<'taken' | 'full' | 'gone'>;
  // Puts a stored record at the end of the waiting list under `key` (its `booking` and `waitPosition`
  // set with `changes`): its position, or null when there is no such record.
  joinWaitingList(
    collection: Collection,
    id: string,
    key: string,
    changes: RecordData,
    audit?: AuditEntry,
  ): Promise<number | null>;
}

// Freed seats offered to the first person waiting, each offer ended once.
export interface OfferStore {
  // Every offer made under this key, in the order made.
  offers(key: string): Promise<SeatOffer[]>;
  // Open offers whose time had run out at `now`.
  lapsedOffers(now: number): Promise<SeatOffer[]>;
  // Holds a free seat for the person on this ticket and records the offer, with the record's changes
  // and the mails, in one commit: 'full' when no seat is free, 'gone' when the ticket was already left
  // (offered, left the list, or its record removed), and nothing is written then.
  offerSeat(
    ticket: WaitingTicket,
    capacity: number,
    offer: { at: number; expiresAt: number },
    changes: RecordData,
    mails: NewMail[],
  ): Promise<'offered' | 'full' | 'gone'>;
  // Ends an open offer, once whoever asks: claimed, its seat becomes the record's registration;
  // expired, its seat is freed. The record gets `changes`, committed with the mails and the entry.
  // False, with nothing written, when the offer is not open, or a claim comes at or after its expiry.
  endOffer(
    offer: { key: string; position: number },
    outcome: 'claimed' | 'expired',
    at: number,
    changes: RecordData,
    mails?: NewMail[],
    audit?: AuditEntry,
  ): Promise<boolean>;
}

// The door of the event.
export interface CheckInStore {
  // Lets a guest in once: the first check-in of a record is kept (with the record's `checkedInAt` and
  // `checkedInBy` and the entry, in one commit), a later one changes nothing and gets the first back.
  // Null when there is no such record.
  checkIn(
    collection: Collection,
    id: string,
    key: string,
    at: number,
    by: string,
    audit: AuditEntry,
  ): Promise<{ checkIn: CheckIn; first: boolean } | null>;
  checkIns(key: string): Promise<CheckIn[]>;
}
