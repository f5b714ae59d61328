import { toLang } from '@/lib/i18n';
import { isProviderUnavailable } from '@/lib/payments';

import type { GiftContext } from './context';
import { giftsOf } from './ledger';
import { GIFT_REFERENCE, manageUrl } from './links';
import { settleGiftCharge } from './settle';

// The thank-you page the provider sends the giver back to, with the gift's reference: paid (with the
// manage link), still on its way, or unknown. A payment the webhook has not yet brought is asked of the
// provider and recorded the same way (once, with its receipt).
export type Thanks =
  | { state: 'paid'; amount: number; currency: string; monthly: boolean; manage: string }
  | { state: 'pending' | 'unknown' };

export async function giftThanks(ctx: GiftContext, reference: unknown): Promise<Thanks> {
  if (typeof reference !== 'string' || !GIFT_REFERENCE.test(reference)) return { state: 'unknown' };
  const pledgeOf = async () =>
    giftsOf(await ctx.store.giftEntries({ field: 'giftId', value: await giftIdOf(ctx, reference) })).at(0);
  let gift = await pledgeOf();
  if (!gift) return { state: 'unknown' };
  if (gift.payments.length === 0 && ctx.provider) {
    try {
      const charge = await ctx.provider.verify(reference);
      if (charge.status === 'success') await settleGiftCharge(ctx, charge);
    } catch (error) {
      if (!isProviderUnavailable(error)) throw error;
    }
    gift = await pledgeOf();
  }
  if (!gift || gift.payments.length === 0) return { state: 'pending' };
  const { pledge } = gift;
  return {
    state: 'paid',
    amount: Number(pledge.amount),
    currency: String(pledge.currency),
    monthly: pledge.frequency === 'monthly',
    manage: manageUrl(ctx.siteUrl, ctx.secret, String(pledge.email), toLang(pledge.lang)),
  };
}

async function giftIdOf(ctx: GiftContext, reference: string): Promise<string> {
  const found = await ctx.store.giftEntries({ field: 'reference', value: reference });
  return String(found.find((entry) => entry.kind === 'pledge')?.giftId ?? '');
}
