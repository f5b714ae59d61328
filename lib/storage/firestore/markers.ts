import type { DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';

import { settleHeldBack } from '../rules';
import { recipientDigest } from '../traces';
import type { NewMail } from '../types';
import { keyedId, SENT_ONCE } from './client';

// The marker documents an add's mails take, created in the record's batch: a once-only message's key
// (NewMail.onceKey), and a capped message's slot among its key's (NewMail.dailyCap), the first one free,
// read before the commit, whose marker's creation makes it exclusive like a seat's. A message whose
// marker another add created is dropped, its record still stored.
export function mailMarkers(db: Firestore) {
  const onceMarker = (key: string) => db.collection(SENT_ONCE).doc(keyedId(key));
  const capMarker = (m: NewMail, slot: number) => onceMarker(`${m.dailyCap!.key}#${slot}`);
  const dropped = new Set<NewMail>();
  const slots = new Map<NewMail, number>();

  return {
    async chooseSlots(mails: NewMail[]) {
      for (const m of mails.filter((mail) => mail.dailyCap && !dropped.has(mail) && !slots.has(mail))) {
        const { limit } = m.dailyCap!;
        const taken = await Promise.all(
          Array.from({ length: limit }, async (_, i) => (await capMarker(m, i + 1).get()).exists),
        );
        const free = taken.indexOf(false);
        if (free < 0) dropped.add(m);
        else slots.set(m, free + 1);
      }
    },
    // Creates the markers of the mails not dropped in the batch; their references.
    create(batch: WriteBatch, mails: NewMail[], date: number, attempt: string): DocumentReference[] {
      const created: DocumentReference[] = [];
      for (const m of mails.filter((mail) => !dropped.has(mail))) {
        const marker = { date, recipient: recipientDigest(m.to), attempt };
        for (const markerRef of [
          ...(m.onceKey !== undefined ? [onceMarker(m.onceKey)] : []),
          ...(slots.has(m) ? [capMarker(m, slots.get(m)!)] : []),
        ]) {
          batch.create(markerRef, marker);
          created.push(markerRef);
        }
      }
      return created;
    },
    // The mails to queue: those not dropped, the staff's note in its held-back words when one was.
    queued: (mails: NewMail[]) => settleHeldBack(mails, (m) => dropped.has(m)),
    // After a refused batch: whether one of the mails' markers was there (`taken`), whether they have
    // any (`keyed`), and `settle`, which drops the once-only messages whose marker exists and lets the
    // capped ones whose slot was taken choose another.
    async refused(mails: NewMail[]) {
      const live = mails.filter((m) => !dropped.has(m));
      const once = live.filter((m) => m.onceKey !== undefined);
      const onceTaken = await Promise.all(once.map(async (m) => (await onceMarker(m.onceKey!).get()).exists));
      const capped = live.filter((m) => slots.has(m));
      const slotTaken = await Promise.all(capped.map(async (m) => (await capMarker(m, slots.get(m)!).get()).exists));
      return {
        taken: onceTaken.some(Boolean) || slotTaken.some(Boolean),
        keyed: once.length > 0 || capped.length > 0,
        settle() {
          once.forEach((m, i) => onceTaken[i] && dropped.add(m));
          capped.forEach((m, i) => slotTaken[i] && slots.delete(m));
        },
      };
    },
  };
}
