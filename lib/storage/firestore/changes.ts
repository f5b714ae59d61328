import type { Firestore } from 'firebase-admin/firestore';

import { withDeadline } from '../errors';
import { CHANGES, WRITE_DEADLINE_MS } from './client';

// Published changes told to every instance (lib/cms/elsewhere.ts): a document per change, with its
// moment and the instance that made it, which the others hear of through a listener on the collection
// (Firestore pushes each new document; nothing is polled). The retention pass removes them a day later.
export function changeStore(db: Firestore) {
  return {
    async announceChange(from: string): Promise<void> {
      await withDeadline(db.collection(CHANGES).add({ at: Date.now(), from }), WRITE_DEADLINE_MS, 'the change');
    },
    watchChanges(from: string, changed: () => void, failed: (error: unknown) => void): () => void {
      let since = Date.now();
      let stop: (() => void) | null = null;
      let retry: NodeJS.Timeout | undefined;
      const listen = () => {
        stop = db
          .collection(CHANGES)
          .where('at', '>', since)
          .onSnapshot(
            (snapshot) => {
              for (const change of snapshot.docChanges()) {
                if (change.type !== 'added') continue;
                since = Math.max(since, change.doc.get('at') as number);
                if (change.doc.get('from') !== from) changed();
              }
            },
            (error) => {
              // The listener has ended: listen again a little later, from the last change heard, and
              // count a change as heard meanwhile, so none is missed.
              failed(error);
              retry = setTimeout(() => {
                changed();
                listen();
              }, 5_000);
              retry.unref();
            },
          );
      };
      listen();
      return () => {
        clearTimeout(retry);
        stop?.();
      };
    },
  };
}
