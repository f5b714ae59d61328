/** @jest-environment node */
import ExcelJS from 'exceljs';

import {
  csvStream,
  isoLocal,
  localDate,
  staffCsvOf,
  tableOf,
  toStaffCsv,
  xlsxStream,
  type Cell,
} from '@/lib/staff/export';
import { dayStart, itemNames } from '@/lib/staff/present';

import { countTurns } from '../helpers/event-loop';

// 2026-11-24 09:30 UTC is 10:30 in Lagos.
const AT = Date.UTC(2026, 10, 24, 9, 30);
const enrolment = {
  id: 'r1',
  collection: 'enrolment' as const,
  data: {
    name: 'Ada Obi',
    email: 'ada@example.org',
    phone: '+234 801 000 0000',
    gender: 'female',
    country: 'Nigeria',
    course: 'Data Analysis with Python',
    lang: 'fr',
    date: AT,
    staffStatus: 'handled',
    payStatus: 'paid',
    payAmount: 10_500,
    payCurrency: 'USD',
    payReference: 'BD-0123456789AB',
    paidAt: AT,
    payMethod: 'hand',
    payNote: 'GTBank transfer',
  },
};

async function* pagesOf(rows: Cell[][]) {
  yield rows;
}

describe('staff downloads', () => {
  it('write headings in words, labels instead of codes, phones as text and real dates in the org time zone (XLSX)', async () => {
    const table = tableOf('enrolment', [enrolment], await itemNames());
    const file = await new Response(
      await xlsxStream(table.headings, pagesOf(table.rows), 'Course enrolment'),
    ).arrayBuffer();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Email',
      'Phone',
      'Gender',
      'Country',
      'Course',
      'Language',
      'Received',
      'Staff status',
      'Assigned to',
      'Payment',
      'Amount',
      'Currency',
      'Payment reference',
      'Paid on',
      'Paid through',
      'Payment note',
      'Completed',
      'Certificate',
    ]);
    const row = sheet.getRow(2);
    expect(row.getCell(3).value).toBe('+234 801 000 0000');
    expect(row.getCell(4).value).toBe('Female');
    expect(row.getCell(7).value).toBe('French');
    expect(row.getCell(8).value).toEqual(new Date(Date.UTC(2026, 10, 24, 10, 30)));
    expect(row.getCell(8).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row.getCell(9).value).toBe('Handled');
    // The payment: its state in words, the amount in units, the day paid as a date.
    expect([11, 12, 13, 14, 16, 17].map((i) => row.getCell(i).value)).toEqual([
      'Paid',
      '105.00',
      'USD',
      'BD-0123456789AB',
      'By hand',
      'GTBank transfer',
    ]);
    expect(row.getCell(15).value).toEqual(new Date(Date.UTC(2026, 10, 24, 10, 30)));
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('stream the file a page at a time, reading the next page only as the client takes the last', async () => {
    let read = 0;
    async function* pages() {
      for (let i = 0; i < 3; i++) {
        read += 1;
        yield [[`row ${i}`]] as Cell[][];
      }
    }
    const reader = csvStream(['x'], pages(), 'UTC').getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    expect(decoder.decode((await reader.read()).value)).toBe('\uFEFF"x"\r\n');
    expect(decoder.decode((await reader.read()).value)).toBe('"row 0"\r\n');
    expect(read).toBeLessThanOrEqual(2);
    const rest: string[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest.push(decoder.decode(chunk.value));
    expect(rest.join('')).toBe('"row 1"\r\n"row 2"\r\n');
    expect(read).toBe(3);
  });

  it('write the same table as CSV with ISO dates carrying the offset, and a phone without a quote', async () => {
    const csv = toStaffCsv(tableOf('enrolment', [enrolment], await itemNames()), 'Africa/Lagos');
    const [, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(line).toBe(
      '"Ada Obi","ada@example.org","+234 801 000 0000","Female","Nigeria","Data Analysis with Python","French","2026-11-24T10:30:00+01:00","Handled","","Paid","105.00","USD","BD-0123456789AB","2026-11-24T10:30:00+01:00","By hand","GTBank transfer","",""',
    );
    expect(toStaffCsv({ headings: ['x'], rows: [['=HYPERLINK("x")'], ['-2+3']] }, 'UTC')).toContain(`"'=HYPERLINK`);
  });

  it("build a form's CSV in slices, letting the event loop run between them, and give up past the size given", async () => {
    const items = await itemNames();
    const many = Array.from({ length: 1_000 }, (_, i) => ({
      ...enrolment,
      id: `r${i}`,
      data: { ...enrolment.data, name: `Learner ${i}`, date: AT + i * 1000 },
    }));
    const whole = toStaffCsv(tableOf('enrolment', many, items), 'Africa/Lagos');
    // Another task's turns while the CSV is built: in one piece it would get none.
    const loop = countTurns();
    const sliced = await staffCsvOf('enrolment', many, items, 'Africa/Lagos', whole.length);
    loop.stop();
    expect(sliced).toBe(whole);
    expect(loop.turns()).toBeGreaterThanOrEqual(4);
    // One character over the size given: nothing.
    expect(await staffCsvOf('enrolment', many, items, 'Africa/Lagos', whole.length - 1)).toBeNull();
  });

  it('neutralise a formula after a separator too, for a spreadsheet that splits on ; or ,', () => {
    const csv = toStaffCsv({ headings: ['x'], rows: [['Ada; =1+1'], ['ok,"@SUM(A1)'], [' =2+2']] }, 'UTC');
    expect(csv).toContain(`"Ada; '=1+1"`);
    expect(csv).toContain(`"ok,""'@SUM(A1)"`);
    expect(csv).toContain(`" '=2+2"`);
  });

  it('turn an instant into the wall-clock time of a zone', () => {
    expect(localDate(AT, 'Africa/Lagos').toISOString()).toBe('2026-11-24T10:30:00.000Z');
    expect(isoLocal(AT, 'America/New_York')).toBe('2026-11-24T04:30:00-05:00');
  });
});

describe('a paid event’s download', () => {
  it('names each registration’s ticket kind and its payment (CSV)', async () => {
    const items = {
      title: () => 'Data Summit 2023',
      ticket: (data: Record<string, unknown>) => (data.ticket === 'k1' ? 'Student' : ''),
    };
    const registration = {
      id: 'r2',
      collection: 'user' as const,
      data: {
        firstName: 'Chidi',
        lastName: 'Okeke',
        email: 'chidi@example.org',
        ticket: 'k1',
        event: 'data-summit-2023',
        lang: 'en',
        date: AT,
        booking: 'registered',
        payStatus: 'unpaid',
        payAmount: 2000,
        payCurrency: 'USD',
      },
    };
    const table = tableOf('user', [registration], items);
    const cell = (heading: string) => table.rows[0]![table.headings.indexOf(heading)];
    expect(table.headings.slice(0, 5)).toEqual(['First name', 'Last name', 'Email', 'Ticket', 'Event']);
    expect([cell('Ticket'), cell('Event'), cell('Payment'), cell('Amount')]).toEqual([
      'Student',
      'Data Summit 2023',
      'Unpaid',
      '20.00',
    ]);
    expect(toStaffCsv(table, 'Africa/Lagos').split('\r\n')[1]).toContain(
      '"chidi@example.org","Student","Data Summit 2023"',
    );
  });
});

describe('the inbox date filters', () => {
  it('start a day at midnight in the organisation time zone (Africa/Lagos by default), and refuse anything else', () => {
    expect(dayStart('2026-11-24')).toBe(Date.UTC(2026, 10, 23, 23));
    expect(dayStart('2026-13-40')).toBeUndefined();
    expect(dayStart('24/11/2026')).toBeUndefined();
    expect(dayStart(undefined)).toBeUndefined();
  });
});
