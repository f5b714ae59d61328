import { createHash } from 'node:crypto';

import { collections, type FormCollection } from '@/lib/forms/collections';

// The storage interface every adapter implements. The collections are the forms' (lib/forms/collections.ts),
// under the spec's names, so the organisation's existing Firestore data stays readable (docs/product.md §3).
export { collections };
export type Collection = FormCollection;

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
  attachments?: { filename: string; contentType: string; content: string }[];
  // At most one message is ever queued under this key: a later one with the same key is dropped while
  // its record is still stored (a visitor's confirmation, once per address, item, language and day).
  onceKey?: string;
  // This message's words when a once-only message of the same add is dropped: the staff's note then
  // says the visitor's confirmation was held back.
  ifHeldBack?: Pick<NewMail, 'subject' | 'text' | 'html'>;
  // Extra header lines, e.g. the newsletter's List-Unsubscribe (RFC 8058).
  headers?: Record<string, string>;
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
  // Refuse a second record with the same key in this collection (e.g. a newsletter address).
  uniqueKey?: string;
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

// Seats are exclusive by construction on every store: numbered seat rows (SQLite, inside the add's
// write transaction) or documents created with create() in the record's batch (Firestore), so two
// instances can never both take the last one.
export interface Seat {
  key: string;
  capacity: number;
}

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

export interface Store {
  readonly kind: 'sqlite' | 'firestore';
  // Resolves once the record and its messages are durably committed.
  add(collection: Collection, data: RecordData, options?: AddOptions): Promise<{ id: string }>;
  // Records in the order they were submitted; `since` is a date in milliseconds.
  list(collection: Collection, options?: { since?: number }): Promise<StoredRecord[]>;

  // Takes up to `limit` due messages for `leaseMs`: until the lease ends no other worker gets them.
  claimMails(owner: string, now: number, limit: number, leaseMs: number): Promise<OutboxMail[]>;
  markSent(id: string, now: number): Promise<void>;
  // Another attempt at `retryAt`, or, when retryAt is null, no more attempts.
  markAttemptFailed(id: string, error: string, retryAt: number | null): Promise<void>;
  // Gives claimed messages back untried: no attempt counted, due again at once.
  releaseMails(ids: string[]): Promise<void>;
  // Makes every message waiting for a later retry due now; resolves to how many there were.
  retryWaitingNow(now: number): Promise<number>;
  outboxCounts(): Promise<OutboxCounts>;

  // Everything about an address, compared case-insensitively: records in every collection by their
  // `email` field (newsletter subscribers included), and outbox messages to it, replying to it, about
  // one of those records, or naming it anywhere in their content.
  findEmail(email: string): Promise<EmailTraces>;
  // Removes what findEmail finds (records, messages, and the address's once-only markers) and takes the
  // address's rows out of the attachments of the messages it lists as redacted; resolves to what it
  // found. A second call finds nothing. The audit entry made of what was found is written with the
  // removal (on Firestore, a forget of more than a batch holds is several commits: the entry goes in the
  // first, so no removal is ever left without its entry).
  forgetEmail(email: string, audit?: AuditOf<EmailTraces>): Promise<EmailTraces>;
  // forgetEmail for the address of one record, read by the store: null, with nothing written, when
  // there is no such record or it has no address.
  forgetRecord(collection: Collection, id: string, audit?: AuditOf<EmailTraces>): Promise<EmailTraces | null>;

  // The newsletter subscriber with this address (any case), or null.
  getSubscriber(email: string): Promise<StoredRecord | null>;
  // Merges `changes` into the subscriber's record, committed with `mails`; false if there is none.
  updateSubscriber(email: string, changes: RecordData, mails?: NewMail[]): Promise<boolean>;

  // Removes the records of a collection dated before `before` (ms), with their outbox messages;
  // resolves to how many records went.
  purgeRecords(collection: Collection, before: number, options?: PurgeOptions): Promise<number>;
  // Empties the bodies, reply-to and attachments of messages sent before `before`, keeping who and
  // what for the operator; resolves to how many were cleared.
  clearSentBodies(before: number): Promise<number>;
  // Removes the submission keys and once-only markers written before `before`: both name their day,
  // so after it they guard nothing; with them the outbox's claim records of that time (Firestore),
  // whose leases ended long before. Resolves to how many went.
  purgeMarkers(before: number): Promise<number>;

