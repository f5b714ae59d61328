import { config } from '@/lib/config';
import { formColumns, neutraliseFormulas } from '@/lib/export';
import { SUBUNITS } from '@/lib/payments/types';
import { isPayable, type Collection, type InboxRecord, type StoredRecord } from '@/lib/storage/types';
import { staffText } from '@/messages/staff';

import { choiceLabel, itemTitle, languageName, localDate } from './present';

export { localDate };

// The workspace's downloads of one course, event or offer (or one form): headings in words, labels
// instead of codes, dates as dates. One table, written as CSV or XLSX.
type Cell = string | { date: number };

export interface Table {
  headings: string[];
  rows: Cell[][];
}

const paymentColumns = ['payStatus', 'payAmount', 'payCurrency', 'payReference', 'paidAt', 'payMethod', 'payNote'];

export function tableOf(collection: Collection, records: InboxRecord[]): Table {
  // Notes and replies stay in the workspace, where each keeps its author and time. A form that takes
  // payments adds each record's payment (docs/staff.md, "Payments").
  const fields = [
    ...formColumns(collection),
    'lang',
    'date',
    'staffStatus',
    'assignedTo',
    ...(isPayable(collection) ? paymentColumns : []),
  ];
  const headings = fields.map((field) => staffText.fieldNames[field] ?? field);
  const rows = records.map((record) =>
    fields.map((field): Cell => {
      const value = record.data[field];
      if (field === 'date') return typeof value === 'number' ? { date: value } : '';
      if (field === 'lang') return languageName(value);
      if (field === 'staffStatus') return staffText.statuses[value === 'handled' || value === 'spam' ? value : 'new'];
      if (field === 'event' || field === 'offer') return itemTitle(collection, record.data);
      if (field === 'paidAt') return typeof value === 'number' ? { date: value } : '';
      if (field === 'payStatus')
        return value === 'paid' || value === 'refunded' || value === 'unpaid' ? staffText.payments.states[value] : '';
      if (field === 'payAmount') return typeof value === 'number' ? (value / SUBUNITS).toFixed(2) : '';
      if (field === 'payMethod' && typeof value === 'string') return staffText.payments.methods[value] ?? value;
      return choiceLabel(field, value) ?? (value === null || value === undefined ? '' : String(value));
    }),
  );
  return { headings, rows };
}

// What a sending tool imports: the confirmed subscribers (a subscriber from before confirmation existed
// has no status and counts as confirmed), their address, name, language and since when.
export function subscribersTable(records: StoredRecord[]): Table {
  const confirmed = records.filter((r) => (r.data.status ?? 'confirmed') === 'confirmed');
  return {
    headings: ['Email Address', 'Name', 'Language', 'Subscribed on'],
    rows: confirmed.map(({ data }) => [
      String(data.email ?? ''),
      String(data.name ?? ''),
      languageName(data.lang),
      typeof data.statusDate === 'number' || typeof data.date === 'number'
        ? { date: Number(data.statusDate ?? data.date) }
        : '',
    ]),
  };
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

export function toStaffCsv(table: Table, timeZone = config().staff.timeZone): string {
  const lines = [table.headings, ...table.rows].map((row) => row.map((cell) => csvCell(cell, timeZone)).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(table: Table, sheetName: string): Promise<Buffer> {
  // Loaded only when a download is asked for: the library is large and the server needs it rarely.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet');
  sheet.addRow(table.headings).font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow(row.map((cell) => (typeof cell === 'string' ? cell : localDate(cell.date))));
    row.forEach((cell, i) => {
      const target = added.getCell(i + 1);
      // Strings stay strings: exceljs writes them as shared text, never as numbers or formulas.
      if (typeof cell !== 'string') target.numFmt = 'yyyy-mm-dd hh:mm';
    });
  }
  sheet.columns.forEach((column) => {
    column.width = 20;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
