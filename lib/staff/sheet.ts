import { once } from 'node:events';
import { PassThrough } from 'node:stream';

import { wallClockIn } from '@/lib/content/schedule';
import { neutraliseFormulas } from '@/lib/export/formulas';

// How the workspace's downloads are written, cell by cell, given the organisation's time zone: what the
// export worker runs (./export-worker.ts), apart from the store and the settings.

export type Cell = string | { date: number };

// ISO 8601 with the zone's offset, e.g. 2026-11-24T09:30:00+01:00.
export function isoIn(ms: number, timeZone: string): string {
  const local = wallClockIn(ms, timeZone).getTime();
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
  let text = typeof cell === 'string' ? cell : isoIn(cell.date, timeZone);
  if (!PHONE.test(text)) text = neutraliseFormulas(text);
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvLine = (row: Cell[], timeZone: string) => row.map((cell) => csvCell(cell, timeZone)).join(',');

// The first bytes of a CSV download (a byte-order mark, so spreadsheets read UTF-8) and its rows.
export const csvHead = (headings: string[], timeZone: string) => `\uFEFF${csvLine(headings, timeZone)}\r\n`;
export const csvRows = (rows: Cell[][], timeZone: string) =>
  rows.map((row) => `${csvLine(row, timeZone)}\r\n`).join('');

// A workbook through exceljs's streaming writer: each row is committed (written out) as it is added,
// strings are written in their cells rather than in a table of shared strings kept to the end. `output`
// gets the zip's bytes as they come; `add` returns once they have drained.
export async function xlsxWriter(headings: string[], sheetName: string, timeZone: string, output: PassThrough) {
  // Loaded only when a download is asked for: the library is large.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = headings.map(() => ({ width: 20 }));
  const head = sheet.addRow(headings);
  head.font = { bold: true };
  head.commit();
  return {
    async add(rows: Cell[][]) {
      for (const row of rows) {
        const added = sheet.addRow(
          row.map((cell) => (typeof cell === 'string' ? cell : wallClockIn(cell.date, timeZone))),
        );
        row.forEach((cell, i) => {
          // Strings stay strings: exceljs writes them as text, never as numbers or formulas.
          if (typeof cell !== 'string') added.getCell(i + 1).numFmt = 'yyyy-mm-dd hh:mm';
        });
        added.commit();
      }
      if (output.writableNeedDrain) await once(output, 'drain');
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}
