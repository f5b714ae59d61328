import { setImmediate } from 'node:timers/promises';

import { config } from '@/lib/config';
import { formColumns } from '@/lib/export';
import { SUBUNITS } from '@/lib/payments';
import { isPayable, type BookingState, type Collection, type InboxRecord, type StoredRecord } from '@/lib/storage';
import { staffText } from '@/messages/staff';

import { offThread } from './off-thread';
import { choiceLabel, languageName, localDate, type ItemNames } from './present';
import { csvHead, csvRows, isoIn, type Cell } from './sheet';

type ItemTitles = Pick<ItemNames, 'title' | 'ticket'>;

export { localDate };

// The workspace's downloads of one course, event or offer (or one form): headings in words, labels
// instead of codes, dates as dates. Rows written as CSV or XLSX.
export type { Cell };

export interface Table {
  headings: string[];
  rows: Cell[][];
}

const paymentColumns = ['payStatus', 'payAmount', 'payCurrency', 'payReference', 'paidAt', 'payMethod', 'payNote'];

// A registration's place, and for an event its attendance at the door (docs/staff.md, "Check-in").
const placeColumns: Partial<Record<Collection, string[]>> = {
  user: ['booking', 'checkInCode', 'checkedInAt', 'checkedInBy'],
  offer: ['booking'],
};

// Certificates (lib/certificates): when a learner was marked as having completed, and the code of the
// certificate each holds.
const certificateColumns: Partial<Record<Collection, string[]>> = {
  user: ['certificateCode'],
  offer: ['completedAt', 'certificateCode'],
  enrolment: ['completedAt', 'certificateCode'],
};

// The columns of one form's download: the record's fields, then what the workspace adds. Notes and
// replies stay in the workspace, where each keeps its author and time.
export function staffColumns(collection: Collection): { fields: string[]; headings: string[] } {
  // A form with places adds where each registration stands; one that takes payments, each record's
  // payment (docs/staff.md, "Payments"): a paid registration given back shows both.
  const fields = [
    ...formColumns(collection),
    'lang',
    'date',
    'staffStatus',
    'assignedTo',
    ...(placeColumns[collection] ?? []),
    ...(isPayable(collection) ? paymentColumns : []),
    ...(certificateColumns[collection] ?? []),
  ];
  return { fields, headings: fields.map((field) => staffText.fieldNames[field] ?? field) };
}

// `items` names a record's course, event or offer (itemNames).
export function rowOf(collection: Collection, fields: string[], record: StoredRecord, items: ItemTitles): Cell[] {
  return fields.map((field): Cell => {
    const value = record.data[field];
    if (field === 'date' || field === 'checkedInAt' || field === 'completedAt')
      return typeof value === 'number' ? { date: value } : '';
    if (field === 'booking') return staffText.bookingStates[(value ?? 'registered') as BookingState] ?? '';
    if (field === 'lang') return languageName(value);
    if (field === 'staffStatus') return staffText.statuses[value === 'handled' || value === 'spam' ? value : 'new'];
    if (field === 'event' || field === 'offer') return items.title(collection, record.data);
    if (field === 'ticket') return items.ticket?.(record.data) ?? (typeof value === 'string' ? value : '');
    if (field === 'paidAt') return typeof value === 'number' ? { date: value } : '';
    if (field === 'payStatus')
      return value === 'paid' || value === 'refunded' || value === 'unpaid' ? staffText.payments.states[value] : '';
    if (field === 'payAmount') return typeof value === 'number' ? (value / SUBUNITS).toFixed(2) : '';
    if (field === 'payMethod' && typeof value === 'string') return staffText.payments.methods[value] ?? value;
    return choiceLabel(field, value) ?? (value === null || value === undefined ? '' : String(value));
  });
}

export function tableOf(collection: Collection, records: InboxRecord[], items: ItemTitles): Table {
  const { fields, headings } = staffColumns(collection);
  return { headings, rows: records.map((record) => rowOf(collection, fields, record, items)) };
}

// What a sending tool imports: the confirmed subscribers (a subscriber from before confirmation existed
// has no status and counts as confirmed), their address, name, language and since when.
export const subscriberHeadings = ['Email Address', 'Name', 'Language', 'Subscribed on'];

export const isConfirmed = (record: StoredRecord) => (record.data.status ?? 'confirmed') === 'confirmed';

export function subscriberRow({ data }: StoredRecord): Cell[] {
  return [
    String(data.email ?? ''),
    String(data.name ?? ''),
    languageName(data.lang),
    typeof data.statusDate === 'number' || typeof data.date === 'number'
      ? { date: Number(data.statusDate ?? data.date) }
      : '',
  ];
}

// ISO 8601 with the organisation's offset, e.g. 2026-11-24T09:30:00+01:00.
export function isoLocal(ms: number, timeZone = config().staff.timeZone): string {
  return isoIn(ms, timeZone);
}

export function toStaffCsv(table: Table, timeZone = config().staff.timeZone): string {
  return `${csvHead(table.headings, timeZone)}${csvRows(table.rows, timeZone)}`;
}

// The same CSV for the records of one form, built a slice at a time with the event loop let go
// between slices (a day's 50,000 registrations took some 3 s in one piece, during which no visitor was
// answered), and given up once it passes `maxChars`: null then, so nothing is built that will not be sent.
export async function staffCsvOf(
  collection: Collection,
  records: InboxRecord[],
  items: ItemTitles,
  timeZone: string,
  maxChars: number,
): Promise<string | null> {
  const { fields, headings } = staffColumns(collection);
  const parts = [csvHead(headings, timeZone)];
  let chars = parts[0]!.length;
  for (let start = 0; start < records.length; start += CSV_SLICE) {
    if (start > 0) await setImmediate();
    const rows = records.slice(start, start + CSV_SLICE).map((record) => rowOf(collection, fields, record, items));
    const part = csvRows(rows, timeZone);
    chars += part.length;
    if (chars > maxChars) return null;
    parts.push(part);
  }
  return parts.join('');
}
// Rows per slice: a few milliseconds of work each.
const CSV_SLICE = 200;

// A download written as it is read, one page of rows at a time, off the server's thread
// (./off-thread.ts): a page is read only when the client has taken what came before.
export function csvStream(
  headings: string[],
  pages: AsyncIterable<Cell[][]>,
  timeZone = config().staff.timeZone,
): ReadableStream<Uint8Array> {
  return offThread({ kind: 'csv', headings, timeZone }, pages);
}

// The same as a workbook (./sheet.ts, through exceljs's streaming writer).
export async function xlsxStream(
  headings: string[],
  pages: AsyncIterable<Cell[][]>,
  sheetName: string,
): Promise<ReadableStream<Uint8Array>> {
  return offThread({ kind: 'xlsx', headings, sheetName, timeZone: config().staff.timeZone }, pages);
}
