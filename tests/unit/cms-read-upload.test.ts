/** @jest-environment node */
import { readUpload } from '@/lib/cms/multipart';

import { countTurns } from '../helpers/event-loop';

// The CMS API's guard reads an upload once: its `_payload` (the document's fields) as Payload will read
// it, and the same bytes again, whole, as the request Payload then gets.
const picture = (bytes: number) => new Blob([new Uint8Array(bytes).map((_, i) => i % 251)], { type: 'image/png' });

function upload(parts: [string, string | Blob][]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, 'banner.png');
  }
  return new Request('http://127.0.0.1/staff/content/api/media', { method: 'POST', body: form });
}

describe('readUpload', () => {
  it('reads _payload whether it comes before or after the file, and hands on the same bytes', async () => {
    const fields = JSON.stringify({ alt: 'Graduates in Lagos', alt_fr: 'Diplômés à Lagos' });
    const file = picture(3 * 1024 * 1024 + 17);
    for (const parts of [
      [
        ['_payload', fields],
        ['file', file],
      ],
      [
        ['file', file],
        ['_payload', fields],
      ],
    ] as [string, string | Blob][][]) {
      const original = upload(parts);
      const sent = await original.clone().arrayBuffer();
      const read = await readUpload(original);
      expect(read.payload).toBe(fields);
      expect(read.request.method).toBe('POST');
      expect(read.request.url).toBe(original.url);
      expect(read.request.headers.get('content-type')).toBe(original.headers.get('content-type'));
      // What Payload then reads: every byte, in order, and the form as sent.
      const handed = await read.request.clone().arrayBuffer();
      expect(Buffer.from(handed).equals(Buffer.from(sent))).toBe(true);
      const form = await read.request.formData();
      expect(
        Buffer.from(await (form.get('file') as File).arrayBuffer()).equals(Buffer.from(await file.arrayBuffer())),
      ).toBe(true);
      expect(form.get('_payload')).toBe(fields);
    }
  });

  it('lets the event loop run while it reads a large upload', async () => {
    const loop = countTurns();
    // As a socket delivers it: 64 KiB at a time, all of it there already.
    const form = upload([
      ['_payload', '{}'],
      ['file', picture(8 * 1024 * 1024)],
    ]);
    const bytes = new Uint8Array(await form.arrayBuffer());
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, (at += 65_536)));
      },
    });
    const streamed = new Request(form.url, {
      method: 'POST',
      headers: form.headers,
      body,
      duplex: 'half',
    } as RequestInit);
    const read = await readUpload(streamed);
    const atRead = loop.turns();
    await read.request.arrayBuffer();
    loop.stop();
    // A turn every MiB or so, both while the guard reads and while Payload reads after it.
    expect(atRead).toBeGreaterThanOrEqual(4);
    expect(loop.turns() - atRead).toBeGreaterThanOrEqual(4);
  });

  it('gives nothing for a form without _payload, and refuses a form that cannot be read', async () => {
    expect((await readUpload(upload([['file', picture(10)]]))).payload).toBeUndefined();
    // No boundary.
    const noBoundary = new Request('http://127.0.0.1/x', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: '--x\r\n',
    });
    await expect(readUpload(noBoundary)).rejects.toThrow();
    // Not a form at all, and a form cut off in the middle of a part.
    for (const body of ['not a form', '--b\r\ncontent-disposition: form-data; name="_payload"\r\n\r\n{"alt":']) {
      const cut = new Request('http://127.0.0.1/x', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        body,
      });
      await expect(readUpload(cut)).rejects.toThrow();
    }
    // A field over a mebibyte is not read whole.
    await expect(readUpload(upload([['_payload', 'x'.repeat(1024 * 1024 + 1)]]))).rejects.toThrow(/too long/);
  });
});
