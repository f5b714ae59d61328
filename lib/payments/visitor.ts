import { toLang, type Lang } from '@/lib/i18n';
import type { PayableRecord } from '@/lib/storage';

import type { AnswerKind } from './answers';
import { isPaymentReference, payPath, readPayToken, returnUrl } from './links';
import { keptRecord, paidElsewhere } from './payers';
import { formatCharge } from './price';
import { receiptOf } from './receipt';
import { owesNow } from './record';
import { settleCharge, type PaymentContext } from './settle';
import type { Charge, PaymentProvider } from './types';

// The visitor's side of a payment (docs/product.md §14): the pay link sends them to the provider's page
// for their record, and the return page asks the provider, on the server, before it says "Paid". Nothing
// in a query string is believed: the reference only names what to ask about.

// Where GET /pay/<token> sends the visitor: the provider's page, or the return page with what stopped it.
export type PayOutcome =
  { to: 'provider'; url: string } | { to: 'return'; reference?: string; problem?: 'down' | 'expired' | 'invalid' };

export async function startPayment(ctx: PaymentContext, token: string, lang: Lang): Promise<PayOutcome> {
  const signed = readPayToken(ctx.secret, token, ctx.now());
  if (!signed) return { to: 'return', problem: 'invalid' };
  const { reference } = signed;
  if (signed.expired) return { to: 'return', reference, problem: 'expired' };
  const record = await ctx.store.findPayment(reference);
  // Unknown (forgotten), already paid or refunded, or a place given back: the return page says which.
  if (!record || record.data.payStatus !== 'unpaid' || !owesNow(record.data)) return { to: 'return', reference };
  // One person, one payment per item (lib/payments/payers.ts): a record merged into another pays under
  // that one's reference; one whose address paid for the item under another record owes nothing.
  const kept = await keptRecord(ctx.store, record);
  if (kept && typeof kept.data.payReference === 'string') return { to: 'return', reference: kept.data.payReference };
  if (await paidElsewhere(ctx.store, record)) return { to: 'return', reference };
  const { provider } = ctx;
  if (!provider) return { to: 'return', reference, problem: 'down' };
  // Asked once per reference and window (lib/payments/answers.ts): visits meanwhile reuse the outcome,
  // and a provider that did not answer is asked again a few seconds later.
  return askOnce(
    ctx,
    `pay ${reference}`,
    () => providerStep(ctx, provider, record, reference, lang),
    (outcome) => (outcome.to === 'return' && outcome.problem === 'down' ? 'failure' : 'answer'),
  );
}

// The provider's part of a pay link: its page for this payment, or the return page if paid meanwhile.
async function providerStep(
  ctx: PaymentContext,
  provider: PaymentProvider,
  record: PayableRecord,
  reference: string,
  lang: Lang,
): Promise<PayOutcome> {
  try {
    // The provider takes a reference once: a visitor back on the link goes to the page it gave the
    // first time, unless the payment went through meanwhile (a lost webhook) or the provider forgot it.
    if (typeof record.data.payUrl === 'string') {
      const charge = await verified(ctx, provider, reference);
      if (charge.status === 'success') {
        await settleCharge(ctx, record, charge, 'pay link');
        return { to: 'return', reference };
      }
      if (charge.status !== 'unknown') return { to: 'provider', url: record.data.payUrl };
    }
    const { url } = await provider.initialise({
      reference,
      // What the record owes, as stored: its amount and its own currency (the one its visitor chose, or
      // the site's when it was stored), never the site's currency now.
      amount: Number(record.data.payAmount),
      currency: typeof record.data.payCurrency === 'string' ? record.data.payCurrency : ctx.currency,
      email: String(record.data.email),
      callbackUrl: returnUrl(ctx.siteUrl, lang),
      metadata: {
        record: `${record.collection}/${record.id}`,
        item: (await receiptOf(record.collection, record.data, lang, ctx.timeZone)).item,
      },
    });
    const startedAt = typeof record.data.payStartedAt === 'number' ? record.data.payStartedAt : ctx.now();
    await ctx.store.updateRecord(record.collection, record.id, { payUrl: url, payStartedAt: startedAt });
    return { to: 'provider', url };
  } catch (error) {
    const name = (error as Error).name;
    if (name !== 'ProviderUnavailable' && name !== 'ProviderRefused') throw error;
    // Two clicks at once: the other one's page is stored by now.
    const again = name === 'ProviderRefused' ? await ctx.store.getRecord(record.collection, record.id) : null;
    if (typeof again?.data.payUrl === 'string') return { to: 'provider', url: again.data.payUrl };
    ctx.log('warn', `payment ${reference} not started: ${(error as Error).message}`, { recordId: record.id });
    return { to: 'return', reference, problem: 'down' };
  }
}

