import type { Payload } from 'payload';

import { afterEnding, type TransactionDb } from './transactions';

// The CMS's write transactions open in this process, whatever the database. A published change makes
// its pages again in the back office (lib/http/page-cache.mjs), which must wait until the change is
// committed: a page made while the write is still open would show the content from before it. The page
// cache reaches this through the global below, since Next loads it outside the site's bundles.

const SETTLED = Symbol.for('baobab.cms.writesSettled');

export function countOpenWrites(payload: Payload): void {
  const db = payload.db as TransactionDb;
  if (typeof db.beginTransaction !== 'function') return;
  const { beginTransaction } = db;
  // The transactions being begun, and those begun and not yet ended, by id: a rollback after a failed
  // commit ends one transaction, not two.
  let beginning = 0;
  const open = new Set<number | string>();
  let waiting: (() => void)[] = [];
  const settle = () => {
    if (beginning > 0 || open.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  db.beginTransaction = async (options) => {
    beginning += 1;
    try {
      const id = await beginTransaction.call(db, options);
      if (id !== null && id !== undefined) open.add(id);
      return id;
    } finally {
      beginning -= 1;
      settle();
    }
  };
  afterEnding(db, (id) => {
    open.delete(id);
    settle();
  });
  (globalThis as Record<symbol, unknown>)[SETTLED] = (): Promise<void> =>
    beginning === 0 && open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve));
}
