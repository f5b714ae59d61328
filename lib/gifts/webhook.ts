import type { GiftEvents } from '@/lib/payments';

import type { GiftContext } from './context';
import { settleGiftCharge, settleRenewalFailure, settleSubscription, type GiftOutcome } from './settle';

// The gifts' part of the payment webhook (lib/payments/webhook.ts checks the signature and reads the
// event): a gift's charge, a subscription's start or end, a failed renewal. A recorded event is a 200,
// a repeat of one too (it changes nothing); an event for no gift is a 404, and one that does not match
// its gift (another amount, currency, plan or giver) a 422, which changes nothing; a store that does not
// commit is a 503, so the provider delivers it again.
const answer = (status: number, text: string) =>
  new Response(`${text}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

export function giftEvents(ctx: GiftContext): GiftEvents {
  return async (event) => {
    let outcome: GiftOutcome | null;
    try {
      if (event.kind === 'charge-success') outcome = await settleGiftCharge(ctx, event.charge);
      else if (event.kind === 'subscription') outcome = await settleSubscription(ctx, event.subscription);
      else outcome = await settleRenewalFailure(ctx, event.failure);
    } catch (error) {
      ctx.log('warn', `gift webhook not committed, the provider will deliver it again: ${(error as Error).message}`);
      return answer(503, 'Not recorded yet: deliver it again later.');
    }
    switch (outcome) {
      case null:
        return null;
      case 'done':
        return answer(200, 'Recorded.');
      case 'already':
        ctx.log('info', `gift webhook: ${event.kind} already recorded, acknowledged (a repeat delivery)`);
        return answer(200, 'Already recorded: nothing changed.');
      case 'unknown':
        ctx.log('warn', `gift webhook refused: ${event.kind} for no gift`);
        return answer(404, 'No gift has this plan or subscription.');
      default:
        ctx.log('warn', `gift webhook refused: ${event.kind}, ${outcome} differs`);
        return answer(422, 'This event does not match its gift: nothing changed.');
    }
  };
}
