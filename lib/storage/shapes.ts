import type { Collection, PayableCollection } from './collections';

// What the stores keep and take: records, mails, seats, sessions, jobs and the inbox's questions
// (waiting lists, offers and check-ins are in places.ts).

export type RecordData = Record<string, string | number | boolean | null>;

export interface StoredRecord {
  id: string;
  data: RecordData;
}

// A message waiting in the outbox, written in the same commit as the record it is about.
export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  // `encoding: 'base64'` for binary content; `cid` names an attachment the HTML shows (a QR code).
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64'; cid?: string }[];
  // At most one message is ever queued under this key: a later one with the same key is dropped while
  // its record is still stored (a visitor's confirmation, once per address, item, language and day).
  onceKey?: string;
  // At most `limit` messages with this key are ever queued (confirmations to one address in one day, from
  // every form together): each takes one of `limit` numbered markers, and one finding all of them taken
  // is dropped as a once-only one is, its record still stored.
  dailyCap?: { key: string; limit: number };
  // This message's words when a once-only message of the same add is dropped: the staff's note then
  // says the visitor's confirmation was held back.
  ifHeldBack?: Pick<NewMail, 'subject' | 'text' | 'html'>;
  // Extra header lines, e.g. the newsletter's List-Unsubscribe (RFC 8058).
  headers?: Record<string, string>;
  // A letter to the community's mail to one person (lib/letters): queued without its body, which the
  // outbox worker's `prepare` renders when it sends it, after checking the person may still be mailed.
  letter?: { id: string; lang: string; list: 'newsletter' | 'registrants' | 'test' };
}

export interface OutboxMail extends NewMail {
  id: string;
  recordId: string;
  attempts: number;
}

export interface OutboxCounts {
  pending: number;
  sent: number;
  failed: number;
}

export interface AddOptions {
  // The record's id, chosen by the caller (a form's mails carry links and codes made from it); a new
  // one is generated without it. It must have the shape of RECORD_ID (rules.ts).
  id?: string;
  // Refuse a second record with the same key in this collection (e.g. a newsletter address).
  uniqueKey?: string;
  // One record per person and item: while a record of this collection with `field` equal to `item` and
  // this address (any case, rules.ts `payerKey`) still stands for its person (`standsFor`), records
  // stored before this option included, a second add stores nothing and is refused with RegisteredError
  // naming that record; a submission key seen before is still a DuplicateError.
  payer?: Payer;
  // The identity of a submission: a second add with the same key (a retry, a double click, a refreshed
  // answer page) stores nothing and is refused with DuplicateError.
  submissionKey?: string;
  // Mails to send about this record: committed together with it, or not at all.
  mails?: NewMail[];
  // One of `capacity` seats under `key` (e.g. 'event:baobab-hackathon'), committed together with the
  // record: when every seat is taken nothing is stored and the add is refused with FullError. The
  // seat is freed when the record is forgotten or purged (see Store.seatsTaken).
  seat?: Seat;
}

export interface Payer {
  field: string;
  item: string;
  email: string;
}

// Seats are exclusive by construction on every store: numbered seat rows (SQLite, inside the add's
// write transaction) or documents created with create() in the record's batch (Firestore), so two
// instances can never both take the last one. A seat is held by a registration or by an offer made to
// someone waiting (SeatOffer), and freed as soon as its record holds none (`holdsSeat`, rules.ts).
export interface Seat {
  key: string;
  capacity: number;
  // With a waiting list: when every seat is taken, or someone is already waiting, the record is stored
  // with `data` laid over it and these mails instead, at the end of the list (the add resolves to its
  // position); without one, such an add is refused with FullError.
  waitlist?: { data: RecordData; mails: NewMail[] };
  // Laid over the record only when it takes a seat: what a paid place owes (docs/product.md §14), which
  // a record on the waiting list does not owe until it is given one.
  seated?: RecordData;
}

// Where a registration with places stands (the record's `booking` field): absent on records written
// before waiting lists, which count as registered.
export const bookingStates = ['registered', 'waiting', 'offered', 'cancelled', 'passed'] as const;
export type BookingState = (typeof bookingStates)[number];

// A newsletter subscriber's life cycle: pending until the confirmation link is used. A subscriber kept
// from before confirmation existed has no status and counts as confirmed.
export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

// What the store holds about one email address (see Store.findEmail).
export interface EmailTraces {
  records: { collection: Collection; id: string; data: RecordData }[];
  mails: { id: string; to: string; subject: string; status: 'pending' | 'sent' | 'failed' }[];
  // Messages still waiting that carry other people's data too (a staff digest): only the rows naming
  // the address leave their CSV attachments; the message stays, its text (counts) unchanged.
  redacted: { id: string; to: string; subject: string; rows: number }[];
  // Once-only markers of confirmations sent to the address (kept as digests, for a day).
  markers: number;
}

