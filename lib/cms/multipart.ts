import { setImmediate } from 'node:timers/promises';

import Busboy from 'busboy';

// An upload to the CMS's API, read once: its `_payload` field (the document's fields as JSON, beside the
// file) for the API's guard, and the same bytes again as a new request for Payload. The body is parsed
// with the parser Payload itself reads uploads with (busboy), so the guard sees the form as Payload
// will; the file's bytes are skipped by the parser and kept, not copied, for Payload.
//
// Why not request.clone() and formData(): formData() gathered the whole body and copied the file on the
// server's thread (about half a second for a 16 MiB picture), and clone() copies every chunk for its
// second reader. And a body that is all there already is read in one unbroken run of microtasks, which
// no visitor's request can get between: here the reading, and Payload's after it, let the event loop
// run every MiB or so.
export interface ReadUpload {
  // The field's text; undefined without one.
  payload: string | undefined;
  // The same request, its body the bytes read (for Payload's own parser).
  request: Request;
}

// Rejects on a form that cannot be read.
export async function readUpload(request: Request): Promise<ReadUpload> {
  const chunks: Uint8Array[] = [];
  const payload = await parse(request, chunks);
  let next = 0;
  const pause = pauser();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next >= chunks.length) return controller.close();
      const chunk = chunks[next]!;
      chunks[next++] = EMPTY;
      await pause(chunk.length);
      controller.enqueue(chunk);
    },
  });
  const again = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    // Node's fetch needs this for a streamed body.
    duplex: 'half',
  } as RequestInit);
  return { payload, request: again };
}

const EMPTY = new Uint8Array(0);
const YIELD_BYTES = 1024 * 1024;

// Lets the event loop run once every YIELD_BYTES of the bytes it is told of.
function pauser() {
  let since = 0;
  return async (bytes: number) => {
    since += bytes;
    if (since < YIELD_BYTES) return;
    since = 0;
    await setImmediate();
  };
}
// A document's fields as JSON are a few kilobytes; Payload's own limit for a field is 1 MiB.
const FIELD_LIMIT = 1024 * 1024;

async function parse(request: Request, chunks: Uint8Array[]): Promise<string | undefined> {
  const parser = Busboy({ headers: Object.fromEntries(request.headers), limits: { fieldSize: FIELD_LIMIT } });
  let payload: string | undefined;
  let failure: Error | undefined;
  const closed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) reject(new Error(`the field ${name} is too long`));
      else if (name === '_payload') payload = value;
    });
    parser.on('file', (_name, file) => file.resume());
    parser.on('error', reject);
    parser.on('close', resolve);
  }).catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
  });
  if (request.body) {
    const reader = request.body.getReader();
    const pause = pauser();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || failure) {
        if (!done) await reader.cancel().catch(() => {});
        break;
      }
      chunks.push(value);
      parser.write(value);
      await pause(value.length);
    }
  }
  if (!failure) parser.end();
  await closed;
  if (failure) throw failure;
  return payload;
}
