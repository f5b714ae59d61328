import { createHash, randomUUID } from 'node:crypto';

import { cert, deleteApp, initializeApp, type App, type ServiceAccount } from 'firebase-admin/app';
import { getFirestore, type DocumentReference, type Firestore } from 'firebase-admin/firestore';

import {
  DuplicateError,
  withDeadline,
  type NewMessage,
  type OutboxMessage,
  type RecordData,
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
// firebase-admin retries an unreachable Firestore for a minute or more; a visitor on a phone will not
// wait that long, and a health check must answer before its prober gives up.
const WRITE_DEADLINE_MS = 10_000;
const PING_DEADLINE_MS = 3_000;
const OUTBOX = 'outbox';
// The site's own collections beside the spec's: stored submissions' keys, and once-only messages' keys.
const SUBMISSIONS = 'submissions';
const SENT_ONCE = 'sentOnce';

const keyId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);

interface OutboxDoc extends Omit<OutboxMessage, 'id'> {
  status: 'pending' | 'sent' | 'failed';
  nextAttemptAt: number;
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

  return {
    kind: 'firestore',
    async add(collection, data, addOptions = {}) {
      const col = db.collection(collection);
      // With a unique key the document id derives from it, so create() refuses a second one atomically.
      const ref: DocumentReference =
        addOptions.uniqueKey === undefined ? col.doc() : col.doc(keyId(addOptions.uniqueKey));
      // A submission's key and a once-only message's key are marker documents in the same batch:
      // create() refuses a marker that exists, and with it the whole batch.
      const submission =
        addOptions.submissionKey === undefined ? null : db.collection(SUBMISSIONS).doc(keyId(addOptions.submissionKey));
      const onceMarker = (key: string) => db.collection(SENT_ONCE).doc(keyId(key));

      // Markers go first: Firestore commits a batch whole or not at all, and the emulator used in tests
      // at least stops at the first refused write.
      const commit = (messages: NewMessage[]) => {
        const now = Date.now();
        const batch = db.batch();
        for (const { onceKey } of messages) if (onceKey !== undefined) batch.create(onceMarker(onceKey), { date: now });
        if (submission) batch.create(submission, { collection, recordId: ref.id, date: now });
        batch.create(ref, data);
        for (const { onceKey: _onceKey, ...message } of messages) {
          const doc: OutboxDoc = {
            ...message,
            recordId: ref.id,
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
        return withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the write');
      };

      // On a refused batch, find out which document was there: the record itself (a repeat), or only
      // some once-only message's marker, in which case the record goes in without that message.
      let messages = addOptions.messages ?? [];
      for (let attempt = 1; ; attempt++) {
        try {
          await commit(messages);
          break;
        } catch (error) {
          if ((error as { code?: number }).code !== ALREADY_EXISTS) throw error;
          const repeat =
            (submission !== null && (await submission.get()).exists) ||
            (addOptions.uniqueKey !== undefined && (await ref.get()).exists);
          if (repeat) throw new DuplicateError(collection);
          const once = messages.filter((m) => m.onceKey !== undefined);
          if (once.length === 0 || attempt === 3) throw error;
          const taken = await Promise.all(once.map(async (m) => (await onceMarker(m.onceKey!).get()).exists));
          messages = messages.filter((m) => m.onceKey === undefined || !taken[once.indexOf(m)]);
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
      return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() as RecordData }));
    },
    async claimMessages(owner, now, limit, leaseMs) {
      // A single-field query needs no composite index; due-ness is checked here and again in the
      // transaction, which is what makes a claim exclusive between instances.
      const candidates = await db
        .collection(OUTBOX)
        .where('status', '==', 'pending')
        .limit(limit * 5)
        .get();
      const claimed: OutboxMessage[] = [];
      for (const candidate of candidates.docs) {
        if (claimed.length >= limit) break;
        const got = await db.runTransaction(async (tx) => {
          const doc = await tx.get(candidate.ref);
          const data = doc.data() as OutboxDoc | undefined;
          if (!data || data.status !== 'pending' || data.nextAttemptAt > now || data.leaseUntil > now) return null;
          tx.update(candidate.ref, { leaseOwner: owner, leaseUntil: now + leaseMs });
          return data;
        });
        if (got) {
          const {
            status: _s,
            nextAttemptAt: _n,
            leaseOwner: _o,
            leaseUntil: _u,
            lastError: _e,
            sentAt: _t,
            ...message
          } = got;
          claimed.push({ ...message, id: candidate.id });
        }
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
    async releaseMessages(ids) {
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
    async ping() {
      await withDeadline(db.collection('enrolment').limit(1).get(), PING_DEADLINE_MS, 'the ping');
    },
    async close() {
      await deleteApp(app);
    },
  };
}
