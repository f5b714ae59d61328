import { config } from '@/lib/config';
import { defaultLang, localeUrl, toLang } from '@/lib/i18n';
import { kickOutbox } from '@/lib/mail/worker';
import {
  amountText,
  charged,
  courseDue,
  eventDue,
  formatCharge,
  offerDue,
  owesNow,
  paymentContext,
  paymentReminder,
  payUrl,
  settleByHand,
  SUBUNITS,
  type PaymentCurrency,
} from '@/lib/payments';
import {
  getStore,
  isPayable,
  parseItem,
  paymentStatuses,
  subscriberKey,
  type Collection,
  type PaymentStatus,
  type RecordData,
} from '@/lib/storage';
import { auditEntry, type Staff } from '@/lib/team';
import { staffText } from '@/messages/staff';

import { localClock } from './digest';
import { allRecords } from './inbox';

// What staff do about payments (docs/staff.md, "Payments"): mark one paid by hand (cash, a bank
// transfer) or refunded, and mail a reminder to everyone on a list who has not paid. Every change is
// committed with its audit entry.

// A record's payment state, or null for a record that owes nothing (a free course, another form, or
// a record from before payments).
export function paymentOf(data: RecordData): PaymentStatus | null {
  return paymentStatuses.includes(data.payStatus as PaymentStatus) ? (data.payStatus as PaymentStatus) : null;
}

// A record's payment as a list row names it: its state and the amount in the record's own currency
// ('Paid ₦200,000', 'Unpaid $105'), as stored with it; the state alone for a record without an amount.
export function paymentLine(data: RecordData, state: PaymentStatus): string {
  const words = staffText.payments.states[state];
  if (typeof data.payAmount !== 'number' || typeof data.payCurrency !== 'string') return words;
  return `${words} ${formatCharge(data.payAmount, data.payCurrency, defaultLang)}`;
}

// An amount staff type, in units with at most two decimals ('105', '157500.50').
export const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

// Staff's own `now` for the settlement's times and entries.
const staffContext = (now: number) => ({ ...paymentContext('staff'), now: () => now });

export async function markPaidByHand(
  session: Staff,
  ref: { collection: Collection; id: string },
  entry: { amount: string; currency: PaymentCurrency; note: string },
  now: number,
) {
  const amount = Math.round(Number(entry.amount) * SUBUNITS);
  return settleByHand(staffContext(now), ref, session.email, {
    settlement: 'paid',
    amount,
    currency: entry.currency,
    note: entry.note,
  });
}

export async function refundByHand(
  session: Staff,
  ref: { collection: Collection; id: string },
  note: string,
  now: number,
) {
  return settleByHand(staffContext(now), ref, session.email, { settlement: 'refunded', note });
}

// Where a reminder sends someone to pay: the record's pay link with a provider, else the course's own
// payment page, else the offer's page (staff then take the payment by hand).
async function payHref(collection: Collection, data: RecordData, now: number): Promise<string> {
  const ctx = paymentContext('staff');
  const lang = toLang(data.lang);
  if (ctx.provider && typeof data.payReference === 'string') {
    return payUrl(ctx.siteUrl, ctx.secret, data.payReference, lang, now, ctx.linkDays);
  }
  const { cmsCourseByKey } = await import('@/lib/cms');
  const course = collection === 'enrolment' ? await cmsCourseByKey(String(data.course ?? ''), lang) : undefined;
  if (collection === 'user') return localeUrl(ctx.siteUrl, lang, `/events/${String(data.event ?? '')}`);
  return course?.pay_link || localeUrl(ctx.siteUrl, lang, `/offers/${String(data.offer ?? '')}`);
}

// A reminder to each person on the list of `itemKey` who has not paid, at most once per address and day
// (in the organisation's time zone): a second press the same day mails nobody twice.
export async function remindUnpaid(
  session: Staff,
  itemKey: string,
  now: number,
): Promise<{ sent: number; skipped: number } | null> {
  const item = parseItem(itemKey);
  if (!item || !isPayable(item.collection)) return null;
  const { collection } = item;
  const timeZone = config().staff.timeZone;
  const day = localClock(now, timeZone).date;
  const unpaid = await allRecords(collection, { field: item.field, value: item.value }, 'unpaid');
  // One person, one payment per item: an address that paid under another record of the list is not
  // reminded (lib/payments/payers.ts).
  const paid = new Set(
    (await allRecords(collection, { field: item.field, value: item.value }, 'paid')).flatMap((record) =>
      typeof record.data.email === 'string' ? [subscriberKey(record.data.email)] : [],
    ),
  );
  let sent = 0;
  for (const record of unpaid) {
    const { data } = record;
    if (typeof data.email !== 'string' || data.email === '' || !owesNow(data)) continue;
    if (paid.has(subscriberKey(data.email))) continue;
    const lang = toLang(data.lang);
    const amount = formatCharge(Number(data.payAmount ?? 0), String(data.payCurrency ?? 'USD'), lang);
    const mail = {
      ...(await paymentReminder(
        collection,
        data,
        lang,
        { href: await payHref(collection, data, now), amount },
        timeZone,
      )),
      onceKey: JSON.stringify(['pay-reminder', data.email.toLowerCase(), day]),
    };
    const audit = auditEntry('pay-reminder', session.email, '', now, { collection, id: record.id });
    if (await getStore().mailAboutRecord(collection, record.id, { payRemindedAt: now }, mail, audit)) sent += 1;
  }
  if (sent > 0) kickOutbox();
  return { sent, skipped: unpaid.length - sent };
}

// A record's payment as the workspace shows it: its state, what it owes or paid ('USD 105.00'), and
// the amount and currency the "mark paid by hand" form starts from. A record of a course with a fee or
// an offer stored before payments existed owes the price the CMS gives it now. Null when nothing is due.
export async function paymentView(collection: Collection, data: RecordData) {
  if (!isPayable(collection)) return null;
  const state = paymentOf(data);
  // A registration that holds no place owes nothing; one that paid and then gave its place back still
  // shows it paid, so staff see what to refund.
  if (!owesNow(data) && (state === null || state === 'unpaid')) return null;
  let amount = typeof data.payAmount === 'number' ? data.payAmount : null;
  let currency = typeof data.payCurrency === 'string' ? data.payCurrency : config().payments.currency;
  if (amount === null) {
    const { cmsCourseByKey, cmsEvent, cmsOffer } = await import('@/lib/cms');
    const ticket = typeof data.ticket === 'string' ? data.ticket : undefined;
    const due =
      collection === 'enrolment'
        ? courseDue((await cmsCourseByKey(String(data.course ?? ''), defaultLang)) ?? { cost: 'Free' })
        : collection === 'user'
          ? eventDue((await cmsEvent(String(data.event ?? ''), defaultLang)) ?? {}, ticket)
          : offerDue((await cmsOffer(String(data.offer ?? ''), defaultLang)) ?? { nowPrice: 0 });
    if (!due || due.dollars === 0) return null;
    ({ amount, currency } = charged(due, config().payments));
  }
  return {
    state: state ?? 'unpaid',
    due: amountText(amount, currency),
    formAmount: (amount / SUBUNITS).toFixed(amount % SUBUNITS === 0 ? 0 : 2),
    currency: currency as PaymentCurrency,
  };
}
