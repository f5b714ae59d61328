/** @jest-environment node */
import { createRateLimiter } from '@/lib/security/rate-limit';

describe('createRateLimiter', () => {
  it('allows the limit per window and key, then says how long to wait', () => {
    let now = 0;
    const limiter = createRateLimiter(2, 60_000, () => now);
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(true);
    now = 15_000;
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect(limiter.take('b').ok).toBe(true);
    now = 60_000;
    expect(limiter.take('a').ok).toBe(true);
  });

  it('tells long keys apart by their digest', () => {
    const limiter = createRateLimiter(1, 60_000, () => 0);
    const long = 'x'.repeat(1_000_000);
    expect(limiter.take(long).ok).toBe(true);
    expect(limiter.take(long).ok).toBe(false);
    expect(limiter.take(`${long}y`).ok).toBe(true);
  });

  it('keeps at most maxEntries windows however many keys arrive', () => {
    let now = 0;
    const limiter = createRateLimiter(1, 60_000, () => now, 1000);
    for (let i = 0; i < 50_000; i++) {
      now = i;
      limiter.take(`client-${i}`);
    }
    expect(limiter.size).toBe(1000);
  });

  it('drops expired windows first, so a flood of new keys does not push out a running window', () => {
    let now = 0;
    const limiter = createRateLimiter(1, 60_000, () => now, 3);
    limiter.take('old-1');
    limiter.take('old-2');
    now = 59_000;
    expect(limiter.take('victim').ok).toBe(true);
    now = 61_000;
    // The two expired windows make room; the running one stays and still refuses.
    limiter.take('new-1');
    limiter.take('new-2');
    expect(limiter.take('victim').ok).toBe(false);
  });

  it('needs maxEntries distinct keys within one window before a running window can be pushed out', () => {
    let now = 0;
    const max = 100;
    const limiter = createRateLimiter(1, 60_000, () => now, max);
    expect(limiter.take('attacker').ok).toBe(true);
    for (let i = 0; i < max - 2; i++) {
      now += 1;
      limiter.take(`other-${i}`);
    }
    expect(limiter.take('attacker').ok).toBe(false);
    now += 1;
    limiter.take('one-more');
    limiter.take('and-another');
    // Only now, after a full map of distinct clients, is the oldest window forgotten.
    expect(limiter.take('attacker').ok).toBe(true);
  });

  it('moves a renewed window to the back, so its fresh start is not the first evicted', () => {
    let now = 0;
    const limiter = createRateLimiter(1, 60_000, () => now, 2);
    limiter.take('a');
    now = 1;
    limiter.take('b');
    now = 60_000;
    expect(limiter.take('a').ok).toBe(true);
    // 'b' (expired at 60 001) is in front of the renewed 'a': the next new key displaces 'b'.
    now = 60_000;
    limiter.take('c');
    expect(limiter.take('a').ok).toBe(false);
  });
});
