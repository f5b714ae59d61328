import type { Firestore } from 'firebase-admin/firestore';

import { withDeadline } from '../errors';
import { ALREADY_EXISTS, codeOf, firebase, LIMITS, WRITE_DEADLINE_MS } from './client';

const DAY_MS = 24 * 60 * 60_000;

// The instances' shared limits (lib/security/shared-limits.ts): a key's uses in one window are the
// documents `<key>.<window start>.<n>` for n below the limit, each made by create(), which exactly one
// instance wins. Uses are taken lowest first, and an instance starts at the count it took itself, which
// never exceeds the uses taken: the first free one is found in about as many tries as other instances
// took since. Each document carries its window's start (`at`), by which the retention pass removes it a
// day later with the other markers, and the same moment as `expireAt`, for operators who prefer a TTL
// policy on the collection (docs/operations.md).
export function limitStore(db: Firestore) {
  return {
    async takeShared(key: string, windowStart: number, limit: number, hint: number): Promise<boolean> {
      // firebase-admin's own module, loaded with the store (./client.ts), not with this file.
      const { Timestamp } = firebase().firestore;
      const data = { at: windowStart, expireAt: Timestamp.fromMillis(windowStart + DAY_MS) };
      for (let n = Math.max(0, hint); n < limit; n += 1) {
        try {
          await withDeadline(
            db.collection(LIMITS).doc(`${key}.${windowStart}.${n}`).create(data),
            WRITE_DEADLINE_MS,
            'the shared limit',
          );
          return true;
        } catch (error) {
          if (codeOf(error) !== ALREADY_EXISTS) throw error;
        }
      }
      return false;
    },
  };
}
