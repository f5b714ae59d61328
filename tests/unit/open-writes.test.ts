/** @jest-environment node */
import type { Payload } from 'payload';

import { countOpenWrites } from '@/lib/cms/open-writes';

// The count of the CMS's open writes that the page cache waits on before making pages again
// (lib/cms/open-writes.ts), on a database adapter's three transaction calls.

function adapter() {
  let next = 0;
  const db = {
    name: 'fake',
    beginTransaction: async () => ++next,
    commitTransaction: async (id: unknown) => {
      if ((await id) === 2) throw new Error('commit failed');
    },
    rollbackTransaction: async (_id: unknown) => {},
  };
  countOpenWrites({ db } as unknown as Payload);
  const settled = (globalThis as Record<symbol, unknown>)[
    Symbol.for('baobab.cms.writesSettled')
  ] as () => Promise<void>;
  return { db, settled };
}

const isSettled = async (promise: Promise<void>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20))]);

it('settles once every write begun has ended, and a failed commit rolled back ends it once', async () => {
  const { db, settled } = adapter();
  expect(await isSettled(settled())).toBe(true);
  const first = await db.beginTransaction();
  const second = await db.beginTransaction();
  const waiting = settled();
  await db.commitTransaction(first);
  expect(await isSettled(waiting)).toBe(false);
  // Payload rolls back a transaction whose commit threw: the same id ends twice.
  await expect(db.commitTransaction(second)).rejects.toThrow('commit failed');
  await db.rollbackTransaction(second);
  expect(await isSettled(waiting)).toBe(true);
  // A third write, open: not settled, though two ends came for the second.
  const third = await db.beginTransaction();
  expect(await isSettled(settled())).toBe(false);
  await db.commitTransaction(third);
  expect(await isSettled(settled())).toBe(true);
});