  // Runs a job at most once across every instance sharing this store: the first call with a key
  // (e.g. 'digest:2026-11-22') commits `data` and `mails` together and resolves to true; every
  // later call, from any process, resolves to false and writes nothing.
  // An audit entry given is committed with the claim, and only when the claim wins.
  claimJob(key: string, data: JobData, mails?: NewMail[], audit?: AuditEntry): Promise<boolean>;
  hasJob(key: string): Promise<boolean>;
  // The data of the latest claimed job of this name (by its `at`), or null.
  lastJob(name: string): Promise<JobData | null>;

  // Staff sessions: saved at sign-in, read and touched on every workspace request, deleted at sign-out
  // or when the address is no longer staff. An audit entry given is committed with the change: with a
  // deletion only when there was a session to delete (resolves to whether there was).
  saveSession(session: StaffSession, audit?: AuditEntry): Promise<void>;
  getSession(id: string): Promise<StaffSession | null>;
  touchSession(id: string, seenAt: number): Promise<void>;
  deleteSession(id: string, audit?: AuditEntry): Promise<boolean>;
  // Every staff session (a handful): for ending those of addresses no longer staff.
  listSessions(): Promise<StaffSession[]>;

  // Submissions of every form (or one), newest first, `limit` at most.
  inbox(query: InboxQuery): Promise<InboxRecord[]>;
  // Records written by older code get what this code's inbox reads (done once per store, at server
  // start; SQLite's migrations do it when the file is opened). How many records were changed.
  upgradeRecords(): Promise<number>;
  // How many records of a form there are, or with `field` equal to `value`.
  countRecords(collection: Collection, where?: { field: string; value: string }): Promise<number>;
  getRecord(collection: Collection, id: string): Promise<StoredRecord | null>;
  // Merges `changes` into the record, committed with the audit entry; false, with nothing written, if
  // there is none.
  updateRecord(collection: Collection, id: string, changes: RecordData, audit?: AuditEntry): Promise<boolean>;
  // The outbox mails about one record, with their state.
  mailsAbout(recordId: string): Promise<EmailTraces['mails']>;

  // The staff audit trail, newest first; entries dated before `before` are purged by retention.
  addAudit(entry: AuditEntry): Promise<void>;
  auditLog(limit: number): Promise<AuditEntry[]>;
  purgeAudit(before: number): Promise<number>;

  // How many seats under this key are held by stored records (see AddOptions.seat).
  seatsTaken(key: string): Promise<number>;

