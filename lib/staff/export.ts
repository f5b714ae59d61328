import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';

import { config } from '@/lib/config';
import { formColumns, neutraliseFormulas } from '@/lib/export';
import { SUBUNITS } from '@/lib/payments/types';
import {
  isPayable,
  type BookingState,
  type Collection,
  type InboxRecord,
  type StoredRecord,
} from '@/lib/storage/types';
import { staffText } from '@/messages/staff';

import { choiceLabel, languageName, localDate, type ItemNames } from './present';

type ItemTitles = Pick<ItemNames, 'title'>;

export { localDate };

// The workspace's downloads of one course, event or offer (or one form): headings in words, labels
// instead of codes, dates as dates. Rows written as CSV or XLSX.
export type Cell = string | { date: number };

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
  ];
  return { fields, headings: fields.map((field) => staffText.fieldNames[field] ?? field) };
}

// `items` names a record's course, event or offer (itemNames).
export function rowOf(collection: Collection, fields: string[], record: StoredRecord, items: ItemTitles): Cell[] {
  return fields.map((field): Cell => {
    const value = record.data[field];
    if (field === 'date' || field === 'checkedInAt') return typeof value === 'number' ? { date: value } : '';
    if (field === 'booking') return staffText.bookingStates[(value ?? 'registered') as BookingState] ?? '';
    if (field === 'lang') return languageName(value);
    if (field === 'staffStatus') return staffText.statuses[value === 'handled' || value === 'spam' ? value : 'new'];
    if (field === 'event' || field === 'offer') return items.title(collection, record.data);
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
  const local = localDate(ms, timeZone).getTime();
  const offset = Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${new Date(local).toISOString().slice(0, 19)}${sign}${hh}:${mm}`;
}

// Formulas are neutralised as in every export (at the start and after any ',', ';' or line break, for a
// spreadsheet that splits on them); a phone number (+234 …) is plain text and keeps its plus sign.
const PHONE = /^\+?[\d\s()-]{4,}$/;

function csvCell(cell: Cell, timeZone: string): string {
  let text = typeof cell === 'string' ? cell : isoLocal(cell.date, timeZone);
  if (!PHONE.test(text)) text = neutraliseFormulas(text);
  return `"${text.replaceAll('"', '""')}"`;
}

const csvLine = (row: Cell[], timeZone: string) => row.map((cell) => csvCell(cell, timeZone)).join(',');

export function toStaffCsv(table: Table, timeZone = config().staff.timeZone): string {
  const lines = [table.headings, ...table.rows].map((row) => csvLine(row, timeZone));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// A download written as it is read, one page of rows at a time: a page is read only when the client
// has taken what came before (a stream's pull), so the server holds about one page whatever the size.
export function csvStream(
  headings: string[],
  pages: AsyncIterable<Cell[][]>,
  timeZone = config().staff.timeZone,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(headings, timeZone)}\r\n`));
    },
    async pull(controller) {
      const page = await iterator.next();
      if (page.done) return controller.close();
      controller.enqueue(encoder.encode(page.value.map((row) => `${csvLine(row, timeZone)}\r\n`).join('')));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

// The same as a workbook, through exceljs's streaming writer: each row is committed (written out) as it
// is added, strings are written in their cells rather than in a table of shared strings kept to the
// end, and the next page is read once the zip's output has drained to the client.
export async function xlsxStream(
  headings: string[],
  pages: AsyncIterable<Cell[][]>,
  sheetName: string,
): Promise<ReadableStream<Uint8Array>> {
  // Loaded only when a download is asked for: the library is large and the server needs it rarely.
  const { default: ExcelJS } = await import('exceljs');
  const output = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = headings.map(() => ({ width: 20 }));
  const write = async () => {
    const head = sheet.addRow(headings);
    head.font = { bold: true };
    head.commit();
    for await (const page of pages) {
      for (const row of page) {
        const added = sheet.addRow(row.map((cell) => (typeof cell === 'string' ? cell : localDate(cell.date))));
        row.forEach((cell, i) => {
          // Strings stay strings: exceljs writes them as text, never as numbers or formulas.
          if (typeof cell !== 'string') added.getCell(i + 1).numFmt = 'yyyy-mm-dd hh:mm';
        });
        added.commit();
      }
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
