import type { Firestore } from 'firebase-admin/firestore';

import type { OutboxMail, OutboxStore } from '../types';
import { ALREADY_EXISTS, CLAIMS, codeOf, inBatches, NOT_FOUND, OUTBOX } from './client';
import type { OutboxDoc } from './shared';

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export function outboxStore(db: Firestore): OutboxStore {
  return {
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
          if ([ALREADY_EXISTS, NOT_FOUND].includes(codeOf(error)!)) continue;
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
          letterId: _letter,
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
    async releaseMails(ids, dueAt) {
      const change = dueAt === undefined ? { leaseUntil: 0 } : { leaseUntil: 0, nextAttemptAt: dueAt };
      await inBatches(
        db,
        ids.map((id) => (batch) => batch.update(db.collection(OUTBOX).doc(id), change)),
      );
    },
    async retryWaitingNow(now) {
      // Single-field query (no composite index); the few pending messages are filtered here.
      const pending = await db.collection(OUTBOX).where('status', '==', 'pending').get();
      const waiting = pending.docs.filter((doc) => (doc.get('nextAttemptAt') as number) > now);
      await inBatches(
        db,
        waiting.map((doc) => (batch) => batch.update(doc.ref, { nextAttemptAt: now })),
      );
      return waiting.length;
    },
    async outboxCounts() {
      const counts = { pending: 0, sent: 0, failed: 0 };
      for (const status of ['pending', 'sent', 'failed'] as const) {
        counts[status] = (await db.collection(OUTBOX).where('status', '==', status).count().get()).data().count;
      }
      return counts;
    },
  };
}