  ping(): Promise<void>;
  close(): Promise<void>;
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

export interface InboxQuery {
  collection?: Collection;
  status?: SubmissionStatus;
  // With a collection only: the value of its item field (course, event or offer).
  item?: { field: string; value: string };
  // The language the visitor used.
  lang?: string;
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

// The inbox's order, newest first: what both stores sort by and what merges their pages.
export function inboxOrder(a: InboxRecord, b: InboxRecord): number {
  const byDate = (b.data.date as number) - (a.data.date as number);
  return byDate !== 0 ? byDate : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export interface InboxRecord extends StoredRecord {
  collection: Collection;
}

// One line of the staff audit trail. `who` is a staff address, or empty when nobody known acted (a
// refused sign-in with a link not signed by this site); `what` is one of lib/staff/audit.ts's actions.
export interface AuditEntry {
  at: number;
  who: string;
  what: string;
  detail: string;
}

// The audit entry of a change whose outcome only the store knows (what a forget found).
export type AuditOf<T> = (result: T) => AuditEntry;

// A claimed job: its name, when it was claimed, and what it covered.
export interface JobData extends RecordData {
  name: string;
  at: number;
}

export function subscriberKey(email: string): string {
  return email.trim().toLowerCase();
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Whether a text names the address as a whole, not as part of a longer one, in any case.
export function mentionsEmail(text: string, email: string): boolean {
  const pattern = new RegExp(`(?<![\\w.!#$%&'*+/=?^\`{|}~-])${escapeRegExp(email)}(?![\\w.-]*[\\w])`, 'i');
  return pattern.test(text);
}

// The outbox messages that are about an address (see Store.findEmail).
export function messageConcerns(
  message: Omit<NewMail, 'replyTo' | 'attachments'> & {
    recordId?: string;
    replyTo?: string | null;
    attachments?: NewMail['attachments'] | null;
  },
  email: string,
  recordIds: Set<string>,
): boolean {
  const wanted = subscriberKey(email);
  if (subscriberKey(message.to) === wanted || (message.replyTo && subscriberKey(message.replyTo) === wanted))
    return true;
  if (message.recordId !== undefined && recordIds.has(message.recordId)) return true;
  const content = [message.subject, message.text, message.html, ...(message.attachments ?? []).map((a) => a.content)];
  return content.some((part) => typeof part === 'string' && mentionsEmail(part, wanted));
}

// A once-only marker keeps its key and its recipient as digests: nothing in it reads as an address, and
// forgetting an address finds its markers by the digest of the address.
export function markerDigest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 32);
}
export const recipientDigest = (email: string) => markerDigest(`to:${subscriberKey(email)}`);

type Concerned = Parameters<typeof messageConcerns>[0] & { status?: string };

// A message about an address that only lists it among others in its CSV attachments, and is still
// waiting: a staff digest. Forgetting the address takes its rows out rather than the whole message.
export function onlyListsEmail(message: Concerned, email: string, recordIds: Set<string>): boolean {
  const wanted = subscriberKey(email);
  if (message.status !== 'pending' || subscriberKey(message.to) === wanted) return false;
  if ((message.replyTo && subscriberKey(message.replyTo) === wanted) || recordIds.has(message.recordId ?? ''))
    return false;
  if ([message.subject, message.text, message.html].some((part) => mentionsEmail(part, wanted))) return false;
  const attachments = message.attachments ?? [];
  return attachments.every((a) => /^text\/csv\b/.test(a.contentType) || !mentionsEmail(a.content, wanted));
}

// The CSV attachments without the rows naming the address (rows are CRLF-separated outside quotes,
// lib/export), and how many rows went.
export function withoutRowsNaming(
  attachments: NonNullable<NewMail['attachments']>,
  email: string,
): { attachments: NonNullable<NewMail['attachments']>; rows: number } {
  let rows = 0;
  const kept = attachments.map((attachment) => {
    if (!/^text\/csv\b/.test(attachment.contentType)) return attachment;
    const lines = csvRows(attachment.content);
    const left = lines.filter((line, i) => i === 0 || !mentionsEmail(line, email));
    rows += lines.length - left.length;
    return { ...attachment, content: left.join('') };
  });
  return { attachments: kept, rows };
}

// Each row with its line end; a quoted field may hold line breaks.
function csvRows(text: string): string[] {
  const rows: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (!quoted && text[i] === '\n') {
      rows.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) rows.push(text.slice(start));
  return rows;
}

export class DuplicateError extends Error {
  constructor(collection: Collection) {
    super(`A record with this key already exists in ${collection}`);
    this.name = 'DuplicateError';
  }
}

// Every seat under the key is taken: nothing was stored.
export class FullError extends Error {
  constructor(key: string) {
    super(`Every seat of ${key} is taken`);
    this.name = 'FullError';
  }
}

// By name rather than instanceof: the store may come from another bundle's copy of this module
// (see lib/storage/index.ts), whose class is a different object.
// A store that did not answer in time: the write may still land later, so nobody may be told either
// that it was stored or that it was not.
export class StoreTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`The store did not answer ${what} within ${ms} ms`);
    this.name = 'StoreTimeoutError';
  }
}

// By name, not instanceof: Next bundles routes and instrumentation with separate copies of this module.
export function isStoreTimeout(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'StoreTimeoutError';
}

export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError(what, ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function isDuplicateError(error: unknown): boolean {
  return error instanceof Error && error.name === 'DuplicateError';
}

export function isFullError(error: unknown): boolean {
  return error instanceof Error && error.name === 'FullError';
}

// The messages an add queues, given which once-only ones are dropped: the rest, and when one was
// dropped, the staff's note in its held-back words.
export function settleHeldBack(messages: NewMail[], dropped: (message: NewMail) => boolean): NewMail[] {
  const heldBack = messages.some(dropped);
  return messages
    .filter((message) => !dropped(message))
    .map(({ ifHeldBack, ...message }) => (heldBack && ifHeldBack ? { ...message, ...ifHeldBack } : message));
}

export function isCollection(value: string): value is Collection {
  return (collections as string[]).includes(value);
}
