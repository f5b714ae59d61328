import { toLang } from '@/lib/i18n';
import {
  isPayable,
  type AuditEntry,
  type Collection,
  type InboxStore,
  type PayableRecord,
  type PaymentStore,
  type RecordData,
} from '@/lib/storage';

import type { ProviderAnswers } from './answers';
import { paymentReference, receiptUrl } from './links';
import { receiptMail } from './mails';
import { SUBUNITS, type Charge, type PaymentCurrency, type PaymentProvider, type Refund } from './types';

// Marking a record paid (docs/product.md §14), whoever says so: the provider's webhook, the return page
// and the pay link after asking the provider, the periodic check, or staff by hand. Each goes through
// the store's settlePayment, which commits the change, the receipt and the audit entry once per record.
export interface PaymentContext {
  store: PaymentStore & Pick<InboxStore, 'getRecord' | 'updateRecord' | 'inbox'>;
  provider: PaymentProvider | null;
  // Signs pay links and receipts, and derives references (the link secret).
  secret: string;
  siteUrl: string;
  // The organisation's time zone: the day a receipt says it was paid.
  timeZone: string;
  currency: PaymentCurrency;
  linkDays: number;
  now: () => number;
  log: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
  // What the provider answered lately (answers.ts): the server's context keeps them, so visitors'
  // links ask the provider once per reference and window; without it every visit asks.
  answers?: ProviderAnswers;
}

// Why a charge the provider reports does not pay a record: it did not succeed, or it is not this
// record's payment (another reference, another amount or currency than the record's own).
export type Refusal = 'not-paid' | 'reference' | 'amount' | 'currency';

export function chargeRefusal(data: RecordData, charge: Charge): Refusal | null {
  if (charge.status !== 'success') return 'not-paid';
  if (charge.reference !== data.payReference) return 'reference';
  if (charge.amount !== data.payAmount) return 'amount';
  if (charge.currency !== data.payCurrency) return 'currency';
  return null;
}

export const amountText = (amount: unknown, currency: unknown) =>
  `${String(currency ?? '')} ${(Number(amount ?? 0) / SUBUNITS).toFixed(2)}`;

// The record's receipt, to the address it was made with, in its language.
async function receipts(ctx: PaymentContext, record: PayableRecord, data: RecordData) {
  if (typeof data.email !== 'string' || data.email === '') return [];
  const lang = toLang(data.lang);
  const href = receiptUrl(ctx.siteUrl, ctx.secret, String(data.payReference), lang);
  return [await receiptMail(record.collection, data, lang, href, ctx.timeZone)];
}

// A charge the provider reports, checked against the record before anything is written.
export async function settleCharge(
  ctx: PaymentContext,
  record: PayableRecord,
  charge: Charge,
  via: 'webhook' | 'return page' | 'pay link' | 'check',
): Promise<'done' | 'already' | 'missing' | Refusal> {
  const refusal = chargeRefusal(record.data, charge);
  if (refusal) return refusal;
  if (!ctx.provider) return 'missing';
  const now = ctx.now();
  const changes: RecordData = {
    payStatus: 'paid',
    paidAt: charge.paidAt ?? now,
    payMethod: ctx.provider.name,
    payChannel: charge.channel,
  };
  const audit: AuditEntry = {
    at: now,
    who: ctx.provider.label,
    what: 'paid',
    detail: `${via}: ${amountText(charge.amount, charge.currency)}, ${charge.reference}`,
    record: { collection: record.collection, id: record.id },
  };
  const outcome = await ctx.store.settlePayment(
    record.collection,
    record.id,
    'paid',
    changes,
    await receipts(ctx, record, { ...record.data, ...changes }),
    audit,
  );
  if (outcome === 'done') {
    ctx.log('info', `payment ${charge.reference} marked paid (${via})`, { recordId: record.id });
  }
  return outcome;
}

// A refund made on the provider's dashboard, as its webhook reports it. Only a whole refund of a paid
// record marks it refunded; a part refunded is told back ('partial') for staff to note by hand, since
// the record is still paid for the rest.
export async function settleRefund(
  ctx: PaymentContext,
  record: PayableRecord,
  refund: Refund,
): Promise<'done' | 'already' | 'missing' | 'not-paid' | 'partial' | 'currency'> {
  const { data } = record;
  if (!ctx.provider || refund.reference !== data.payReference) return 'missing';
  if (data.payStatus === 'refunded') return 'already';
  if (data.payStatus !== 'paid') return 'not-paid';
  if (refund.currency !== data.payCurrency) return 'currency';
  if (refund.amount !== data.payAmount) return 'partial';
  const now = ctx.now();
  const label = ctx.provider.label;
  const detail = `webhook: ${amountText(refund.amount, refund.currency)}, ${refund.reference}`;
  const changes = { payStatus: 'refunded', refundedAt: now, refundedBy: label, refundNote: detail };
  const about = { collection: record.collection, id: record.id };
  const audit: AuditEntry = { at: now, who: label, what: 'refunded', detail, record: about };
  const outcome = await ctx.store.settlePayment(record.collection, record.id, 'refunded', changes, [], audit);
  if (outcome === 'done') ctx.log('info', `payment ${refund.reference} refunded (webhook)`, { recordId: record.id });
  return outcome;
}

// What staff record by hand: a payment (cash, a bank transfer) with its amount, or a refund.
export type ByHand =
  | { settlement: 'paid'; amount: number; currency: PaymentCurrency; note: string }
  | { settlement: 'refunded'; note: string };

export async function settleByHand(
  ctx: PaymentContext,
  ref: { collection: Collection; id: string },
  staff: string,
  entry: ByHand,
): Promise<'done' | 'already' | 'missing' | 'not-paid'> {
  const { collection } = ref;
  if (!isPayable(collection)) return 'missing';
  const found = await ctx.store.getRecord(collection, ref.id);
  if (!found) return 'missing';
  const record: PayableRecord = { ...found, collection };
  const now = ctx.now();
  const about = { collection, id: ref.id };
  if (entry.settlement === 'refunded') {
    if (record.data.payStatus !== 'paid') return 'not-paid';
    const changes = { payStatus: 'refunded', refundedAt: now, refundedBy: staff, refundNote: entry.note };
    const audit = { at: now, who: staff, what: 'refunded' as const, detail: entry.note, record: about };
    return ctx.store.settlePayment(collection, ref.id, 'refunded', changes, [], audit);
  }
  const changes: RecordData = {
    payStatus: 'paid',
    paidAt: now,
    payMethod: 'hand',
    payNote: entry.note,
    paidBy: staff,
    payAmount: entry.amount,
    payCurrency: entry.currency,
    // A record from before payments existed gets its reference now, for its receipt.
    payReference:
      typeof record.data.payReference === 'string'
        ? record.data.payReference
        : paymentReference(ctx.secret, `record:${collection}:${ref.id}`),
  };
  const audit: AuditEntry = {
    at: now,
    who: staff,
    what: 'paid',
    detail: `by hand: ${amountText(entry.amount, entry.currency)}${entry.note ? `, ${entry.note}` : ''}`,
    record: about,
  };
  const data = { ...record.data, ...changes };
  return ctx.store.settlePayment(collection, ref.id, 'paid', changes, await receipts(ctx, record, data), audit);
}
