import { once } from 'node:events';
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { PassThrough } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';

import type { StoredRecord } from '@/lib/storage';

import type { ExportJob, FromWorker, ToWorker } from './off-thread';
import { csvHead, csvRows, xlsxWriter, type Cell } from './sheet';

// The export worker (started by ./off-thread.ts, one per download): it writes the file from the pages
// of rows it is sent and sends back the bytes, so that the server's own thread, which answers visitors,
// never spends the seconds a large CSV or workbook takes.
const job = workerData as ExportJob;

// Where the system allows it (Linux: a thread's priority is its own), this thread yields the processor
// to the server's: on a busy machine a visitor's page comes first, and a download takes a little longer.
// Ten steps below the server's own priority, whatever the operator set that to.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), Math.min(19, getPriority() + 10));
} catch {
  // Elsewhere the worker runs at the server's priority.
}

const port = parentPort!;
const send = (message: FromWorker) => {
  // Each chunk is handed over, not copied.
  port.postMessage(message, 'chunk' in message ? [message.chunk.buffer as ArrayBuffer] : []);
};
const bytes = (text: string) => ({ chunk: new TextEncoder().encode(text) });

async function writer(): Promise<{ add(page: unknown[]): Promise<void>; end(): Promise<void> }> {
  if (job.kind === 'csv') {
    send(bytes(csvHead(job.headings, job.timeZone)));
    return {
      add: async (page) => send(bytes(csvRows(page as Cell[][], job.timeZone))),
      end: async () => {},
    };
  }
  if (job.kind === 'xlsx') {
    const output = new PassThrough();
    // A copy in a buffer of its own: the stream's chunks may share one.
    output.on('data', (chunk: Buffer) => send({ chunk: new Uint8Array(chunk) }));
    const sheet = await xlsxWriter(job.headings, job.sheetName, job.timeZone, output);
    const ended = once(output, 'end');
    return {
      add: (page) => sheet.add(page as Cell[][]),
      // Done once the last bytes have left the stream, not only when the zip was closed.
      end: () => sheet.end().then(() => ended.then(() => {})),
    };
  }
  // The command's export: its columns are those of every record, so the file is written at the end.
  const { toCsv, toJson } = await import('@/lib/export');
  const records: StoredRecord[] = [];
  return {
    add: async (page) => void records.push(...(page as StoredRecord[])),
    end: async () => send(bytes(job.format === 'json' ? toJson(records) : toCsv(job.collection, records))),
  };
}

const ready = writer();
let work = ready.then(() => send({ ready: true }));
port.on('message', (message: ToWorker) => {
  work = work
    .then(async () => {
      const file = await ready;
      if ('rows' in message) {
        await file.add(message.rows);
        send({ ready: true });
      } else {
        await file.end();
        send({ done: true });
      }
    })
    .catch((error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }));
});
work.catch((error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }));
