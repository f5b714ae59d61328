import type { AuditEntry, AuditOf, AuditQuery, ListedAudit } from './audit';
import type { CertificateStore } from './certificates';
import type { Collection, PayableCollection } from './collections';
import type { GiftStore } from './gifts';
import type { LetterStore } from './letters';
import type { PlacesStore } from './places';
import type {
  AddOptions,
  EmailTraces,
  InboxQuery,
  InboxRecord,
  JobData,
  NewMail,
  NewThreadEntry,
  OutboxCounts,
  OutboxMail,
  PayableRecord,
  PurgeOptions,
  RecordData,
  Settlement,
  StaffSession,
  StoredRecord,
  TeamMember,
  ThreadEntry,
} from './shapes';

// The storage interface every adapter implements. What it stores is in shapes.ts, and in places.ts for
// seats, waiting lists, offers and check-ins with their roles; the collections are the forms'
// (collections.ts), under the spec's names, so the organisation's existing Firestore data stays readable
// (docs/product.md §3). The rules both adapters share are in rules.ts, traces.ts (what is about an
// address), audit.ts and errors.ts; this module re-exports them all, so callers keep one path.
export * from './audit';
export * from './certificates';
export * from './collections';
export * from './errors';
export * from './gifts';
export * from './letters';
export * from './places';
export * from './rules';
export * from './shapes';
export * from './traces';

// The store, by role: each consumer types against the part it uses (the outbox worker an OutboxStore,
// retention a PrivacyStore, the workspace an InboxStore and a StaffStore), and each adapter keeps one
// file per role (lib/storage/sqlite/, lib/storage/firestore/).

// The forms' records: what a submission writes, and what the forms read back.
export interface RecordStore {
  // Resolves once the record and its messages are durably committed; with `waiting`, its position
  // when it joined the waiting list instead of taking a seat (AddOptions.seat.waitlist).
  add(collection: Collection, data: RecordData, options?: AddOptions): Promise<{ id: string; waiting?: number }>;
  // Records in the order they were submitted; `since` is a date in milliseconds.
  list(collection: Collection, options?: { since?: number }): Promise<StoredRecord[]>;
  // The newsletter subscriber with this address (any case), or null.
  getSubscriber(email: string): Promise<StoredRecord | null>;
  // Merges `changes` into the subscriber's record, committed with `mails`; false if there is none.
  updateSubscriber(email: string, changes: RecordData, mails?: NewMail[]): Promise<boolean>;
}

// The outbox, worked by the mail worker of every instance.
export interface OutboxStore {
  // Takes up to `limit` due messages for `leaseMs`: until the lease ends no other worker gets them.
  claimMails(owner: string, now: number, limit: number, leaseMs: number): Promise<OutboxMail[]>;
  markSent(id: string, now: number): Promise<void>;
  // Another attempt at `retryAt`, or, when retryAt is null, no more attempts.
  markAttemptFailed(id: string, error: string, retryAt: number | null): Promise<void>;
  // Gives claimed messages back untried: no attempt counted, due again at once, or at `dueAt` (a
  // message held back, such as a paused letter's).
  releaseMails(ids: string[], dueAt?: number): Promise<void>;
  // Makes every message waiting for a later retry due now; resolves to how many there were.
  retryWaitingNow(now: number): Promise<number>;
  outboxCounts(): Promise<OutboxCounts>;
}

// Erasure on request and retention (lib/privacy).
export interface PrivacyStore {
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
  // Audit entries dated before `before`.
  purgeAudit(before: number): Promise<number>;
}

// Work done once across every instance sharing this store (the digest, retention, a used link).
export interface JobStore {
  // The first call with a key (e.g. 'digest:2026-11-22') commits `data` and `mails` together and
  // resolves to true; every later call, from any process, resolves to false and writes nothing.
  // An audit entry given is committed with the claim, and only when the claim wins.
  claimJob(key: string, data: JobData, mails?: NewMail[], audit?: AuditEntry): Promise<boolean>;
  hasJob(key: string): Promise<boolean>;
  // The data of the latest claimed job of this name (by its `at`), or null.
  lastJob(name: string): Promise<JobData | null>;
}

