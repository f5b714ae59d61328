import { columns } from '@/lib/forms/registry';
import type { Collection, StoredRecord } from '@/lib/storage';

import { neutraliseFormulas } from './formulas';

export { neutraliseFormulas };

// A form's own fields, in the order of its form: the columns every download starts with.
export function formColumns(collection: Collection): string[] {
  return columns[collection];
}

// The columns of each collection: the spec's fields in the order of its form (lib/forms/registry.ts),
// the visitor's language (a key of lib/i18n/locales.ts; empty for records from before the French site), then the date,
// then any field a record has beyond these (such as botCheck).
export function columnsFor(collection: Collection, records: StoredRecord[]): string[] {
  const names = ['id', ...formColumns(collection), 'lang', 'date'];
  for (const record of records) {
    for (const key of Object.keys(record.data)) if (!names.includes(key)) names.push(key);
  }
  return names;
}

function cell(value: unknown): string {
  const text = neutraliseFormulas(value === null || value === undefined ? '' : String(value));
  return `"${text.replaceAll('"', '""')}"`;
}

// CSV that spreadsheet programs open correctly: UTF-8 with a byte-order mark, every field quoted,
// CRLF between rows, dates as ISO 8601, formula injection neutralised.
export function toCsv(collection: Collection, records: StoredRecord[]): string {
  const columns = columnsFor(collection, records);
  const rows = records.map((record) =>
    columns
      .map((column) => {
        const value = column === 'id' ? record.id : record.data[column];
        return cell(column === 'date' && typeof value === 'number' ? new Date(value).toISOString() : value);
      })
      .join(','),
  );
  return `\uFEFF${[columns.map(cell).join(','), ...rows].join('\r\n')}\r\n`;
}

// JSON with the stored fields, the date as ISO 8601 like the CSV (a number of milliseconds reads as a
// date to no one).
export function toJson(records: StoredRecord[]): string {
  return `${JSON.stringify(
    records.map(({ id, data }) => ({
      id,
      ...data,
      ...(typeof data.date === 'number' ? { date: new Date(data.date).toISOString() } : {}),
    })),
    null,
    2,
  )}\n`;
}
