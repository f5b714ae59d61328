import { createHash, randomUUID } from 'node:crypto';

import { cert, deleteApp, initializeApp, type App, type ServiceAccount } from 'firebase-admin/app';
import { getFirestore, type DocumentReference, type Firestore } from 'firebase-admin/firestore';

import { recordPrefixes } from './search';
import {
  checkSeat,
  collections,
  DuplicateError,
  FullError,
  inboxOrder,
  isJobKey,
  messageConcerns,
  onlyListsEmail,
  recipientDigest,
  settleHeldBack,
  subscriberKey,
  withDeadline,
  withoutRowsNaming,
  type AuditEntry,
  type AuditOf,
  type Collection,
  type EmailTraces,
  type InboxQuery,
  type InboxRecord,
  type JobData,
  type NewMail,
  type OutboxMail,
  type RecordData,
  type Seat,
  type StaffSession,
  type Store,
  type StoredRecord,
} from './types';

export interface FirestoreOptions {
  projectId: string;
  serviceAccount?: ServiceAccount;
  // host:port of an emulator; firebase-admin reads FIRESTORE_EMULATOR_HOST itself.
  emulatorHost?: string;
}

const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;
const FAILED_PRECONDITION = 9;
// firebase-admin retries an unreachable Firestore for a minute or more; a visitor on a phone will not
// wait that long, and a health check must answer before its prober gives up.
const WRITE_DEADLINE_MS = 10_000;
const PING_DEADLINE_MS = 3_000;
const OUTBOX = 'outbox';
// The site's own collections beside the spec's: stored submissions' keys, once-only messages' keys,
// and jobs run once across instances.
const SUBMISSIONS = 'submissions';
const SENT_ONCE = 'sentOnce';
const JOBS = 'jobs';
const SESSIONS = 'staffSessions';
const AUDIT = 'staffAudit';
// One document per claim of an outbox message, `<message id>.<lease number>` (see claimMails).
const CLAIMS = 'outboxClaims';
// One document per taken seat, `<key>:<n>` for n in 1..capacity (see AddOptions.seat).
const SEATS = 'seats';
// Firestore takes at most 500 writes in one batch.
const BATCH = 400;

// The document id of a record with a unique key: create() then refuses a second one atomically.
function keyedId(uniqueKey: string): string {
  return createHash('sha256').update(uniqueKey).digest('hex').slice(0, 40);
}

// The inbox's fields on each record document, kept by this adapter beside the record's own and never
// returned with it: `_order` sorts newest first then by id in one string (a keyset on one field, which
// the emulator pages correctly, and records of one millisecond keep their order), `_status` is the staff
// status with "new" written out (Firestore cannot query an absent field), `_terms` every prefix a
// search can ask for (lib/storage/search.ts). firestore.indexes.json has a composite index for each
// combination of them the inbox asks for (`npm run firestore:indexes` writes it).
const INBOX_VERSION = 'inbox-fields-1';

function orderKey(date: number, id = ''): string {
  return `${String(Math.max(0, Math.trunc(date))).padStart(15, '0')}${id && `:${id}`}`;
}

export function inboxFields(id: string, data: RecordData) {
  return {
    _order: orderKey(typeof data.date === 'number' ? data.date : 0, id),
    _status: typeof data.staffStatus === 'string' ? data.staffStatus : 'new',
    _terms: recordPrefixes(data),
  };
}

// The filters of one form's inbox query, ordered by `_order` newest first: equalities (and a search's
// array-contains) that firestore.indexes.json covers, then at most two ranges on `_order` itself.
export function inboxFilters(query: InboxQuery) {
  const filters: { field: string; op: '==' | 'array-contains' | '<' | '>='; value: string }[] = [];
  if (query.term) filters.push({ field: '_terms', op: 'array-contains', value: query.term.text });
  if (query.status) filters.push({ field: '_status', op: '==', value: query.status });
  if (query.item) filters.push({ field: query.item.field, op: '==', value: query.item.value });
  if (query.lang) filters.push({ field: 'lang', op: '==', value: query.lang });
  const bounds = [
    query.after && orderKey(query.after.date, query.after.id),
    query.before !== undefined ? orderKey(query.before) : undefined,
  ].filter((bound) => bound !== undefined);
  if (bounds.length) filters.push({ field: '_order', op: '<', value: bounds.sort()[0]! });
  if (query.since !== undefined) filters.push({ field: '_order', op: '>=', value: orderKey(query.since) });
  return filters;
}

