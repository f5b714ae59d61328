import type { Firestore } from 'firebase-admin/firestore';

import { withDeadline } from '../errors';
import { checkGiftKey, type GiftEntry, type GiftStore } from '../gifts';
import { ALREADY_EXISTS, BATCH, codeOf, OUTBOX, WRITE_DEADLINE_MS } from './client';
import { queue, writeAudit } from './shared';

// Gift entries are documents named by their key: create() first in the batch lets exactly one delivery
// win, from any instance, and its mails and audit entry go in the same batch (the batch is refused whole
// when the entry exists).
export const GIFTS = 'gifts';

export function giftStore(db: Firestore): GiftStore {
  const byDate = (a: GiftEntry, b: GiftEntry) => a.at - b.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return {
    async recordGift(entry, mails = [], audit) {
      checkGiftKey(entry.key);
      const batch = db.batch();
      batch.create(db.collection(GIFTS).doc(entry.key), entry);
      queue(db, batch, entry.key, mails);
      writeAudit(db, batch, audit);
      try {
        await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the gift');
      } catch (error) {
        if (codeOf(error) === ALREADY_EXISTS) return false;
        throw error;
      }
      return true;
    },
    async giftEntries(where) {
      // Single-field equality (Firestore's own index); the few entries found are ordered here.
      const query = where ? db.collection(GIFTS).where(where.field, '==', where.value) : db.collection(GIFTS);
      return (await query.get()).docs.map((doc) => doc.data() as GiftEntry).sort(byDate);
    },
    async purgeGifts(before) {
      const old = (await db.collection(GIFTS).where('at', '<', before).get()).docs;
      for (let i = 0; i < old.length; i += BATCH / 4) {
        const batch = db.batch();
        for (const doc of old.slice(i, i + BATCH / 4)) {
          const mails = await db.collection(OUTBOX).where('recordId', '==', doc.id).get();
          for (const mail of mails.docs) batch.delete(mail.ref);
          batch.delete(doc.ref);
        }
        await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the gifts purge');
      }
      return old.length;
    },
  };
}
