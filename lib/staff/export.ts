import { config } from '@/lib/config';
import { formColumns, neutraliseFormulas } from '@/lib/export';
import type { BookingState, Collection, InboxRecord, StoredRecord } from '@/lib/storage/types';
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

export function tableOf(collection: Collection, records: InboxRecord[]): Table {
  // Notes and replies stay in the workspace, where each keeps its author and time. A registration's
  // place, and for an event its attendance at the door (docs/staff.md, "Check-in").
  const places =
    collection === 'user'
      ? ['booking', 'checkInCode', 'checkedInAt', 'checkedInBy']
      : collection === 'offer'
        ? ['booking']
        : [];
  const fields = [...formColumns(collection), 'lang', 'date', 'staffStatus', 'assignedTo', ...places];
  const headings = fields.map((field) => staffText.fieldNames[field] ?? field);
  const rows = records.map((record) =>
    fields.map((field): Cell => {
      const value = record.data[field];
      if (field === 'date' || field === 'checkedInAt') return typeof value === 'number' ? { date: value } : '';
      if (field === 'booking') return staffText.bookingStates[(value ?? 'registered') as BookingState] ?? '';
      if (field === 'lang') return languageName(value);
      if (field === 'staffStatus') return staffText.statuses[value === 'handled' || value === 'spam' ? value : 'new'];
      if (field === 'event' || field === 'offer') return itemTitle(collection, record.data);
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