// The answer to `ask`, once per key and window when the context keeps answers (the server's does).
function askOnce<T>(ctx: PaymentContext, key: string, ask: () => Promise<T>, kind: (answer: T) => AnswerKind) {
  return ctx.answers ? ctx.answers.once(key, ask, kind) : ask();
}

// How the payment of `reference` stands, as the provider said within the window (a payment made, for
// longer): shared by the pay link and the return page.
function verified(ctx: PaymentContext, provider: PaymentProvider, reference: string): Promise<Charge> {
  return askOnce(
    ctx,
    `verify ${reference}`,
    () => provider.verify(reference),
    (charge) => (charge.status === 'success' ? 'paid' : 'answer'),
  );
}

// What the return page shows, once the provider was asked.
export type ReturnState =
  | { state: 'paid' | 'refunded'; record: PayableRecord }
  | { state: 'pending' | 'failed' | 'expired'; record: PayableRecord; payHref: string }
  | { state: 'down' | 'mismatch' | 'given-back' | 'already-paid'; record: PayableRecord }
  | { state: 'unknown' | 'invalid' };

export async function returnState(
  ctx: PaymentContext,
  query: { reference?: unknown; problem?: unknown },
  lang: Lang,
): Promise<ReturnState> {
  const { reference, problem } = query;
  if (!isPaymentReference(reference)) return { state: problem === 'invalid' ? 'invalid' : 'unknown' };
  const record = await ctx.store.findPayment(reference);
  if (!record) return { state: 'unknown' };
  if (record.data.payStatus === 'paid' || record.data.payStatus === 'refunded') {
    return { state: record.data.payStatus, record };
  }
  // A record merged into another shows that one's state; one whose address paid for the item under
  // another record says so, and asks the provider nothing.
  const kept = await keptRecord(ctx.store, record);
  if (kept && kept.data.mergedInto === undefined && isPaymentReference(kept.data.payReference)) {
    return returnState(ctx, { reference: kept.data.payReference }, lang);
  }
  if (await paidElsewhere(ctx.store, record)) return { state: 'already-paid', record };
  // A place given back (docs/product.md §9) owes nothing: no new pay link. A payment made before is
  // still marked by the webhook or the periodic check, and staff see it paid, for a refund.
  if (!owesNow(record.data)) return { state: 'given-back', record };
  const payHref = payPath(ctx.secret, reference, lang, ctx.now(), ctx.linkDays);
  if (problem === 'expired') return { state: 'expired', record, payHref };
  if (!ctx.provider || problem === 'down') return { state: 'down', record };
  let charge: Charge;
  try {
    charge = await verified(ctx, ctx.provider, reference);
  } catch (error) {
    if ((error as Error).name !== 'ProviderUnavailable') throw error;
    ctx.log('warn', `payment ${reference} not verified on return: ${(error as Error).message}`, {
      recordId: record.id,
    });
    return { state: 'down', record };
  }
  if (charge.status === 'failed') return { state: 'failed', record, payHref };
  if (charge.status !== 'success') return { state: 'pending', record, payHref };
  const outcome = await settleCharge(ctx, record, charge, 'return page');
  if (outcome === 'done' || outcome === 'already') {
    const settled = await ctx.store.findPayment(reference);
    return settled ? { state: 'paid', record: settled } : { state: 'unknown' };
  }
  ctx.log('warn', `payment ${reference} not marked on return: ${outcome}`, { recordId: record.id });
  return outcome === 'missing' ? { state: 'unknown' } : { state: 'mismatch', record };
}

// The amount due and the item, as the visitor's language writes them.
export async function paymentFacts(record: PayableRecord, lang: Lang, timeZone: string) {
  return {
    amount: formatCharge(Number(record.data.payAmount ?? 0), String(record.data.payCurrency ?? 'USD'), lang),
    item: (await receiptOf(record.collection, record.data, lang, timeZone)).item,
    reference: String(record.data.payReference ?? ''),
    lang: toLang(record.data.lang),
  };
}
