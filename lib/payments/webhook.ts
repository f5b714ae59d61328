import { readRawBody } from '@/lib/http/read-body';

import { amountText, settleCharge, settleRefund, type PaymentContext } from './settle';
import type { PaymentEvent, Refund } from './types';

// What the webhook hands to gifts (lib/gifts, which stands beside payments): the events about
// subscriptions, and a charge whose reference no record owes. It answers, or, with null, leaves the
// charge to be refused as unknown.
export type GiftEvents = (event: Exclude<PaymentEvent, { kind: 'ignored' | 'refund' }>) => Promise<Response | null>;

// A provider's webhook, POST /api/payments/<provider> (docs/security.md, "Payment webhook"): posted
// server to server, so no origin or XSRF rule applies; the signature over the raw body is the proof.
// What it trusts, in order: the signature, then the event's reference, amount and currency against the
// stored record's own. The record, its audit entry and its receipt are one commit, and the answer is
// 200 only after it, or for a repeat of an event already recorded, which changes nothing. Anything else
// marks nothing and gets a 4xx in words and one log line; only a store that fails to commit is a 503,
// so the provider delivers again later.

// A charge event is a few kilobytes; the proxy layer itself lets at most PROXY_BODY_LIMIT through.
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

const answer = (status: number, text: string) =>
  new Response(`${text}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

export async function handleWebhook(
  ctx: PaymentContext,
  providerName: string,
  request: Request,
  gifts?: GiftEvents,
): Promise<Response> {
  const { provider } = ctx;
  const refuse = (status: number, text: string, reason: string, fields: Record<string, unknown> = {}) => {
    ctx.log('warn', `payment webhook refused: ${reason}`, { provider: providerName.slice(0, 40), ...fields });
    return answer(status, text);
  };
  if (!provider || provider.name !== providerName) {
    return refuse(404, 'No such payment provider here.', 'no such provider configured');
  }
  const body = await readRawBody(request, WEBHOOK_BODY_LIMIT);
  if (!(body instanceof Uint8Array)) return refuse(body.status, 'The body is too large or unreadable.', body.reason);
  if (!provider.verifySignature(body, request.headers)) {
    return refuse(401, 'The signature does not match.', 'bad or missing signature');
  }
  const event = provider.parseEvent(body);
  if (!event) return refuse(400, 'This is not an event of the provider.', 'signed, but not an event');
  // A genuine event the site does not act on: acknowledged, so the provider does not send it again.
  if (event.kind === 'ignored') return answer(200, `Nothing to do for ${event.event}.`);

  if (event.kind === 'refund') return refunded(ctx, event.refund, refuse);
  if (event.kind !== 'charge-success') {
    return (await gifts?.(event)) ?? answer(200, `Nothing to do for ${event.kind}.`);
  }

  const { charge } = event;
  const fields = { reference: charge.reference.slice(0, 60) };
  const record = await ctx.store.findPayment(charge.reference);
  if (!record) {
    const gift = await gifts?.(event);
    return gift ?? refuse(404, 'No payment has this reference.', 'unknown reference', fields);
  }
  const outcome = await committed(ctx, { ...fields, recordId: record.id }, () =>
    settleCharge(ctx, record, charge, 'webhook'),
  );
  if (outcome instanceof Response) return outcome;
  switch (outcome) {
    case 'done':
      return answer(200, 'Recorded.');
    case 'already':
      // Providers deliver an event more than once and retry anything but a 200 for days (Paystack: 72
      // hours). A signed event for a payment already recorded is acknowledged; it changes nothing.
      ctx.log('info', 'payment webhook: already recorded, acknowledged (a repeat delivery)', fields);
      return answer(200, 'Already recorded: nothing changed.');
    case 'missing':
      return refuse(404, 'No payment has this reference.', 'record gone', fields);
    default:
      return refuse(422, 'This charge does not match the payment due: nothing changed.', `${outcome} differs`, {
        ...fields,
        charged: amountText(charge.amount, charge.currency),
        due: amountText(record.data.payAmount, record.data.payCurrency),
      });
  }
}

type Refuse = (status: number, text: string, reason: string, fields?: Record<string, unknown>) => Response;

// A refund made on the provider's dashboard: the record it names, refunded once, in one commit with its
// audit entry; a repeat is acknowledged and changes nothing, as a charge's is.
async function refunded(ctx: PaymentContext, refund: Refund, refuse: Refuse): Promise<Response> {
  const fields = { reference: refund.reference.slice(0, 60) };
  const record = await ctx.store.findPayment(refund.reference);
  if (!record) return refuse(404, 'No payment has this reference.', 'refund of an unknown reference', fields);
  const outcome = await committed(ctx, { ...fields, recordId: record.id }, () => settleRefund(ctx, record, refund));
  if (outcome instanceof Response) return outcome;
  switch (outcome) {
    case 'done':
      return answer(200, 'Refund recorded.');
    case 'already':
      ctx.log('info', 'payment webhook: refund already recorded, acknowledged (a repeat delivery)', fields);
      return answer(200, 'Already recorded: nothing changed.');
    case 'partial':
      // Acknowledged, or the provider would deliver it for days; the record stays paid for the rest.
      ctx.log('warn', 'payment webhook: part of a payment refunded, the record stays paid: note it by hand', {
        ...fields,
        recordId: record.id,
        refunded: amountText(refund.amount, refund.currency),
      });
      return answer(200, 'Part refunded: the record stays paid.');
    case 'missing':
      return refuse(404, 'No payment has this reference.', 'record gone', fields);
    default:
      return refuse(422, 'This refund does not match a payment received: nothing changed.', `refund: ${outcome}`, {
        ...fields,
        recordId: record.id,
      });
  }
}

// A settlement's outcome, or the 503 that asks the provider to deliver again when the store did not
// commit it.
async function committed<T>(
  ctx: PaymentContext,
  fields: Record<string, unknown>,
  settle: () => Promise<T>,
): Promise<T | Response> {
  try {
    return await settle();
  } catch (error) {
    const message = (error as Error).message;
    ctx.log('warn', `payment webhook not committed, the provider will deliver it again: ${message}`, fields);
    return answer(503, 'Not recorded yet: deliver it again later.');
  }
}
