import type { GiftEntry } from '@/lib/storage';

// What a gift is now, read from its entries (lib/storage/gifts.ts): the pledge made on /donate, the
// payments received, the subscription a monthly gift started, its failed renewals and its end.
export type GiftState = 'unpaid' | 'paid' | 'pending' | 'active' | 'stopped';

export interface Gift {
  pledge: GiftEntry;
  payments: GiftEntry[];
  failures: GiftEntry[];
  subscription: GiftEntry | null;
  stopped: GiftEntry | null;
  state: GiftState;
}

export const isMonthly = (entry: GiftEntry) => entry.frequency === 'monthly';

function stateOf(gift: Omit<Gift, 'state'>): GiftState {
  if (gift.payments.length === 0) return 'unpaid';
  if (!isMonthly(gift.pledge)) return 'paid';
  if (gift.stopped) return 'stopped';
  return gift.subscription ? 'active' : 'pending';
}

// The gifts the entries make, oldest pledge first; entries of a gift whose pledge is not among them
// (retention removed it) are left out.
export function giftsOf(entries: GiftEntry[]): Gift[] {
  const byGift = new Map<string, Omit<Gift, 'state'>>();
  for (const entry of entries) {
    if (entry.kind === 'pledge') {
      byGift.set(entry.giftId, { pledge: entry, payments: [], failures: [], subscription: null, stopped: null });
    }
  }
  for (const entry of entries) {
    const gift = byGift.get(entry.giftId);
    if (!gift) continue;
    if (entry.kind === 'paid') gift.payments.push(entry);
    if (entry.kind === 'failed') gift.failures.push(entry);
    if (entry.kind === 'subscribed') gift.subscription ??= entry;
    if (entry.kind === 'stopped') gift.stopped ??= entry;
  }
  return [...byGift.values()].map((gift) => ({ ...gift, state: stateOf(gift) }));
}
