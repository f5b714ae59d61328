/** @jest-environment node */
import { bodyMessages, FORM_BODY_LIMIT, MAX_FORM_FIELDS, readFormBody, refuseBody } from '@/lib/http/read-body';

const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };

// A body sent in chunks with no Content-Length, counting how much of it was ever pulled.
function chunked(chunk: Uint8Array, count: number, headers: Record<string, string> = urlencoded) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= count) return controller.close();
        pulled += 1;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  // What a route handler receives (a Request built here would drop Content-Length).
  const request = { headers: new Headers(headers), body } as unknown as Request;
  return { request, pulled: () => pulled };
}

describe('readFormBody', () => {
  it('parses a urlencoded body within the cap', async () => {
    const request = new Request('http://localhost/', {
      method: 'POST',
      body: new URLSearchParams({ name: 'Ada', message: 'Hello' }),
    });
    const result = await readFormBody(request);
    expect(result.ok && Object.fromEntries(result.formData)).toEqual({ name: 'Ada', message: 'Hello' });
  });

  it('parses a multipart body', async () => {
    const data = new FormData();
    data.set('email', 'ada@example.org');
    const result = await readFormBody(new Request('http://localhost/', { method: 'POST', body: data }));
    expect(result.ok && result.formData.get('email')).toBe('ada@example.org');
  });

  it('refuses by Content-Length without reading', async () => {
    const { request, pulled } = chunked(new Uint8Array(10), 1, { ...urlencoded, 'content-length': '9000000' });
    expect(await readFormBody(request, 1000)).toMatchObject({ ok: false, status: 413, message: bodyMessages.tooLarge });
    expect(pulled()).toBe(0);
  });

  it('stops reading a chunked body at the cap', async () => {
    const chunk = new TextEncoder().encode(`message=${'x'.repeat(16 * 1024 - 8)}`);
    const { request, pulled } = chunked(chunk, 9 * 64);
    expect(await readFormBody(request)).toMatchObject({ ok: false, reason: 'too-large', status: 413 });
    // 9 MB offered; no more than the cap and the one chunk that crossed it was pulled.
    expect(pulled() * chunk.byteLength).toBeLessThanOrEqual(FORM_BODY_LIMIT + chunk.byteLength);
  });

  it('accepts a chunked body of exactly the cap', async () => {
    // A message of the whole size, in 1 KiB chunks.
    const chunk = new TextEncoder().encode(`message=${'a'.repeat(1024 - 'message='.length)}`);
    const { request } = chunked(chunk, FORM_BODY_LIMIT / chunk.byteLength);
    expect((await readFormBody(request)).ok).toBe(true);
  });

  it(`answers 400 for more than ${MAX_FORM_FIELDS} fields, a small body of thousands of them`, async () => {
    const { request } = chunked(new TextEncoder().encode('a=&'.repeat(5000)), 1);
    expect(await readFormBody(request)).toMatchObject({ ok: false, status: 400, message: bodyMessages.unreadable });
    const fine = chunked(new TextEncoder().encode('a=&'.repeat(MAX_FORM_FIELDS)), 1);
    expect((await readFormBody(fine.request)).ok).toBe(true);
  });

  it.each([
    ['no content type', {}],
    ['a JSON body', { 'content-type': 'application/json' }],
    ['multipart without a boundary', { 'content-type': 'multipart/form-data' }],
  ])('answers 400, never throws, for %s', async (_, headers) => {
    const { request } = chunked(new TextEncoder().encode('{"a":1}'), 1, headers);
    expect(await readFormBody(request)).toMatchObject({ ok: false, status: 400, message: bodyMessages.unreadable });
  });

  it('counts a Content-Length that is not a number as too large', async () => {
    const { request } = chunked(new Uint8Array(1), 1, { ...urlencoded, 'content-length': 'lots' });
    expect(await readFormBody(request)).toMatchObject({ ok: false, status: 413 });
  });
});

describe('refuseBody', () => {
  it.each([
    ['POST', '/contact', '200000', 413],
    ['POST', '/api/forms/contactUs', '131073', 413],
    ['POST', '/contact', 'lots', 413],
    ['POST', '/contact', null, 411],
    ['POST', '/contact', undefined, 411],
    ['POST', '/api/forms/contactUs', null, null],
    ['POST', '/contact', '131072', null],
    ['GET', '/contact', null, null],
  ])('%s %s with Content-Length %p → %p', (method, path, length, status) => {
    expect(refuseBody(method, path, length)?.status ?? null).toBe(status);
  });
});