// The staff workspace's reading and working of submissions.
export interface InboxStore {
  // Submissions of every form (or one), newest first, `limit` at most.
  inbox(query: InboxQuery): Promise<InboxRecord[]>;
  // Records written by older code get what this code's inbox reads (done once per store, at server
  // start; SQLite's migrations do it when the file is opened). How many records were changed.
  upgradeRecords(): Promise<number>;
  // How many records of a form there are, or with `field` equal to `value`.
  countRecords(collection: Collection, where?: { field: string; value: string }): Promise<number>;
  // How many records the inbox's filters find, whatever their number (a count, not a read).
  countInbox(query: Omit<InboxQuery, 'limit' | 'after'>): Promise<number>;
  getRecord(collection: Collection, id: string): Promise<StoredRecord | null>;
  // Merges `changes` into the record, committed with the audit entry; false, with nothing written, if
  // there is none.
  updateRecord(collection: Collection, id: string, changes: RecordData, audit?: AuditEntry): Promise<boolean>;
  // The outbox mails about one record, with their state.
  mailsAbout(recordId: string): Promise<EmailTraces['mails']>;
  // The same change to several records of a form, each with its own audit entry, in one commit; the ids
  // changed (those not found are left out, and nothing is written for them).
  updateRecords(
    collection: Collection,
    ids: readonly string[],
    changes: RecordData,
    audit: (id: string) => AuditEntry,
  ): Promise<string[]>;
  // Adds an entry to a record's thread, with its audit entry and, for a reply, its mail, in one commit;
  // null, with nothing written, when there is no such record.
  addThreadEntry(
    collection: Collection,
    id: string,
    entry: NewThreadEntry,
    audit: AuditEntry,
    mail?: NewMail,
  ): Promise<ThreadEntry | null>;
  // A record's thread, oldest first.
  threadOf(recordId: string): Promise<ThreadEntry[]>;
}

// Payments on records (docs/product.md §14): found by their reference, settled once across every
// instance, and reminded.
export interface PaymentStore {
  // The record whose payment carries this reference, or null.
  findPayment(reference: string): Promise<PayableRecord | null>;
  // Settles a record's payment once: the first call for a record and a settlement commits a marker keyed
  // by both, the record's `changes`, its mails (a receipt) and its audit entry together and resolves to
  // 'done'; every later call, from any instance, writes nothing and resolves to 'already'. 'missing',
  // with nothing written, when there is no such record.
  settlePayment(
    collection: PayableCollection,
    id: string,
    settlement: Settlement,
    changes: RecordData,
    mails: NewMail[],
    audit: AuditEntry,
  ): Promise<'done' | 'already' | 'missing'>;
  // Unpaid records sent to the provider at or after `since` (their `payStartedAt`), oldest first.
  pendingPayments(since: number, limit: number): Promise<PayableRecord[]>;
  // Records paid at or after `since` (their `paidAt`) and still paid, oldest first: the digest's count.
  paidSince(since: number): Promise<PayableRecord[]>;
  // Merges `changes` into the record and queues one mail about it, with its audit entry (none for a mail
  // no staff member sent), in one commit; a mail with a onceKey only once under that key. False, with
  // nothing written, when the key was used or there is no such record.
  mailAboutRecord(
    collection: Collection,
    id: string,
    changes: RecordData,
    mail: NewMail,
    audit?: AuditEntry,
  ): Promise<boolean>;
}

// Staff sessions and the audit trail.
export interface StaffStore {
  // Saved at sign-in, read and touched on every workspace request, deleted at sign-out or when the
  // address is no longer staff. An audit entry given is committed with the change: with a deletion
  // only when there was a session to delete (resolves to whether there was).
  saveSession(session: StaffSession, audit?: AuditEntry): Promise<void>;
  getSession(id: string): Promise<StaffSession | null>;
  touchSession(id: string, seenAt: number): Promise<void>;
  deleteSession(id: string, audit?: AuditEntry): Promise<boolean>;
  // Every staff session (a handful): for ending those of addresses no longer staff.
  listSessions(): Promise<StaffSession[]>;
  // The team added in the browser (the first admins are named by STAFF_EMAILS, outside the store). A
  // change and its audit entry are one commit; a removal only when there was someone to remove.
  teamMembers(): Promise<TeamMember[]>;
  teamMember(email: string): Promise<TeamMember | null>;
  saveTeamMember(member: TeamMember, audit: AuditEntry): Promise<void>;
  removeTeamMember(email: string, audit: AuditEntry): Promise<boolean>;
  // The staff audit trail, newest first; entries dated before a year are purged by retention.
  addAudit(entry: AuditEntry): Promise<void>;
  // Both trails together, `limit` at most.
  auditLog(limit: number): Promise<AuditEntry[]>;
  // One page of one trail with its filters, read along an index.
  auditPage(query: AuditQuery): Promise<ListedAudit[]>;
}

export interface Store
  extends
    RecordStore,
    PlacesStore,
    OutboxStore,
    PrivacyStore,
    JobStore,
    InboxStore,
    PaymentStore,
    StaffStore,
    LetterStore,
    CertificateStore,
    GiftStore {
  readonly kind: 'sqlite' | 'firestore';
  // A store shared by several instances counts their limits together (lib/security/shared-limits.ts):
  // takes one of `limit` uses of `key` in the window starting at `windowStart`, true when one was left;
  // the search for a free use starts at `hint`, the uses the asking instance took itself. SQLite, one
  // instance's own, has none: that instance's memory counts exactly.
  takeShared?(key: string, windowStart: number, limit: number, hint: number): Promise<boolean>;
  // A store shared by several instances tells each of a published change made on another
  // (lib/cms/elsewhere.ts): `announceChange` records one made by instance `from`; `watchChanges` calls
  // `changed` for each one announced by another instance from now on, until the function it returns is
  // called. SQLite, one instance's own, has neither.
  announceChange?(from: string): Promise<void>;
  watchChanges?(from: string, changed: () => void, failed: (error: unknown) => void): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}
