import { log } from '@/lib/log';
import { existingSingleton, setSingleton, singleton } from '@/lib/singletons';

import { createRateLimiter, digest, type RateLimiter, type Taken } from './rate-limit';

// Limits that count across every instance of the site (docs/security.md, "Limits across instances").
// Each instance keeps its own count, as one instance alone always has; where the store is shared
// (Firestore), a use this instance allows is then taken from the store's count for the same key and
// minute too, so N instances allow the limit, not N times it. The store is asked only while this
// instance's own count allows: an attacker past the limit costs no store write, and a key costs the
// store at most the limit's writes per instance and window.

// Takes one of `limit` uses of `key` in the window starting at `windowStart`, counted by the store:
// true when one was left. `hint` is how many this instance took itself, where the search may start.
export type SharedTake = (key: string, windowStart: number, limit: number, hint: number) => Promise<boolean>;

const SHARED = 'sharedLimits.take';

// The server's start names the store's count when the store is shared by instances; none, each
// instance counts alone (SQLite: one host, one instance).
export function setSharedLimits(take: SharedTake | undefined): void {
  setSingleton(SHARED, take);
}

export interface AsyncRateLimiter {
  take(key: string): Promise<Taken>;
}

// A limiter whose windows start on the minute's edge (the store's windows are the same for every
// instance), counting here first and then, if the store is shared, there.
export function createSharedRateLimiter(
  name: string,
  limitPerWindow: number,
  windowMs = 60_000,
  now: () => number = Date.now,
  // The store's count: the one the server's start named, unless a test names its own.
  sharedTake: () => SharedTake | undefined = () => existingSingleton<SharedTake>(SHARED),
): AsyncRateLimiter {
  // This instance's own count, on the same edges, gives the store's search its start.
  const own = new Map<string, { start: number; count: number }>();
  const local: RateLimiter = createRateLimiter(limitPerWindow, windowMs, now);
  return {
    async take(key) {
      const allowed = local.take(key);
      if (!allowed.ok) return allowed;
      const shared = sharedTake();
      if (!shared) return allowed;
      const t = now();
      const start = t - (t % windowMs);
      const id = `${name}.${digest(key)}`;
      const mine = own.get(id);
      const hint = mine && mine.start === start ? mine.count : 0;
      if (own.size > 10_000) own.clear();
      let ok: boolean;
      try {
        ok = await shared(id, start, limitPerWindow, hint);
      } catch (error) {
        // The store's trouble must not refuse every visitor: this instance's own count still holds.
        if (singleton('sharedLimits.noted', () => createRateLimiter(1)).take('failed').ok) {
          log.warn({ err: error, limit: name }, 'the shared limit could not be read; this instance counts alone');
        }
        return allowed;
      }
      if (!ok) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - t) / 1000)) };
      own.set(id, { start, count: hint + 1 });
      return allowed;
    },
  };
}
