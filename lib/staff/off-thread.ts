import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { singleton } from '@/lib/singletons';
import type { Collection } from '@/lib/storage';

import type { Cell } from './sheet';

// What the export worker writes: a workspace download (CSV or XLSX, from rows of cells) or the
// command's export (CSV or JSON, from stored records).
export type ExportJob =
  | { kind: 'csv'; headings: string[]; timeZone: string }
  | { kind: 'xlsx'; headings: string[]; timeZone: string; sheetName: string }
  | { kind: 'records'; format: 'csv' | 'json'; collection: Collection };

export type ToWorker = { rows: unknown[] } | { end: true };
export type FromWorker = { chunk: Uint8Array } | { ready: true } | { done: true } | { error: string };

// Set in the server's process and its workers (and compiled into the server's bundles): the worker's
// file is then the bundle's own chunk. Anywhere else (`npm run export`, jest) it is the TypeScript
// source, found from the project's folder (a command runs as a bundle elsewhere, so not from this
// file's own address), which the worker reads through tsx.
const bundled = process.env.NEXT_RUNTIME === 'nodejs';
const sourceWorker = () => join(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'staff', 'export-worker.ts');

// At most this many files are written at once in the process (each worker holds its own heap, some
// tens of MB); the next download waits for its turn before its first byte.
const MAX_WORKERS = 2;

async function turn(): Promise<() => void> {
  const slots = singleton('exportWorkers', () => ({ running: 0, waiting: [] as (() => void)[] }));
  if (slots.running < MAX_WORKERS) slots.running += 1;
  // A turn is handed over from the download that ends, never counted twice.
  else await new Promise<void>((resolve) => slots.waiting.push(resolve));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = slots.waiting.shift();
    if (next) next();
    else slots.running -= 1;
  };
}

// The file, written off the server's thread (./export-worker.ts, one worker per download) from `pages`
// read here: a page is read and handed to the worker only when the client has taken what came before
// (a stream's pull), so the server holds about one page whatever the file's size, and its own thread
// spends on a page only the store's read, never the writing.
export function offThread(job: ExportJob, pages: AsyncIterable<unknown[] | Cell[][]>): ReadableStream<Uint8Array> {
  const iterator = pages[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let worker: Worker | undefined;
  let cancelled = false;
  let waiting = false;
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const settle = () => {
    wake?.();
    wake = undefined;
  };
  const begin = async () => {
    const release = await turn();
    if (cancelled) return release();
    try {
      worker = bundled
        ? new Worker(new URL('./export-worker.ts', import.meta.url), { workerData: job, name: 'export' })
        : new Worker(sourceWorker(), { workerData: job, execArgv: ['--import', 'tsx'], name: 'export' });
    } catch (error) {
      release();
      throw error;
    }
    worker.on('message', (message: FromWorker) => {
      if ('chunk' in message) chunks.push(message.chunk);
      else if ('ready' in message) waiting = true;
      else if ('done' in message) done = true;
      else failure = new Error(`export worker: ${message.error}`);
      settle();
    });
    worker.on('error', (error) => {
      failure = error;
      settle();
    });
    worker.on('exit', (code) => {
      release();
      if (!done) failure ??= new Error(`export worker stopped (${code})`);
      settle();
    });
  };
  const stop = async () => {
    cancelled = true;
    await worker?.terminate();
    await iterator.return?.();
  };
  return new ReadableStream<Uint8Array>({
    start: begin,
    async pull(controller) {
      for (;;) {
        if (chunks.length > 0) {
          for (const chunk of chunks.splice(0)) controller.enqueue(chunk);
          return;
        }
        if (failure) {
          await stop();
          throw failure;
        }
        if (done) {
          // The thread is gone by the time the client has the file's end.
          await worker!.terminate();
          controller.close();
          return;
        }
        if (waiting) {
          waiting = false;
          try {
            const page = await iterator.next();
            worker!.postMessage(page.done ? { end: true } : { rows: page.value });
          } catch (error) {
            await worker!.terminate();
            throw error;
          }
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    cancel: stop,
  });
}
