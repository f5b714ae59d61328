import { config } from '@/lib/config';
import { wallClockIn } from '@/lib/content/schedule';
import { formatGift, giftsOf, isGiftCurrency, type Gift } from '@/lib/gifts';
import { defaultLang } from '@/lib/i18n';
import { log } from '@/lib/log';
import { getStore, type GiftEntry, type StaffSession } from '@/lib/storage';
import { auditEntry } from '@/lib/team';
import { giftStaffText } from '@/messages/gifts';

import { csvStream, xlsxStream, type Cell } from './export';

// The workspace's gifts (docs/staff.md, "Gifts"): every payment received, filtered by frequency,
// currency and month; totals per currency and month; the renewals that failed; and the download. Read
// from the gifts' entries (lib/storage/gifts.ts), never shown outside the workspace.
export interface GiftFilters {
  frequency: 'once' | 'monthly' | null;
  currency: string | null;
  // YYYY-MM, in the organisation's time zone.
  month: string | null;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function giftFilters(query: URLSearchParams | Record<string, unknown>): GiftFilters {
  const get = (key: string) => {
    const value = query instanceof URLSearchParams ? query.get(key) : query[key];
    return typeof value === 'string' ? value : '';
  };
  const frequency = get('frequency');
  const currency = get('currency').toUpperCase();
  const month = get('month');
  return {
    frequency: frequency === 'once' || frequency === 'monthly' ? frequency : null,
    currency: isGiftCurrency(currency) ? currency : null,
    month: MONTH.test(month) ? month : null,
  };
}

export const monthOf = (at: number, timeZone: string) => wallClockIn(at, timeZone).toISOString().slice(0, 7);

export interface GiftPayment {
  entry: GiftEntry;
  gift: Gift;
  month: string;
}

function matches(entry: GiftEntry, month: string, filters: GiftFilters) {
  return (
    (!filters.frequency || entry.frequency === filters.frequency) &&
    (!filters.currency || entry.currency === filters.currency) &&
    (!filters.month || month === filters.month)
  );
}

export interface GiftsView {
  payments: GiftPayment[];
  failures: GiftPayment[];
  totals: { month: string; currency: string; count: number; amount: number }[];
}

// Newest first; totals newest month first, then by currency.
export async function giftsView(filters: GiftFilters, timeZone = config().staff.timeZone): Promise<GiftsView> {
  const gifts = giftsOf(await getStore().giftEntries());
  const rows = (pick: (gift: Gift) => GiftEntry[]) =>
    gifts
      .flatMap((gift) => pick(gift).map((entry) => ({ entry, gift, month: monthOf(entry.at, timeZone) })))
      .filter((row) => matches(row.entry, row.month, filters))
      .sort((a, b) => b.entry.at - a.entry.at);
  const payments = rows((gift) => gift.payments);
  const totals = new Map<string, { month: string; currency: string; count: number; amount: number }>();
  for (const { entry, month } of payments) {
    const key = `${month} ${String(entry.currency)}`;
    const total = totals.get(key) ?? { month, currency: String(entry.currency), count: 0, amount: 0 };
    total.count += 1;
    total.amount += Number(entry.amount);
    totals.set(key, total);
  }
  return {
    payments,
    failures: rows((gift) => gift.failures),
    totals: [...totals.values()].sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency)),
  };
}

export const giftAmount = (entry: Record<string, unknown>) =>
  formatGift(Number(entry.amount), String(entry.currency), defaultLang);

function giftRow({ entry, gift }: GiftPayment): Cell[] {
  const { pledge } = gift;
  return [
    { date: entry.at },
    String(pledge.email ?? ''),
    String(pledge.name ?? ''),
    String(pledge.lang ?? ''),
    pledge.frequency === 'monthly' ? giftStaffText.monthly : giftStaffText.once,
    entry.renewal === true ? giftStaffText.renewal : giftStaffText.first,
    String(entry.currency ?? ''),
    (Number(entry.amount) / 100).toFixed(2),
    String(entry.reference ?? ''),
    pledge.giftId,
    String(pledge.message ?? ''),
  ];
}

// The payments the filters find, as CSV or XLSX, recorded in the audit trail before it is sent.
export async function giftDownload(session: StaffSession, query: URLSearchParams, now: number) {
  const format = query.get('format');
  if (format !== 'csv' && format !== 'xlsx') return 'bad-request' as const;
  const filters = giftFilters(query);
  const { payments } = await giftsView(filters);
  const headings = [...giftStaffText.columns];
  const detail = `gifts ${[filters.frequency, filters.currency, filters.month].filter(Boolean).join(' ') || 'all'} ${format} (${payments.length} rows)`;
  try {
    await getStore().addAudit(auditEntry('export', session.email, detail, now));
  } catch (error) {
    log.error({ err: error }, 'gifts export not recorded, so not sent');
    return 'unrecorded' as const;
  }
  async function* pages() {
    yield payments.map(giftRow);
  }
  const filename = `gifts-${new Date(now).toISOString().slice(0, 10)}`;
  return format === 'csv'
    ? { filename: `${filename}.csv`, contentType: 'text/csv; charset=utf-8', body: csvStream(headings, pages()) }
    : {
        filename: `${filename}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await xlsxStream(headings, pages(), giftStaffText.sheet),
      };
}
