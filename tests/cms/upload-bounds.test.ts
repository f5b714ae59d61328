import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';

import { startCms } from './setup';

// Pictures (lib/cms/collections/media.ts): one over the pixel bound is refused from its header, before
// anything decodes it, and the same bytes uploaded twice are both served under their addresses.
type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
type FileRoute = (request: Request, context: { params: Promise<{ hash: string; file: string }> }) => Promise<Response>;
let post: Handler;
let pictureRoute: FileRoute;
let cms: Awaited<ReturnType<typeof startCms>>;
let editor: string;
const origin = 'http://127.0.0.1:3000';

beforeAll(async () => {
  cms = await startCms();
  post = ((await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as { POST: Handler }).POST;
  pictureRoute = ((await import('@/app/v/[hash]/media/[file]/route')) as unknown as { GET: FileRoute }).GET;
  editor = await cms.sessionFor('editor@example.org');
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

async function upload(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  form.append('_payload', JSON.stringify({ alt: 'A picture' }));
  const request = new Request(`${origin}/staff/content/api/media`, {
    method: 'POST',
    headers: { origin, 'sec-fetch-site': 'same-origin', cookie: editor },
    body: form,
  });
  const response = await post(request, { params: Promise.resolve({ slug: ['media'] }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1f6f4a' } })
    .png()
    .toBuffer();

// What decodes a picture's pixels is one of sharp's outputs; reading its header (metadata) decodes none.
// Watched on sharp's own prototype, which the CMS's copies of a picture share with this file's.
const decodes = () => [jest.spyOn(sharp.prototype, 'toBuffer'), jest.spyOn(sharp.prototype, 'toFile')];
const callsOf = (spies: ReturnType<typeof decodes>) => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

describe('an uploaded picture', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('at the bound (a 64 MP photograph) is taken', async () => {
    const camera = await png(8_000, 8_000);
    const spies = decodes();
    const answer = await upload(camera, 'camera.png');
    expect(answer.status).toBe(201);
    expect(answer.body.doc).toMatchObject({ width: 2400, height: 2400 });
    // The watch sees the CMS decode it (its copy at 2400 px and the two smaller ones).
    expect(callsOf(spies)).toBeGreaterThan(0);
  });

  it('over the pixel bound is refused from its header, with words the editor shows, and nothing is kept', async () => {
    const { MAX_PIXELS, tooManyPixels } = await import('@/lib/cms/collections/media');
    // The picture: 446 KB of one colour, 144 million pixels.
    const huge = await png(12_000, 12_000);
    expect(12_000 * 12_000).toBeGreaterThan(MAX_PIXELS);
    const spies = decodes();
    const answer = await upload(huge, 'huge.png');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(JSON.stringify(tooManyPixels(12_000, 12_000)).slice(1, -1));
    // Nothing decoded it: no output of sharp's was asked for (it was a wall-clock ratio against the
    // 64 MP upload, which a busy host broke).
    expect(callsOf(spies)).toBe(0);
    expect(readdirSync(join(cms.dir, 'media')).filter((file) => file.startsWith('huge'))).toEqual([]);
    expect(await cms.payload.count({ collection: 'media' })).toEqual({ totalDocs: 1 });
  });

  it('with the same bytes as another is served under each upload’s own address', async () => {
    const bytes = await png(1200, 600);
    const first = (await upload(bytes, 'same.png')).body.doc as Record<string, unknown>;
    const second = (await upload(bytes, 'same.png')).body.doc as Record<string, unknown>;
    expect(second.hash).toBe(first.hash);
    expect(second.filename).not.toBe(first.filename);
    for (const doc of [first, second]) {
      const sizes = doc.sizes as Record<string, { filename: string }>;
      for (const file of [String(doc.filename), sizes.card!.filename, sizes.wide!.filename]) {
        const answer = await pictureRoute(new Request(`${origin}/v/${String(doc.hash)}/media/${file}`), {
          params: Promise.resolve({ hash: String(doc.hash), file }),
        });
        expect([file, answer.status]).toEqual([file, 200]);
      }
    }
  });
});
