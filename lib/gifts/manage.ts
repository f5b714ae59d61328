import { isProviderUnavailable } from '@/lib/payments';

import type { GiftContext } from './context';
import { giftsOf, type Gift } from './ledger';
import { GIFT_ID, readManageToken } from './links';
import { stopGift } from './settle';

// The "manage my gift" link (docs/product.md §15): the signed address of a giver shows that address's
// gifts, and stops one of its monthly gifts, with no account. A link this site did not sign (forged,
// altered) shows nothing; a gift of another address is refused as if it did not exist.
export async function giverGifts(ctx: GiftContext, token: unknown): Promise<{ email: string; gifts: Gift[] } | null> {
  const email = readManageToken(ctx.secret, token, ctx.now());
  if (!email) return null;
  const pledges = await ctx.store.giftEntries({ field: 'email', value: email });
  // Every entry of a gift carries the giver's address as the gift keeps it.
  return {
    email,
    gifts: giftsOf(pledges)
      .filter((gift) => gift.payments.length > 0)
      .reverse(),
  };
}

export type StopOutcome =
  'stopped' | 'already' | 'bad-link' | 'not-yours' | 'not-monthly' | 'not-started' | 'refused' | 'unavailable';

async function giverGift(ctx: GiftContext, token: unknown, giftId: unknown) {
  const mine = await giverGifts(ctx, token);
  if (!mine) return 'bad-link' as const;
  const gift =
    typeof giftId === 'string' && GIFT_ID.test(giftId) ? mine.gifts.find((g) => g.pledge.giftId === giftId) : undefined;
  return gift ?? ('not-yours' as const);
}

// Stops a monthly gift through the provider's API, then records its end (one entry, one mail); the
// provider's own `subscription.disable` that follows finds it recorded and changes nothing.
export async function stopMyGift(ctx: GiftContext, token: unknown, giftId: unknown): Promise<StopOutcome> {
  const gift = await giverGift(ctx, token, giftId);
  if (typeof gift === 'string') return gift;
  if (gift.pledge.frequency !== 'monthly') return 'not-monthly';
  if (gift.stopped) return 'already';
  const subscription = gift.subscription;
  const code = String(subscription?.subscriptionCode ?? '');
  const emailToken = String(subscription?.emailToken ?? '');
  if (!code) return 'not-started';
  const provider = ctx.provider?.subscriptions;
  if (!provider) return 'unavailable';
  try {
    if (!emailToken) return 'refused';
    await provider.disableSubscription(code, emailToken);
  } catch (error) {
    ctx.log('warn', `gift not stopped by the provider: ${(error as Error).message}`, { giftId: gift.pledge.giftId });
    return isProviderUnavailable(error) ? 'unavailable' : 'refused';
  }
  const outcome = await stopGift(ctx, gift.pledge, code, 'giver');
  return outcome === 'done' ? 'stopped' : 'already';
}

// The provider's own page for a monthly gift (changing the card, or cancelling there).
export async function providerManageLink(
  ctx: GiftContext,
  token: unknown,
  giftId: unknown,
): Promise<{ url: string } | Exclude<StopOutcome, 'stopped' | 'already'>> {
  const gift = await giverGift(ctx, token, giftId);
  if (typeof gift === 'string') return gift;
  if (gift.pledge.frequency !== 'monthly') return 'not-monthly';
  const code = String(gift.subscription?.subscriptionCode ?? '');
  if (!code) return 'not-started';
  const provider = ctx.provider?.subscriptions;
  if (!provider) return 'unavailable';
  try {
    return { url: await provider.manageLink(code) };
  } catch (error) {
    return isProviderUnavailable(error) ? 'unavailable' : 'refused';
  }
}
