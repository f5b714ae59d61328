import type { BookingState, InboxRecord, NewMail, Payer, RecordData, Seat, StoredRecord } from './shapes';

// Rules both adapters follow, so the two stores answer alike.

// A stored record's id: what both stores generate, and all a URL or a form may name.
export const RECORD_ID = /^[\w-]{1,100}$/;
export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID.test(value);
}

export function subscriberKey(email: string): string {
  return email.trim().toLowerCase();
}

// One person's key for one item (AddOptions.payer): the item's value and the address as subscribers'
// are compared (trimmed, any case).
export function payerKey(item: string, email: string): string {
  return JSON.stringify([item, subscriberKey(email)]);
}

// The record among a person's records for one item (AddOptions.payer) that stands for them: the paid
// one, else the first stored; undefined when none stands. `rows` may hold others: they are left out.
export function standingRecord<R extends StoredRecord>(payer: Payer, rows: R[]): R | undefined {
  const theirs = rows.filter(
    (row) =>
      row.data[payer.field] === payer.item &&
      typeof row.data.email === 'string' &&
      subscriberKey(row.data.email) === subscriberKey(payer.email) &&
      standsFor(row.data),
  );
  const oldest = theirs.sort((a, b) => Number(a.data.date) - Number(b.data.date));
  return oldest.find((row) => row.data.payStatus === 'paid') ?? oldest[0];
}

// Whether a record still stands for its person's registration: not spam (a duplicate staff merged is
// kept as spam, `mergedInto`), not given back, not let pass. One that no longer stands lets the person
// register again.
export function standsFor(data: RecordData): boolean {
  return data.staffStatus !== 'spam' && data.booking !== 'cancelled' && data.booking !== 'passed';
}

// Job keys become document ids and file-safe names.
export function isJobKey(key: string): boolean {
  return /^[\w.:-]{1,200}$/.test(key);
}

// A seat's key becomes part of document ids, as job keys do; a capacity is a whole number of seats.
export function checkSeat(seat: Seat): void {
  if (!isJobKey(seat.key)) throw new Error(`Not a seat key: ${seat.key}`);
  if (!Number.isSafeInteger(seat.capacity) || seat.capacity < 0) throw new Error(`Not a capacity: ${seat.capacity}`);
}

// Whether a record holds one of its item's seats: a registration (older records have no `booking`) or
// an offer not yet ended, unless staff marked it as spam. Every change that leaves a record holding
// none frees its seat in the same commit, on both stores (a cancellation, spam, an offer ended).
export function holdsSeat(data: RecordData): boolean {
  const booking = (data.booking ?? 'registered') as BookingState;
  return data.staffStatus !== 'spam' && (booking === 'registered' || booking === 'offered');
}

// Whether a record still waits for a place (a waiting record marked as spam leaves the list).
export function isWaiting(data: RecordData): boolean {
  return data.staffStatus !== 'spam' && data.booking === 'waiting';
}

// The inbox's order, newest first: what both stores sort by and what merges their pages.
export function inboxOrder(a: InboxRecord, b: InboxRecord): number {
  const byDate = (b.data.date as number) - (a.data.date as number);
  return byDate !== 0 ? byDate : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

// The messages an add queues, given which once-only ones are dropped: the rest, and when one was
// dropped, the staff's note in its held-back words.
export function settleHeldBack(messages: NewMail[], dropped: (message: NewMail) => boolean): NewMail[] {
  const heldBack = messages.some(dropped);
  return messages
    .filter((message) => !dropped(message))
    .map(({ ifHeldBack, ...message }) => (heldBack && ifHeldBack ? { ...message, ...ifHeldBack } : message));
}
