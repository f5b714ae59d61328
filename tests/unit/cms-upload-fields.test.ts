/** @jest-environment node */
import { uploadFields } from '@/lib/cms/multipart';

// The CMS API's guard reads an upload's `_payload` (the document's fields) as Payload will, skipping
// the file's bytes, and leaves the body whole for Payload.
const picture = (bytes: number) => new Blob([new Uint8Array(bytes).fill(7)], { type: 'image/png' });

function upload(parts: [string, string | Blob][]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, 'banner.png');
  }
  return new Request('http://127.0.0.1/staff/content/api/media', { method: 'POST', body: form });
}

describe('uploadFields', () => {
  it('reads _payload whether it comes before or after the file, and leaves the body whole', async () => {
    const fields = JSON.stringify({ alt: 'Graduates in Lagos', alt_fr: 'Diplômés à Lagos' });
    for (const parts of [
      [
        ['_payload', fields],
        ['file', picture(3 * 1024 * 1024)],
      ],
      [
        ['file', picture(3 * 1024 * 1024)],
        ['_payload', fields],
      ],
    ] as [string, string | Blob][][]) {
      const request = upload(parts);
      expect(await uploadFields(request)).toBe(fields);
      // What Payload then reads: the whole form, the file's bytes all there.
      const form = await request.formData();
      expect((form.get('file') as File).size).toBe(3 * 1024 * 1024);
      expect(form.get('_payload')).toBe(fields);
    }
  });

  it('gives nothing for a form without _payload, and refuses a form that cannot be read', async () => {
    expect(await uploadFields(upload([['file', picture(10)]]))).toBeUndefined();
    // No boundary.
    const noBoundary = new Request('http://127.0.0.1/x', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: '--x\r\n',
    });
    await expect(uploadFields(noBoundary)).rejects.toThrow();
    // Cut off in the middle of a part.
    const cut = new Request('http://127.0.0.1/x', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: '--b\r\ncontent-disposition: form-data; name="_payload"\r\n\r\n{"alt":',
    });
    await expect(uploadFields(cut)).rejects.toThrow();
    // A field over a mebibyte is not read whole.
    await expect(uploadFields(upload([['_payload', 'x'.repeat(1024 * 1024 + 1)]]))).rejects.toThrow(/too long/);
  });
});
