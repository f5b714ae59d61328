/** @jest-environment node */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import type { Worker } from 'node:worker_threads';

import ExcelJS from 'exceljs';

import { csvStream, xlsxStream, type Cell } from '@/lib/staff/export';
import { xlsxWriter } from '@/lib/staff/sheet';

// Every worker the downloads start, to look at what it did.
const mockWorkers: Worker[] = [];
jest.mock('node:worker_threads', () => {
  const actual = jest.requireActual<typeof import('node:worker_threads')>('node:worker_threads');
  return {
    ...actual,
    Worker: class extends actual.Worker {
      constructor(...args: ConstructorParameters<typeof actual.Worker>) {
        super(...args);
        mockWorkers.push(this);
      }
    },
  };
});

const ROWS = 50_000;
const PAGE = 100;
const headings = ['First name', 'Last name', 'Email', 'Phone', 'Event', 'Language', 'Received', 'Staff status'];
const AT = Date.UTC(2026, 10, 24, 9, 30);

// The pages a download reads, as lib/staff/inbox.ts's recordPages gives them: 100 rows, then a turn of
// the event loop.
async function* pages(rows = ROWS): AsyncGenerator<Cell[][]> {
  for (let start = 0; start < rows; start += PAGE) {
    yield Array.from({ length: Math.min(PAGE, rows - start) }, (_, k): Cell[] => {
      const i = start + k;
      return [
        `Amina${i}`,
        'Diallo',
        `p${i}@example.org`,
        '+234 801 000 0000',
        'Hackathon',
        'French',
        { date: AT + i * 1000 },
        'New',
      ];
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
}

// What this thread's event loop did while `run` went: its busy time (eventLoopUtilization) and the
// longest wait of a timer (monitorEventLoopDelay), in ms.
async function measured<T>(run: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const before = performance.eventLoopUtilization();
  const result = await run();
  const loop = performance.eventLoopUtilization(before);
  delay.disable();
  return { result, busyMs: loop.active, maxDelayMs: delay.max / 1e6 };
}

// The worker's own busy time, sampled while it runs (it is stopped once the file is sent).
function watch(workers: Worker[]) {
  let busyMs = 0;
  const timer = setInterval(() => {
    for (const worker of workers) busyMs = Math.max(busyMs, worker.performance.eventLoopUtilization().active);
  }, 50);
  return () => {
    clearInterval(timer);
    return busyMs;
  };
}

const read = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

describe('a 50,000-row download', () => {
  beforeEach(() => mockWorkers.splice(0));

  it('is written in a worker thread: the server thread stays free, where writing it there held it', async () => {
    // The way of before: exceljs's streaming writer on this thread, a page at a time.
    const inThread = await measured(async () => {
      const output = new PassThrough();
      const chunks: Buffer[] = [];
      output.on('data', (chunk: Buffer) => chunks.push(chunk));
      const sheet = await xlsxWriter(headings, 'Registrations', 'Africa/Lagos', output);
      for await (const page of pages()) await sheet.add(page);
      await sheet.end();
      return Buffer.concat(chunks);
    });

    const offThread = await measured(async () => {
      const stream = await xlsxStream(headings, pages(), 'Registrations');
      const stop = watch(mockWorkers);
      const file = await read(stream);
      return { file, workerBusyMs: stop() };
    });

    // The mechanism: one worker wrote the file, and spent on it what this thread spent before.
    expect(mockWorkers).toHaveLength(1);
    expect(offThread.result.workerBusyMs).toBeGreaterThan(inThread.busyMs / 3);
    // This thread only read the pages and passed them on: a small part of what writing them cost it.
    expect(offThread.busyMs).toBeLessThan(inThread.busyMs / 3);
    // No long block either: a timer waited much less than when the file was written here (bounds
    // generous enough for a loaded machine, where a collection of the heap can hold the thread too).
    expect(offThread.maxDelayMs).toBeLessThan(Math.max(inThread.maxDelayMs / 2, 50));
    console.log(
      `50,000-row XLSX: this thread busy ${inThread.busyMs.toFixed(0)} ms (writing here) vs ${offThread.busyMs.toFixed(0)} ms (worker busy ${offThread.result.workerBusyMs.toFixed(0)} ms); longest timer delay ${inThread.maxDelayMs.toFixed(0)} vs ${offThread.maxDelayMs.toFixed(0)} ms`,
    );

    // The same workbook: every row there, in order, dates as dates.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(offThread.result.file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(ROWS + 1);
    expect(sheet.getRow(ROWS + 1).getCell(3).value).toBe(`p${ROWS - 1}@example.org`);
    expect(sheet.getRow(2).getCell(7).value).toEqual(new Date(Date.UTC(2026, 10, 24, 10, 30)));
    expect(offThread.result.file.length).toBeGreaterThan(inThread.result.length * 0.9);
  }, 180_000);

  it('as CSV, is written in a worker thread too, byte for byte as before', async () => {
    const { result, busyMs } = await measured(() => read(csvStream(headings, pages(5_000), 'Africa/Lagos')));
    expect(mockWorkers).toHaveLength(1);
    const lines = result.toString('utf8').split('\r\n');
    expect(lines).toHaveLength(5_000 + 2);
    expect(lines[0]).toBe(`\uFEFF${headings.map((h) => `"${h}"`).join(',')}`);
    expect(lines[1]).toBe(
      '"Amina0","Diallo","p0@example.org","+234 801 000 0000","Hackathon","French","2026-11-24T10:30:00+01:00","New"',
    );
    expect(busyMs).toBeGreaterThan(0);
  }, 60_000);

  it('stops its worker when the client goes away, and fails the download when the worker fails', async () => {
    const reader = csvStream(headings, pages(), 'Africa/Lagos').getReader();
    await reader.read();
    await reader.cancel();
    const [worker] = mockWorkers;
    expect(worker!.threadId).toBe(-1);

    // A page the worker cannot write (not rows of cells) fails the download instead of ending it short.
    async function* broken(): AsyncGenerator<Cell[][]> {
      yield [[{ date: Number.NaN } as unknown as Cell]];
    }
    await expect(read(csvStream(headings, broken(), 'Africa/Lagos'))).rejects.toThrow(/export worker/);
  }, 60_000);
});