export interface PurgeOptions {
  // The date field compared with `before` (default 'date', the submission date).
  dateField?: string;
  // Only records whose `status` field (or `statusField`) has this value.
  status?: string;
  statusField?: string;
}

// The staff workspace (lib/staff/). A signed-in staff member's session, kept by the sha-256 of the
// cookie's value, so a copy of the store signs nobody in.
export interface StaffSession {
  id: string;
  email: string;
  createdAt: number;
  seenAt: number;
}

// What staff made of a submission: new until handled or marked as spam. Kept on the record itself
// (`staffStatus`, absent while new), beside who changed it and when, and a staff-only note.
export const submissionStatuses = ['new', 'handled', 'spam'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

// A record's payment (docs/product.md §14), kept on the record itself beside the visitor's fields, for
// the records of a course with a fee and of an offer: `payStatus`, the amount in the currency's subunit
// (`payAmount`) and `payCurrency`, fixed when the record is stored, and `payReference`, the server's, one
// per record. Once paid: `paidAt`, `payMethod` (the provider's name, or 'hand' for a payment staff
// marked, with `payNote` and `paidBy`) and `payChannel` (card, mobile money…). `payStartedAt` and
// `payUrl` say when the visitor was first sent to the provider and to which page; `payRemindedAt` when
// staff last mailed a reminder; a refund adds `refundedAt`, `refundedBy` and `refundNote`. A record
// stored before payments existed has none of them until staff mark it.
export const paymentStatuses = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentFields = [
  'payStatus',
  'payAmount',
  'payCurrency',
  'payReference',
  'paidAt',
  'payMethod',
  'payChannel',
  'payNote',
  'paidBy',
  'payStartedAt',
  'payUrl',
  'payRemindedAt',
  'refundedAt',
  'refundedBy',
  'refundNote',
  // The currency the visitor chose, for an item sold in several (a registration waiting for its place
  // is charged in it once it takes one).
  'payIn',
] as const;

// A record of a form that takes payments, as the payments' store methods return it.
export interface PayableRecord extends StoredRecord {
  collection: PayableCollection;
}

// What settles a payment, once per record: the payment itself, or its refund (PaymentStore).
export type Settlement = 'paid' | 'refunded';

export interface InboxQuery {
  collection?: Collection;
  // Without `collection`: only these forms (the triage queue leaves the newsletter out).
  collections?: readonly Collection[];
  status?: SubmissionStatus;
  // Without `status`: spam left out.
  notSpam?: boolean;
  // Records assigned to this staff address, or with '' those assigned to nobody.
  assignee?: string;
  // With a collection only: the value of its item field (course, event or offer).
  item?: { field: string; value: string };
  // The language the visitor used.
  lang?: string;
  // With a collection that takes payments only: records whose payment is in this state.
  payStatus?: PaymentStatus;
  // A search term (lib/storage/search.ts): records with a word that starts with it, or with exactly
  // that address when exact.
  term?: { text: string; exact: boolean };
  // Keyset paging: only records after this one in the inbox's order (newest first, then by id).
  after?: InboxCursor;
  // Only records dated before this (ms).
  before?: number;
  // Only records dated at or after this (ms).
  since?: number;
  limit: number;
}

// A record's place in the inbox: by date, then by id, so records of the same millisecond keep an order
// and none is skipped at a page's edge.
export interface InboxCursor {
  date: number;
  id: string;
}

export interface InboxRecord extends StoredRecord {
  collection: Collection;
}

// A claimed job: its name, when it was claimed, and what it covered.
export interface JobData extends RecordData {
  name: string;
  at: number;
}

// Who may do what in the staff workspace (lib/team/roles.ts): every member of the team has one role.
export const staffRoles = ['admin', 'editor', 'staff', 'door'] as const;
export type StaffRole = (typeof staffRoles)[number];

// A colleague added in the browser by an admin. The first admins are named by STAFF_EMAILS instead.
export interface TeamMember {
  email: string;
  role: StaffRole;
  addedBy: string;
  addedAt: number;
  // A door member limited to these events (their slugs); without it, every event (issue 43).
  events?: string[];
}

// One entry of a record's thread: a staff note, or a reply mailed to the visitor (with the outbox mail
// it went as, whose state the thread shows). Entries are only ever added, so none overwrites another.
export interface ThreadEntry {
  id: string;
  recordId: string;
  at: number;
  by: string;
  kind: 'note' | 'reply';
  text: string;
  mailId?: string;
}

export type NewThreadEntry = Pick<ThreadEntry, 'at' | 'by' | 'kind' | 'text'>;
