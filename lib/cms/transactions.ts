import type { Payload } from 'payload';

// The database adapter's transaction calls, which this folder wraps: the writes' turns on SQLite
// (./sqlite-locks.ts) and the count of writes open (./open-writes.ts).
export type Id = number | string;
export type TransactionDb = Payload['db'] & {
  beginTransaction: (options?: unknown) => Promise<Id | null>;
  commitTransaction: (id: Id | Promise<Id | null>) => Promise<void>;
  rollbackTransaction: (id: Id | Promise<Id | null>) => Promise<void>;
};

// Runs `after(id)` once a transaction's commit or rollback has ended, whether it succeeded or not.
export function afterEnding(db: TransactionDb, after: (id: Id) => void): void {
  const wrap =
    (end: (id: Id | Promise<Id | null>) => Promise<void>) =>
    async (given: Id | Promise<Id | null>): Promise<void> => {
      const id = await given;
      try {
        await end.call(db, id ?? '');
      } finally {
        if (id !== null && id !== undefined) after(id);
      }
    };
  db.commitTransaction = wrap(db.commitTransaction);
  db.rollbackTransaction = wrap(db.rollbackTransaction);
}
