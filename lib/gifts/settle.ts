import { createHash } from 'node:crypto';

import type { Charge, RenewalFailure, Subscription } from '@/lib/payments';
import type { GiftEntry } from '@/lib/storage';

import type { GiftContext } from './context';
import { giverKey } from './links';
import { giftMail } from './mails';

// Recording what the provider reports about a gift (docs/product.md §15), whoever reports it: the
// webhook, or the thank-you page after asking the provider. Each is one entry under its own key
// (lib/storage/gifts.ts), committed with its receipt, so a repeat delivery, from any instance, records
// and mails nothing. What is checked first, against the pledge the giver made: the amount, the
// currency, the plan and the giver's address.
export type GiftOutcome = 'done' | 'already' | 'unknown' | 'amount' | 'currency' | 'plan' | 'giver' | 'not-paid';

// An identity of the provider's as part of a key: as it is when it is plain, else its digest.
export function keyPart(value: string): string {
  return /^[\w.-]{1,150}$/.test(value) ? value : createHash('sha256').update(value).digest('hex').slice(0, 40);
}

async function pledgeBy(ctx: GiftContext, field: 'reference' | 'planCode' | 'giftId', value: string) {
  if (!value) return null;
  const found = await ctx.store.giftEntries({ field, value });
  return found.find((entry) => entry.kind === 'pledge') ?? null;
}

const sameGiver = (pledge: GiftEntry, email: string | undefined) =>
  email === undefined || giverKey(email) === giverKey(String(pledge.email));

function mismatch(pledge: GiftEntry, amount: number, currency: string): GiftOutcome | null {
  if (currency !== pledge.currency) return 'currency';
  if (amount !== pledge.amount) return 'amount';
  return null;
}

const pledgeFields = (pledge: GiftEntry) => ({
  giftId: pledge.giftId,
  email: String(pledge.email),
  lang: String(pledge.lang),
  frequency: String(pledge.frequency),
});

// A successful charge: a gift's first payment (its reference is the gift's), or a renewal of a monthly
// gift (the provider's reference, the gift's plan). Null when it is not a gift's at all.
export async function settleGiftCharge(ctx: GiftContext, charge: Charge): Promise<GiftOutcome | null> {
  if (charge.status !== 'success') return 'not-paid';
  const first = await pledgeBy(ctx, 'reference', charge.reference);
  const pledge = first ?? (charge.planCode ? await pledgeBy(ctx, 'planCode', charge.planCode) : null);
  if (!pledge) return null;
  if (!sameGiver(pledge, charge.email)) return 'giver';
  // The first payment of a monthly gift comes with its plan: another gift's plan is refused.
  if (first && charge.planCode !== undefined && charge.planCode !== pledge.planCode) return 'plan';
  const wrong = mismatch(pledge, charge.amount, charge.currency);
  if (wrong) return wrong;
  const entry: GiftEntry = {
    key: `gift-paid:${keyPart(charge.reference)}`,
    kind: 'paid',
    at: charge.paidAt ?? ctx.now(),
    ...pledgeFields(pledge),
    amount: charge.amount,
    currency: charge.currency,
    reference: charge.reference,
    renewal: !first,
    channel: charge.channel,
  };
  return record(ctx, pledge, entry, 'paid');
}

// A subscription started or ended, for the plan of one monthly gift, by that gift's giver.
export async function settleSubscription(ctx: GiftContext, subscription: Subscription): Promise<GiftOutcome> {
  const pledge = await pledgeBy(ctx, 'planCode', subscription.planCode);
  if (!pledge) return 'unknown';
  if (!sameGiver(pledge, subscription.email)) return 'giver';
  if (subscription.currency && subscription.currency !== pledge.currency) return 'currency';
  if (subscription.change === 'disabled') return stopGift(ctx, pledge, subscription.code, 'provider');
  const entry: GiftEntry = {
    key: `gift-sub:${keyPart(subscription.code)}`,
    kind: 'subscribed',
    at: ctx.now(),
    ...pledgeFields(pledge),
    amount: Number(pledge.amount),
    currency: String(pledge.currency),
    subscriptionCode: subscription.code,
    emailToken: subscription.emailToken,
    planCode: subscription.planCode,
  };
  return record(ctx, pledge, entry, 'subscribed');
}

// A renewal that could not be charged: once per invoice.
export async function settleRenewalFailure(ctx: GiftContext, failure: RenewalFailure): Promise<GiftOutcome> {
  const subscribed = (await ctx.store.giftEntries({ field: 'subscriptionCode', value: failure.subscriptionCode })).find(
    (entry) => entry.kind === 'subscribed',
  );
  const pledge = subscribed ? await pledgeBy(ctx, 'giftId', subscribed.giftId) : null;
  if (!pledge) return 'unknown';
  if (failure.planCode && failure.planCode !== pledge.planCode) return 'plan';
  if (!sameGiver(pledge, failure.email)) return 'giver';
  if (failure.currency && failure.currency !== pledge.currency) return 'currency';
  const entry: GiftEntry = {
    key: `gift-failed:${keyPart(failure.invoiceCode)}`,
    kind: 'failed',
    at: ctx.now(),
    ...pledgeFields(pledge),
    amount: failure.amount,
    currency: String(pledge.currency),
    invoiceCode: failure.invoiceCode,
    subscriptionCode: failure.subscriptionCode,
  };
  return record(ctx, pledge, entry, 'failed');
}

// A monthly gift's end, whether the giver stopped it here or the provider reports it ended: one entry
// per subscription, one mail.
export async function stopGift(
  ctx: GiftContext,
  pledge: GiftEntry,
  subscriptionCode: string,
  by: 'giver' | 'provider',
): Promise<GiftOutcome> {
  const entry: GiftEntry = {
    key: `gift-stop:${keyPart(subscriptionCode)}`,
    kind: 'stopped',
    at: ctx.now(),
    ...pledgeFields(pledge),
    amount: Number(pledge.amount),
    currency: String(pledge.currency),
    subscriptionCode,
    stoppedBy: by,
  };
  return record(ctx, pledge, entry, 'stopped');
}

async function record(
  ctx: GiftContext,
  pledge: GiftEntry,
  entry: GiftEntry,
  mail: Parameters<typeof giftMail>[3],
): Promise<GiftOutcome> {
  const done = await ctx.store.recordGift(entry, [giftMail(ctx, pledge, entry, mail)]);
  if (done) ctx.log('info', `gift ${entry.kind} recorded`, { giftId: entry.giftId, key: entry.key });
  return done ? 'done' : 'already';
}
