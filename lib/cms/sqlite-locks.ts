import type { Payload } from 'payload';

import { refusal } from './refusal';
import { afterEnding, type TransactionDb } from './transactions';

// SQLite's transactions (lib/cms/config.ts) each run on a connection of their own: libSQL's client hands
// its connection to the transaction and opens a new one for what follows. A second write begun while
// one is open finds the database locked (SQLITE_BUSY, a 500), and waiting inside SQLite would not help:
// libSQL is synchronous, so a busy wait would hold the very thread the open transaction needs to finish.
// So this process's writes take turns here, in order, without blocking the thread; one that waits longer
// than `milliseconds` is answered 503 (try again), never a lock error.

export function writesTakeTurns(payload: Payload, milliseconds: number): void {
  const db = payload.db as TransactionDb;
  if (db.name !== 'sqlite' || typeof db.beginTransaction !== 'function') return;
  const { beginTransaction } = db;
  let last: Promise<void> = Promise.resolve();
  const turns = new Map<number | string, () => void>();

  db.beginTransaction = async (options) => {
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const previous = last;
    last = last.then(() => mine);
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      previous.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), milliseconds))),
    ]);
    clearTimeout(timer);
    if (!waited) {
      done();
      throw refusal('The content database is busy: try again in a moment', 503);
    }
    try {
      const id = await beginTransaction.call(db, options);
      if (id === null || id === undefined) done();
      else turns.set(id, done);
      return id;
    } catch (error) {
      done();
      throw error;
    }
  };
  afterEnding(db, (id) => {
    turns.get(id)?.();
    turns.delete(id);
  });
}
