// A fixed-window limit per key (client address and form), kept in this process's memory: each
// instance behind a load balancer counts on its own.
export interface RateLimiter {
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number };
}

export function createRateLimiter(
  limitPerWindow: number,
  windowMs = 60_000,
  now: () => number = Date.now,
): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  return {
    take(key) {
      const t = now();
      if (t - lastSweep > windowMs) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
        lastSweep = t;
      }
      const current = windows.get(key);
      if (!current || t - current.start >= windowMs) {
        windows.set(key, { start: t, count: 1 });
        return { ok: true };
      }
      if (current.count >= limitPerWindow) {
        return { ok: false, retryAfterSeconds: Math.ceil((current.start + windowMs - t) / 1000) };
      }
      current.count += 1;
      return { ok: true };
    },
  };
}

// The visitor's address: the first X-Forwarded-For entry, which Next fills from the socket when the
// request has none and a load balancer sets in production.
export function clientAddress(headers: Headers): string {
  return headers.get('x-forwarded-for')?.split(',')[0]?.trim() || headers.get('x-real-ip') || 'unknown';
}
