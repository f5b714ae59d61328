import type { Firestore } from 'firebase-admin/firestore';

import { withDeadline } from '../errors';
import { NOT_SENT, type LetterMailCounts, type LetterStore, type StoredLetter } from '../letters';
import { ALREADY_EXISTS, codeOf, keyedId, LETTER_SLUGS, LETTERS, OUTBOX, WRITE_DEADLINE_MS } from './client';

// A letter is a document keyed by its id; its slug is held by a document keyed by the slug, created
// with create(), so two letters never share an archive address.
export function letterStore(db: Firestore): LetterStore {
  const letterOf = (data: FirebaseFirestore.DocumentData | undefined): StoredLetter | null =>
    data ? { id: data.id, slug: data.slug, updatedAt: data.updatedAt, data: data.data } : null;

  return {
    async saveLetter(letter) {
      const ref = db.collection(LETTERS).doc(letter.id);
      const before = letterOf((await ref.get()).data());
      const batch = db.batch();
      if (before?.slug !== letter.slug) {
        batch.create(db.collection(LETTER_SLUGS).doc(keyedId(letter.slug)), { letterId: letter.id });
        if (before) batch.delete(db.collection(LETTER_SLUGS).doc(keyedId(before.slug)));
      }
      batch.set(ref, letter);
      try {
        await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the letter');
      } catch (error) {
        if (codeOf(error) === ALREADY_EXISTS) return false;
        throw error;
      }
      return true;
    },
    async getLetter(id) {
      return letterOf((await db.collection(LETTERS).doc(id).get()).data());
    },
    async letterBySlug(slug) {
      const holder = (await db.collection(LETTER_SLUGS).doc(keyedId(slug)).get()).data();
      return holder ? letterOf((await db.collection(LETTERS).doc(holder.letterId).get()).data()) : null;
    },
    async listLetters() {
      const docs = (await db.collection(LETTERS).get()).docs.map((doc) => letterOf(doc.data())!);
      return docs.sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async letterMailCounts(letterId) {
      // A single-field query; a letter's mails are counted here.
      const result: LetterMailCounts = { pending: 0, sent: 0, failed: 0, skipped: 0 };
      for (const doc of (await db.collection(OUTBOX).where('letterId', '==', letterId).get()).docs) {
        const status = doc.get('status') as 'pending' | 'sent' | 'failed';
        if (status === 'failed' && String(doc.get('lastError') ?? '').startsWith(NOT_SENT)) result.skipped += 1;
        else result[status] += 1;
      }
      return result;
    },
  };
}
