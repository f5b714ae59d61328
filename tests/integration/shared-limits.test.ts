/** @jest-environment node */
import { createSharedRateLimiter, type SharedTake } from '@/lib/security/shared-limits';
import { openFirestoreStore } from '@/lib/storage/firestore';
import type { Store } from '@/lib/storage/types';

import { startFirestoreEmulator } from '../helpers/firestore-emulator';

// Limits counted across instances (lib/security/shared-limits.ts): two stores on one Firestore stand
// for two instances, each with its own limiter, as two processes behind a load balancer would be.
describe('limits shared by instances on Firestore', () => {
  let emulator: { host: string; stop: () => void };
  let stores: Store[];
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    const open = () => openFirestoreStore({ projectId: 'shared-limits', emulatorHost: emulator.host });
    stores = [open(), open()];
  }, 60_000);
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await emulator.stop();
  });

  // A store's count, with how many times this instance asked it.
  const counted = (store: Store) => {
    const calls = { n: 0 };
    const take: SharedTake = (...args) => {
      calls.n += 1;
      return store.takeShared!(...args);
    };
    return { take, calls };
  };
  const instance = (name: string, store: Store, now: () => number, limit = 5) => {
    const { take, calls } = counted(store);
    return { limiter: createSharedRateLimiter(name, limit, 60_000, now, () => take), calls };
  };

  it('allows the limit once across two instances, even asked at once, and again in the next minute', async () => {
    let t = Date.UTC(2026, 11, 2, 10, 0, 5);
    const now = () => t;
    const a = instance('forms', stores[0]!, now);
    const b = instance('forms', stores[1]!, now);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).limiter.take('203.0.113.9|contact')),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(5);
    // Refused with the seconds left in the minute the instances share.
    expect(answers.find((answer) => !answer.ok)).toEqual({ ok: false, retryAfterSeconds: 55 });
    // Another client, and the same client on another form, have their own allowance.
    expect((await a.limiter.take('203.0.113.10|contact')).ok).toBe(true);
    expect((await b.limiter.take('203.0.113.9|enrolment')).ok).toBe(true);
    // Past this instance's own count, the store is not asked: each instance asked it at most the
    // limit's times for the first client, and once for the other.
    expect(a.calls.n).toBeLessThanOrEqual(6);
    expect(b.calls.n).toBeLessThanOrEqual(6);
    t += 60_000;
    expect((await a.limiter.take('203.0.113.9|contact')).ok).toBe(true);
  }, 60_000);

  it('keeps the names apart: the pay link’s count is not the forms’', async () => {
    const now = () => Date.UTC(2026, 11, 2, 11);
    const forms = instance('forms', stores[0]!, now, 1);
    const pay = instance('route.pay', stores[1]!, now, 1);
    expect((await forms.limiter.take('198.51.100.7')).ok).toBe(true);
    expect((await pay.limiter.take('198.51.100.7')).ok).toBe(true);
    expect((await forms.limiter.take('198.51.100.7')).ok).toBe(false);
  }, 30_000);

  it('each instance allows the limit alone when no store is shared, as one instance always has', async () => {
    const now = () => Date.UTC(2026, 11, 2, 12);
    const one = createSharedRateLimiter('forms', 3, 60_000, now, () => undefined);
    const other = createSharedRateLimiter('forms', 3, 60_000, now, () => undefined);
    const taken = async (limiter: typeof one) =>
      (await Promise.all([1, 2, 3, 4].map(() => limiter.take('192.0.2.1')))).filter((answer) => answer.ok).length;
    expect(await taken(one)).toBe(3);
    expect(await taken(other)).toBe(3);
  });

  it('counts alone, and logs, when the store cannot answer: a store in trouble refuses nobody', async () => {
    const now = () => Date.UTC(2026, 11, 2, 13);
    const failing: SharedTake = async () => {
      throw new Error('deadline exceeded');
    };
    const limiter = createSharedRateLimiter('forms', 2, 60_000, now, () => failing);
    const answers = await Promise.all([1, 2, 3].map(() => limiter.take('192.0.2.2')));
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, false]);
  });

  it('leaves no use taken by a refused ask, and the retention pass removes a day-old window', async () => {
    const start = Date.UTC(2026, 11, 1, 9);
    const store = stores[0]!;
    expect(await store.takeShared!('forms.retention', start, 1, 0)).toBe(true);
    expect(await store.takeShared!('forms.retention', start, 1, 0)).toBe(false);
    // A hint past the limit takes nothing.
    expect(await store.takeShared!('forms.retention-2', start, 2, 2)).toBe(false);
    expect(await store.purgeMarkers(start + 1)).toBeGreaterThanOrEqual(1);
    expect(await store.takeShared!('forms.retention', start, 1, 0)).toBe(true);
  }, 30_000);
});