// The inbox fields a change to a stored record alters: the status with the staff status, the terms with
// a name or an address. Other changes write none, so two updates at once (a status and a note, say)
// never write back each other's older fields. A record from older code gets all of them.
function inboxChanges(doc: FirebaseFirestore.DocumentSnapshot, changes: RecordData) {
  const next = { ...recordData(doc), ...changes };
  if (doc.get('_order') === undefined || 'date' in changes) return inboxFields(doc.id, next);
  const fields = inboxFields(doc.id, next);
  return {
    ...('staffStatus' in changes ? { _status: fields._status } : {}),
    ...(['name', 'firstName', 'lastName', 'email'].some((field) => field in changes) ? { _terms: fields._terms } : {}),
  };
}

// A record as the rest of the site knows it: without the inbox's fields.
function recordData(doc: FirebaseFirestore.DocumentSnapshot): RecordData {
  const { _order, _status, _terms, ...data } = doc.data() as RecordData;
  return data;
}

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

interface OutboxDoc extends Omit<OutboxMail, 'id'> {
  status: 'pending' | 'sent' | 'failed';
  nextAttemptAt: number;
  // How many times the message was claimed (absent on messages queued before claims were counted).
  lease?: number;
  leaseOwner: string | null;
  leaseUntil: number;
  lastError: string | null;
  sentAt: number | null;
}

