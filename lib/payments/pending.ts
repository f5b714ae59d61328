import { periodic } from '@/lib/periodic';
import type { JobStore } from '@/lib/storage';

import { settleCharge, type PaymentContext } from './settle';

// Payments whose webhook never came and whose visitor never came back (docs/product.md §14): every
// `intervalMs` one instance among several (the first to claim the slot's job) asks the provider about
// each payment started in the last `windowDays` days and still unpaid, and marks the paid ones as the
// webhook would have.
export interface PaymentCheckOptions {
  context: () => PaymentContext & { store: JobStore };
  intervalMs?: number;
  windowDays?: number;
  // At most this many payments asked about in one pass; the rest wait for the next.
  limit?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createPaymentCheck(options: PaymentCheckOptions) {
  const intervalMs = options.intervalMs ?? 30 * 60_000;
  const windowMs = (options.windowDays ?? 7) * DAY_MS;

  async function pass(): Promise<{ asked: number; paid: number } | null> {
    const ctx = options.context();
    const { provider, store } = ctx;
    if (!provider) return null;
    const now = ctx.now();
    const slot = Math.floor(now / intervalMs);
    if (!(await store.claimJob(`payment-check:${slot}`, { name: 'payment-check', at: now }))) return null;
    const pending = await store.pendingPayments(now - windowMs, options.limit ?? 200);
    let paid = 0;
    for (const record of pending) {
      const reference = String(record.data.payReference);
      const charge = await provider.verify(reference);
      if (charge.status !== 'success') continue;
      const outcome = await settleCharge(ctx, record, charge, 'check');
      if (outcome === 'done') paid += 1;
      else if (outcome !== 'already') ctx.log('warn', `payment ${reference} not marked by the check: ${outcome}`);
    }
    if (pending.length > 0) ctx.log('info', `payment check: asked about ${pending.length}, ${paid} paid`);
    return { asked: pending.length, paid };
  }

  const task = periodic(
    () =>
      pass().catch((error: unknown) => {
        // A provider or a store down: the next pass asks again.
        options.context().log('warn', `payment check stopped, trying again later: ${(error as Error).message}`);
        return null;
      }),
    intervalMs,
  );
  return { check: () => task.once() as Promise<Awaited<ReturnType<typeof pass>>>, start: task.start, stop: task.stop };
}
