import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import type { App, ServiceAccount } from 'firebase-admin/app';
import type { DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';

import { sha256 } from '@/lib/hash';

export interface FirestoreOptions {
  projectId: string;
  serviceAccount?: ServiceAccount;
  // host:port of an emulator; firebase-admin reads FIRESTORE_EMULATOR_HOST itself.
  emulatorHost?: string;
}

// gRPC status codes the adapter acts on.
export const ALREADY_EXISTS = 6;
export const NOT_FOUND = 5;
export const FAILED_PRECONDITION = 9;
export const codeOf = (error: unknown) => (error as { code?: number }).code;

// firebase-admin retries an unreachable Firestore for a minute or more; a visitor on a phone will not
// wait that long, and a health check must answer before its prober gives up.
export const WRITE_DEADLINE_MS = 10_000;
export const PING_DEADLINE_MS = 3_000;

// The site's own collections beside the spec's (lib/storage/collections.ts).
export const OUTBOX = 'outbox';
// Stored submissions' keys and once-only messages' keys.
export const SUBMISSIONS = 'submissions';
export const SENT_ONCE = 'sentOnce';
// One document per person and item (AddOptions.payer), named by the key, naming the record that stands
// for them (`recordId`).
export const PAYERS = 'payers';
// Jobs run once across instances.
export const JOBS = 'jobs';
export const SESSIONS = 'staffSessions';
export const AUDIT = 'staffAudit';
// One document per claim of an outbox message, `<message id>.<lease number>` (see outbox.ts).
export const CLAIMS = 'outboxClaims';
// One document per use of a limit shared by instances, `<key>.<window start>.<n>` (see limits.ts).
export const LIMITS = 'sharedLimits';
// One document per published change in the content editor, for the other instances (changes.ts).
export const CHANGES = 'contentChanges';
// One document per taken seat, `<key>:<n>` for n in 1..capacity (see seats.ts).
export const SEATS = 'seats';

// Places beyond the seat itself (waiting-list.ts, offers.ts, check-ins.ts), each document naming its
// record (`recordId`) so that it goes with it: a seat's release, once per hold (`<hold id>`);
// waiting-list tickets and, once per ticket, its exit (an offer or leaving the list), the offer and the
// offer's end (`<key>:<position>`); a record's check-in (`<record id>`).
export const SEAT_RELEASES = 'seatReleases';
export const WAITLIST = 'waitlist';
export const WAITLIST_EXITS = 'waitlistExits';
export const SEAT_OFFERS = 'seatOffers';
export const OFFER_ENDS = 'seatOfferEnds';
export const CHECK_INS = 'checkIns';

// Each entry of a record's thread (notes and replies), with the record's id.
export const THREAD = 'recordThread';
// One document per settled payment, `<settlement>:<record id>` (see payments.ts).
export const PAYMENTS = 'paymentMarks';
export const TEAM = 'staffTeam';
// Letters to the community, and the documents that hold their archive slugs (letters.ts).
export const LETTERS = 'letters';
export const LETTER_SLUGS = 'letterSlugs';

// Firestore takes at most 500 writes in one batch.
export const BATCH = 400;

// Writes that must be one commit: more than a batch holds is refused before anything is written.
export function oneBatch(db: Firestore, writes: ((batch: WriteBatch) => void)[]) {
  if (writes.length > BATCH) throw new Error(`${writes.length} writes do not fit in one batch`);
  const batch = db.batch();
  for (const write of writes) write(batch);
  return batch;
}

// Writes of any number, committed BATCH at a time in order.
export async function inBatches(
  db: Firestore,
  writes: ((batch: WriteBatch) => void)[],
  commit = (b: WriteBatch) => b.commit(),
) {
  for (let i = 0; i < writes.length; i += BATCH) {
    const batch = db.batch();
    for (const write of writes.slice(i, i + BATCH)) write(batch);
    await commit(batch);
  }
}

export function removeAll(db: Firestore, refs: DocumentReference[]) {
  return inBatches(
    db,
    refs.map((ref) => (batch) => batch.delete(ref)),
  );
}

// The document id of a record with a unique key: create() then refuses a second one atomically.
export const keyedId = (uniqueKey: string) => sha256(uniqueKey, 'hex', 40);

// firebase-admin takes a second of CPU to load. It is loaded when a Firestore store is opened, not when
// this module is: a site on SQLite, its scripts and its server's start never load it. Resolved from the
// project's folder, as the server (firebase-admin is one of its external packages), the scripts and the
// tests all run there.
type FirebaseApp = typeof import('firebase-admin/app');
type FirebaseFirestore = typeof import('firebase-admin/firestore');
export function firebase(): { app: FirebaseApp; firestore: FirebaseFirestore } {
  const load = createRequire(join(process.cwd(), 'package.json'));
  return {
    app: load('firebase-admin/app') as FirebaseApp,
    firestore: load('firebase-admin/firestore') as FirebaseFirestore,
  };
}

export function connect(options: FirestoreOptions): { app: App; db: Firestore } {
  if (options.emulatorHost) process.env.FIRESTORE_EMULATOR_HOST = options.emulatorHost;
  const { app: admin, firestore } = firebase();
  const { cert, initializeApp } = admin;
  const app = initializeApp(
    {
      projectId: options.projectId,
      ...(options.serviceAccount ? { credential: cert(options.serviceAccount) } : {}),
    },
    // firebase-admin keeps apps by name: each store gets its own, so closing one leaves the others.
    `baobab-store-${randomUUID()}`,
  );
  const db = firestore.getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });
  return { app, db };
}