// Firestore through firebase-admin: documents with generated ids in the spec's collections, so several
// instances of the site can share one store. A record and its outbox messages go in one batch.
export function openFirestoreStore(options: FirestoreOptions): Store {
  if (options.emulatorHost) process.env.FIRESTORE_EMULATOR_HOST = options.emulatorHost;
  const app: App = initializeApp(
    {
      projectId: options.projectId,
      ...(options.serviceAccount ? { credential: cert(options.serviceAccount) } : {}),
    },
    // firebase-admin keeps apps by name: each store gets its own, so closing one leaves the others.
    `baobab-store-${randomUUID()}`,
  );
  const db: Firestore = getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });

  function queue(batch: FirebaseFirestore.WriteBatch, recordId: string, messages: NewMail[] = []) {
    const now = Date.now();
    for (const { onceKey: _onceKey, ifHeldBack: _ifHeldBack, ...message } of messages) {
      const doc: OutboxDoc = {
        ...message,
        recordId,
        attempts: 0,
        status: 'pending',
        nextAttemptAt: now,
        leaseOwner: null,
        leaseUntil: 0,
        lastError: null,
        sentAt: null,
      };
      batch.create(db.collection(OUTBOX).doc(), doc);
    }
  }

  async function removeAll(refs: DocumentReference[]) {
    for (let i = 0; i < refs.length; i += BATCH) {
      const batch = db.batch();
      for (const ref of refs.slice(i, i + BATCH)) batch.delete(ref);
      await batch.commit();
    }
  }

  // Whole-collection reads: Firestore cannot compare case-insensitively, and forgetting someone is rare.
  async function traces(email: string) {
    const wanted = subscriberKey(email);
    const records: (EmailTraces['records'][number] & { ref: DocumentReference })[] = [];
    for (const collection of collections) {
      for (const doc of (await db.collection(collection).get()).docs) {
        const data = recordData(doc);
        if (typeof data.email === 'string' && subscriberKey(data.email) === wanted) {
          records.push({ collection, id: doc.id, data, ref: doc.ref });
        }
      }
    }
    const ids = new Set(records.map((r) => r.id));
    const concerned = (await db.collection(OUTBOX).get()).docs.filter((doc) =>
      messageConcerns(doc.data() as OutboxDoc, wanted, ids),
    );
    const listing = concerned.filter((doc) => onlyListsEmail(doc.data() as OutboxDoc, wanted, ids));
    const messages = concerned
      .filter((doc) => !listing.includes(doc))
      .map((doc) => {
        const data = doc.data() as OutboxDoc;
        return { id: doc.id, to: data.to, subject: data.subject, status: data.status, ref: doc.ref };
      });
    const redactions = listing.map((doc) => {
      const data = doc.data() as OutboxDoc;
      return {
        id: doc.id,
        to: data.to,
        subject: data.subject,
        ref: doc.ref,
        ...withoutRowsNaming(data.attachments ?? [], wanted),
      };
    });
    const markers = (await db.collection(SENT_ONCE).where('recipient', '==', recipientDigest(wanted)).get()).docs;
    return { records, messages, redactions, markers };
  }

  function report(found: Awaited<ReturnType<typeof traces>>): EmailTraces {
    return {
      records: found.records.map(({ ref: _r, ...record }) => record),
      mails: found.messages.map(({ ref: _r, ...message }) => message),
      redacted: found.redactions.map(({ id, to, subject, rows }) => ({ id, to, subject, rows })),
      markers: found.markers.length,
    };
  }

  // The marker documents dated before `before` in a collection (a single-field query).
  async function markersBefore(collection: string, before: number) {
    return (await db.collection(collection).where('date', '<', before).get()).docs.map((doc) => doc.ref);
  }

  // One query per collection, newest first along `_order`, merged: every filter is an equality (or the
  // one array-contains of a search) on a composite index ending in `_order`, so a page reads at most
  // `limit` documents of each form whatever the collection's size.
  async function inboxOf(collection: (typeof collections)[number], query: InboxQuery): Promise<InboxRecord[]> {
    let q: FirebaseFirestore.Query = db.collection(collection);
    for (const filter of inboxFilters(query)) q = q.where(filter.field, filter.op, filter.value);
    const docs = (await q.orderBy('_order', 'desc').limit(query.limit).get()).docs;
    return docs.map((doc) => ({ id: doc.id, collection, data: recordData(doc) }));
  }

  // Records written before the inbox's fields existed get them, once per database: read by date in
  // pages (a date is read whole before moving past it, as the emulator has no cursors), written with
  // the document's update time as a precondition, so a record changed meanwhile keeps its newer fields.
  async function addInboxFields(): Promise<number> {
    const done = db.collection(JOBS).doc(INBOX_VERSION);
    if ((await done.get()).exists) return 0;
    let changed = 0;
    let retries = 0;
    for (const collection of collections) {
      let after: number | undefined;
      for (;;) {
        let q: FirebaseFirestore.Query = db.collection(collection);
        if (after !== undefined) q = q.where('date', '>', after);
        const page = (await q.orderBy('date').limit(BATCH).get()).docs;
        if (page.length === 0) break;
        const last = page.at(-1)!.get('date') as number;
        const docs = [
          ...page.filter((doc) => doc.get('date') !== last),
          ...(await db.collection(collection).where('date', '==', last).get()).docs,
        ].filter((doc) => doc.get('_order') === undefined);
        try {
          for (let i = 0; i < docs.length; i += BATCH) {
            const batch = db.batch();
            const part = docs.slice(i, i + BATCH);
            for (const doc of part) {
              batch.update(doc.ref, inboxFields(doc.id, recordData(doc)), { lastUpdateTime: doc.updateTime! });
            }
            await batch.commit();
            changed += part.length;
          }
        } catch (error) {
          // A record changed since it was read refuses its whole batch: read the page again (what the
          // batch did not write is still without the fields), a few times at most.
          if ((error as { code?: number }).code === FAILED_PRECONDITION && ++retries <= 5) continue;
          throw error;
        }
        retries = 0;
        if (page.length < BATCH) break;
        after = last;
      }
    }
    await done.set({ name: INBOX_VERSION, at: Date.now(), changed });
    return changed;
  }

  // A seat for one add: a free number chosen at random (so concurrent adds rarely pick the same one),
  // whose document is created first in the record's batch, so a seat taken meanwhile refuses the batch.
  function seatFor(seat: Seat, recordId: string) {
    checkSeat(seat);
    let ref: DocumentReference | null = null;
    return {
      async choose() {
        const taken = new Set(
          (await db.collection(SEATS).where('key', '==', seat.key).get()).docs.map((doc) => doc.get('n') as number),
        );
        const free = Array.from({ length: seat.capacity }, (_, i) => i + 1).filter((n) => !taken.has(n));
        if (free.length === 0 || taken.size >= seat.capacity) throw new FullError(seat.key);
        const n = free[Math.floor(Math.random() * free.length)]!;
        ref = db.collection(SEATS).doc(`${seat.key}:${n}`);
        return { ref, data: { key: seat.key, n, recordId, date: Date.now() } };
      },
      // After a refused batch. The emulator keeps the writes of a refused batch that came before the
      // refused one (Firestore keeps none): a seat left so by this add is removed, as the batch would
      // have left nothing.
      async undo() {
        const doc = await ref!.get();
        if (doc.exists && doc.get('recordId') === recordId) await ref!.delete();
      },
      // Each refusal of a seat means another add took one, so a few more tries than seats suffice.
      tries: seat.capacity + 10,
    };
  }

  async function seatsOf(recordIds: string[]) {
    const refs: DocumentReference[] = [];
    for (const id of recordIds) {
      refs.push(...(await db.collection(SEATS).where('recordId', '==', id).get()).docs.map((doc) => doc.ref));
    }
    return refs;
  }

  // Frees the seats of removed records.
  async function freeSeats(recordIds: string[]) {
    await removeAll(await seatsOf(recordIds));
  }

  // Removes what traces() found, with the audit entry made of it. Up to BATCH writes are one commit;
  // a larger forget is several, messages first (a record is never left without a way to find its
  // messages), the audit entry in the first, so no removal goes unrecorded.
  async function forget(email: string, audit?: AuditOf<EmailTraces>): Promise<EmailTraces> {
    const found = await traces(email);
    const result = report(found);
    const submissions: DocumentReference[] = [];
    for (const record of found.records) {
      const docs = (await db.collection(SUBMISSIONS).where('recordId', '==', record.id).get()).docs;
      submissions.push(...docs.map((doc) => doc.ref));
    }
    const seats = await seatsOf(found.records.map((r) => r.id));
    const writes: ((batch: FirebaseFirestore.WriteBatch) => void)[] = [
      ...(audit
        ? [(batch: FirebaseFirestore.WriteBatch) => batch.create(db.collection(AUDIT).doc(), audit(result))]
        : []),
      ...found.messages.map((m) => (batch: FirebaseFirestore.WriteBatch) => batch.delete(m.ref)),
      ...found.redactions.map(
        ({ ref, attachments }) =>
          (batch: FirebaseFirestore.WriteBatch) =>
            batch.update(ref, { attachments }),
      ),
      ...[...submissions, ...found.markers.map((doc) => doc.ref), ...found.records.map((r) => r.ref), ...seats].map(
        (ref) => (batch: FirebaseFirestore.WriteBatch) => batch.delete(ref),
      ),
    ];
    for (let i = 0; i < writes.length; i += BATCH) {
      const batch = db.batch();
      for (const write of writes.slice(i, i + BATCH)) write(batch);
      await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the forget');
    }
    return result;
  }

  // A write that must find its document, committed with an audit entry: the entry is created after
  // the write in the batch, since the emulator keeps the writes before a refused one.
  async function withAudit(write: (batch: FirebaseFirestore.WriteBatch) => void, audit?: AuditEntry) {
    const batch = db.batch();
    write(batch);
    if (audit) batch.create(db.collection(AUDIT).doc(), audit);
    try {
      await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
    } catch (error) {
      if ((error as { code?: number }).code === NOT_FOUND) return false;
      throw error;
    }
    return true;
  }

  const subscriberRef = (email: string) => db.collection('newsletter').doc(keyedId(subscriberKey(email)));

  return {
    kind: 'firestore',
    async add(collection, data, addOptions = {}) {
      const col = db.collection(collection);
      // With a unique key the document id derives from it, so create() refuses a second one atomically.
      const ref: DocumentReference =
        addOptions.uniqueKey === undefined ? col.doc() : col.doc(keyedId(addOptions.uniqueKey));
      // A submission's key and a once-only message's key are marker documents in the same batch:
      // create() refuses a marker that exists, and with it the whole batch.
      const submission =
        addOptions.submissionKey === undefined
          ? null
          : db.collection(SUBMISSIONS).doc(keyedId(addOptions.submissionKey));
      const onceMarker = (key: string) => db.collection(SENT_ONCE).doc(keyedId(key));
      const seat = addOptions.seat ? seatFor(addOptions.seat, ref.id) : null;
      let seatDoc = await seat?.choose();

      // Markers go first: Firestore commits a batch whole or not at all, and the emulator used in tests
      // at least stops at the first refused write.
      // The messages queued are those not dropped (a once-only one whose marker exists), the staff's
      // note in its held-back words when one was.
      const all = addOptions.mails ?? [];
      const dropped = new Set<NewMail>();
      const commit = () => {
        const now = Date.now();
        const batch = db.batch();
        if (seatDoc) batch.create(seatDoc.ref, seatDoc.data);
        for (const { onceKey, to } of all.filter((m) => !dropped.has(m))) {
          if (onceKey !== undefined) batch.create(onceMarker(onceKey), { date: now, recipient: recipientDigest(to) });
        }
        if (submission) batch.create(submission, { collection, recordId: ref.id, date: now });
        batch.create(ref, { ...data, ...inboxFields(ref.id, data) });
        queue(
          batch,
          ref.id,
          settleHeldBack(all, (m) => dropped.has(m)),
        );
        return withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
      };

      // On a refused batch, find out which document was there: the record itself (a repeat), or only
      // some once-only message's marker, in which case the record goes in without that message.
      for (let attempt = 1; ; attempt++) {
        try {
          await commit();
          break;
        } catch (error) {
          if ((error as { code?: number }).code !== ALREADY_EXISTS) throw error;
          await seat?.undo();
          const repeat =
            (submission !== null && (await submission.get()).exists) ||
            (addOptions.uniqueKey !== undefined && (await ref.get()).exists);
          if (repeat) throw new DuplicateError(collection);
          const once = all.filter((m) => m.onceKey !== undefined && !dropped.has(m));
          const taken = await Promise.all(once.map(async (m) => (await onceMarker(m.onceKey!).get()).exists));
          if (seat && !taken.some(Boolean)) {
            // Not a once-only message: the seat was taken meanwhile. Another free one, FullError if none.
            if (--seat.tries < 0) throw error;
            seatDoc = await seat.choose();
            attempt -= 1;
            continue;
          }
          if (once.length === 0 || attempt === 3) throw error;
          once.forEach((m, i) => taken[i] && dropped.add(m));
        }
      }
      return { id: ref.id };
    },
    async list(collection, listOptions = {}): Promise<StoredRecord[]> {
      const snapshot = await db
        .collection(collection)
        .where('date', '>=', listOptions.since ?? 0)
        .orderBy('date')
        .get();
      return snapshot.docs.map((doc) => ({ id: doc.id, data: recordData(doc) }));
    },
    async claimMails(owner, now, limit, leaseMs) {
      // A single-field query needs no composite index; due-ness is checked here. What makes a claim
      // exclusive is create(): each claim of a message is a document keyed by the message and its lease
      // number, so of the instances that saw the same lease lapse exactly one creates the next one.
      // The message's lease fields change in the same batch, after the create, so a refused create
      // writes nothing. This holds without isolated transactions, which the emulator lacks.
      const candidates = await db
        .collection(OUTBOX)
        .where('status', '==', 'pending')
        .limit(limit * 5)
        .get();
      const claimed: OutboxMail[] = [];
      // In random order, so that instances polling at once rarely reach for the same message.
      for (const candidate of shuffle(candidates.docs)) {
        if (claimed.length >= limit) break;
        const data = candidate.data() as OutboxDoc;
        if (data.nextAttemptAt > now || data.leaseUntil > now) continue;
        const lease = (data.lease ?? 0) + 1;
        const batch = db.batch();
        batch.create(db.collection(CLAIMS).doc(`${candidate.id}.${lease}`), { owner, at: now });
        batch.update(candidate.ref, { lease, leaseOwner: owner, leaseUntil: now + leaseMs });
        try {
          await batch.commit();
        } catch (error) {
          // Another instance took this lease first (or the message was just forgotten).
          if ([ALREADY_EXISTS, NOT_FOUND].includes((error as { code?: number }).code!)) continue;
          throw error;
        }
        const {
          status: _s,
          nextAttemptAt: _n,
          lease: _l,
          leaseOwner: _o,
          leaseUntil: _u,
          lastError: _e,
          sentAt: _t,
          ...message
        } = data;
        claimed.push({ ...message, id: candidate.id });
      }
      return claimed;
    },
    async markSent(id, now) {
      await db.collection(OUTBOX).doc(id).update({ status: 'sent', sentAt: now, leaseUntil: 0 });
    },
    async markAttemptFailed(id, error, retryAt) {
      const ref = db.collection(OUTBOX).doc(id);
      await db.runTransaction(async (tx) => {
        const attempts = ((await tx.get(ref)).get('attempts') as number) + 1;
        tx.update(
          ref,
          retryAt === null
            ? { attempts, lastError: error, status: 'failed', leaseUntil: 0 }
            : { attempts, lastError: error, nextAttemptAt: retryAt, leaseUntil: 0 },
        );
      });
    },
    async releaseMails(ids) {
      const batch = db.batch();
      for (const id of ids) batch.update(db.collection(OUTBOX).doc(id), { leaseUntil: 0 });
      if (ids.length) await batch.commit();
    },
    async retryWaitingNow(now) {
      // Single-field query (no composite index); the few pending messages are filtered here.
      const pending = await db.collection(OUTBOX).where('status', '==', 'pending').get();
      const waiting = pending.docs.filter((doc) => (doc.get('nextAttemptAt') as number) > now);
      for (let i = 0; i < waiting.length; i += 400) {
        const batch = db.batch();
        for (const doc of waiting.slice(i, i + 400)) batch.update(doc.ref, { nextAttemptAt: now });
        await batch.commit();
      }
      return waiting.length;
    },
    async outboxCounts() {
      const counts = { pending: 0, sent: 0, failed: 0 };
      for (const status of ['pending', 'sent', 'failed'] as const) {
        counts[status] = (await db.collection(OUTBOX).where('status', '==', status).count().get()).data().count;
      }
      return counts;
    },
    async findEmail(email) {
      return report(await traces(email));
    },
    async forgetEmail(email, audit) {
      return forget(email, audit);
    },
    async forgetRecord(collection: Collection, id, audit) {
      if (!/^[\w-]{1,100}$/.test(id)) return null;
      const email = (await db.collection(collection).doc(id).get()).get('email') as unknown;
      return typeof email === 'string' && email !== '' ? forget(email, audit) : null;
    },
    async getSubscriber(email) {
      const doc = await subscriberRef(email).get();
      return doc.exists ? { id: doc.id, data: recordData(doc) } : null;
    },
    async updateSubscriber(email, changes, messages = []) {
      const ref = subscriberRef(email);
      const doc = await ref.get();
      if (!doc.exists) return false;
      const batch = db.batch();
      batch.update(ref, { ...changes, ...inboxChanges(doc, changes) });
      queue(batch, ref.id, messages);
      await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
      return true;
    },
    async purgeRecords(collection, before, options = {}) {
      // One range filter (no composite index); the status is checked here.
      const snapshot = await db
        .collection(collection)
        .where(options.dateField ?? 'date', '<', before)
        .get();
      const docs = snapshot.docs.filter(
        (doc) => options.status === undefined || doc.get(options.statusField ?? 'status') === options.status,
      );
      const refs: DocumentReference[] = [];
      for (const doc of docs) {
        refs.push(...(await db.collection(OUTBOX).where('recordId', '==', doc.id).get()).docs.map((m) => m.ref));
      }
      await removeAll(refs);
      await removeAll(docs.map((doc) => doc.ref));
      await freeSeats(docs.map((doc) => doc.id));
      return docs.length;
    },
    async clearSentBodies(before) {
      // Only messages that still have a text (a single-field query, which skips the ever-growing
      // number already cleared); status and sending date are checked here.
      const withText = await db.collection(OUTBOX).where('text', '!=', '').get();
      const stale = withText.docs.filter((doc) => {
        const data = doc.data() as OutboxDoc;
        return data.status === 'sent' && (data.sentAt ?? 0) < before;
      });
      for (let i = 0; i < stale.length; i += BATCH) {
        const batch = db.batch();
        for (const doc of stale.slice(i, i + BATCH)) {
          // Null rather than a deleted field: the emulator the tests use keeps deleted fields.
          batch.update(doc.ref, { text: '', html: '', replyTo: null, attachments: null });
        }
        await batch.commit();
      }
      return stale.length;
    },
    async purgeMarkers(before) {
      // A claim document only settles the lease it names, which lasts a minute: a day later none is
      // contested any more.
      const claims = (await db.collection(CLAIMS).where('at', '<', before).get()).docs.map((doc) => doc.ref);
      const refs = [
        ...(await markersBefore(SENT_ONCE, before)),
        ...(await markersBefore(SUBMISSIONS, before)),
        ...claims,
      ];
      await removeAll(refs);
      return refs.length;
    },
    async claimJob(key, data, messages = [], audit) {
      if (!isJobKey(key)) throw new Error(`Not a job key: ${key}`);
      // The job document first: when it exists the whole batch fails before any message is written.
      const batch = db.batch();
      batch.create(db.collection(JOBS).doc(key), data);
      queue(batch, key, messages);
      if (audit) batch.create(db.collection(AUDIT).doc(), audit);
      try {
        await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the job claim');
      } catch (error) {
        if ((error as { code?: number }).code === ALREADY_EXISTS) return false;
        throw error;
      }
      return true;
    },
    async hasJob(key) {
      return (await db.collection(JOBS).doc(key).get()).exists;
    },
    async lastJob(name) {
      // Single-field query; the few jobs of one name are ordered here.
      const jobs = (await db.collection(JOBS).where('name', '==', name).get()).docs.map((doc) => doc.data() as JobData);
      return jobs.sort((a, b) => b.at - a.at)[0] ?? null;
    },
    async saveSession(session, audit) {
      const batch = db.batch();
      batch.set(db.collection(SESSIONS).doc(session.id), session);
      if (audit) batch.create(db.collection(AUDIT).doc(), audit);
      await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
    },
    async getSession(id) {
      if (!/^[\w-]{1,100}$/.test(id)) return null;
      const doc = await db.collection(SESSIONS).doc(id).get();
      return doc.exists ? (doc.data() as StaffSession) : null;
    },
    async touchSession(id, seenAt) {
      await db.collection(SESSIONS).doc(id).update({ seenAt });
    },
    async deleteSession(id, audit) {
      if (!/^[\w-]{1,100}$/.test(id)) return false;
      // Only an existing session is deleted, so the entry says what happened, once.
      return withAudit((batch) => batch.delete(db.collection(SESSIONS).doc(id), { exists: true }), audit);
    },
    async listSessions() {
      return (await db.collection(SESSIONS).get()).docs.map((doc) => doc.data() as StaffSession);
    },
    async inbox(query) {
      const wanted = query.collection ? [query.collection] : collections;
      const pages = await Promise.all(wanted.map((collection) => inboxOf(collection, query)));
      return pages.flat().sort(inboxOrder).slice(0, query.limit);
    },
    async upgradeRecords() {
      return addInboxFields();
    },
    async countRecords(collection, where) {
      let q: FirebaseFirestore.Query = db.collection(collection);
      if (where) q = q.where(where.field, '==', where.value);
      return (await q.count().get()).data().count;
    },
    async getRecord(collection, id) {
      if (!/^[\w-]{1,100}$/.test(id)) return null;
      const doc = await db.collection(collection).doc(id).get();
      return doc.exists ? { id: doc.id, data: recordData(doc) } : null;
    },
    async updateRecord(collection, id, changes, audit) {
      if (!/^[\w-]{1,100}$/.test(id)) return false;
      const ref = db.collection(collection).doc(id);
      const doc = await ref.get();
      if (!doc.exists) return false;
      const fields = inboxChanges(doc, changes);
      // update() requires the document to exist: a record removed meanwhile refuses the batch, entry
      // included.
      return withAudit((batch) => batch.update(ref, { ...changes, ...fields }), audit);
    },
    async mailsAbout(recordId) {
      const docs = (await db.collection(OUTBOX).where('recordId', '==', recordId).get()).docs;
      return docs.map((doc) => {
        const data = doc.data() as OutboxDoc;
        return { id: doc.id, to: data.to, subject: data.subject, status: data.status };
      });
    },
    async addAudit(entry) {
      await db.collection(AUDIT).add(entry);
    },
    async auditLog(limit) {
      const docs = (await db.collection(AUDIT).orderBy('at', 'desc').limit(limit).get()).docs;
      return docs.map((doc) => doc.data() as AuditEntry);
    },
    async purgeAudit(before) {
      const docs = (await db.collection(AUDIT).where('at', '<', before).get()).docs;
      await removeAll(docs.map((doc) => doc.ref));
      return docs.length;
    },
    async seatsTaken(key) {
      return (await db.collection(SEATS).where('key', '==', key).count().get()).data().count;
    },
    async ping() {
      await withDeadline(db.collection('enrolment').limit(1).get(), PING_DEADLINE_MS, 'the ping');
    },
    async close() {
      await deleteApp(app);
    },
  };
}
