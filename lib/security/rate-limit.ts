import { sha256 } from '@/lib/hash';

// A fixed-window limit per key (client address and form), kept in this process's memory: each
// instance behind a load balancer counts on its own (shared-limits.ts adds the store's count).
export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string): Taken;
  readonly size: number;
}

// Keys are stored as a 128-bit digest, so a long key costs no more memory than a short one.
export function digest(key: string): string {
  return sha256(key, 'base64url', 22);
}

// Memory is bounded by `maxEntries`. The map is kept in order of window start (a renewed window moves
// to the end), so expired windows are always at the front and are dropped there, a few at a time, as
// new keys come in. When every kept window is still running, the oldest is dropped: it is the one
// nearest its end anyway, and pushing it out takes `maxEntries` distinct clients within one window,
// which only someone who already controls that many addresses (each with its own allowance) can do.
export function createRateLimiter(
  limitPerWindow: number,
  windowMs = 60_000,
  now: () => number = Date.now,
  // At most this many windows are kept (about 100 bytes each).
  maxEntries = 100_000,
): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();

  function dropExpired(t: number) {
    for (const [k, w] of windows) {
      if (t - w.start < windowMs) break;
      windows.delete(k);
    }
  }

  return {
    take(key) {
      const t = now();
      const id = digest(key);
      const current = windows.get(id);
      if (current && t - current.start < windowMs) {
        if (current.count >= limitPerWindow) {
          return { ok: false, retryAfterSeconds: Math.ceil((current.start + windowMs - t) / 1000) };
        }
        current.count += 1;
        return { ok: true };
      }
      windows.delete(id);
      dropExpired(t);
      if (windows.size >= maxEntries) windows.delete(windows.keys().next().value!);
      windows.set(id, { start: t, count: 1 });
      return { ok: true };
    },
    get size() {
      return windows.size;
    },
  };
}
