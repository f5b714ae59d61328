import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';

import { startS3, type LocalS3 } from '../helpers/s3';
import { startCms } from './setup';

// Pictures in a bucket (MEDIA_S3_*, lib/cms/bucket.ts), on a local S3-compatible server: the upload's
// files go to the bucket and not to the folder, the site's own addresses serve them from there with the
// same headers, a refused file leaves nothing in it, and a deleted picture leaves nothing behind.
type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
type FileRoute = (request: Request, context: { params: Promise<{ hash: string; file: string }> }) => Promise<Response>;
let api: Record<'GET' | 'POST' | 'DELETE', Handler>;
let pictureRoute: FileRoute;
let cms: Awaited<ReturnType<typeof startCms>>;
let s3: LocalS3;
const origin = 'http://127.0.0.1:3000';

beforeAll(async () => {
  s3 = await startS3();
  Object.assign(process.env, s3.env);
  cms = await startCms();
  api = (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as typeof api;
  pictureRoute = ((await import('@/app/v/[hash]/media/[file]/route')) as unknown as { GET: FileRoute }).GET;
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  await s3.stop();
  rmSync(cms.dir, { recursive: true, force: true });
});

async function call(method: keyof typeof api, path: string, cookie: string | null, body?: BodyInit) {
  const headers: Record<string, string> = { origin, 'sec-fetch-site': 'same-origin' };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`${origin}/staff/content/api/${path}`, { method, headers, body });
  const slug = path.split('?')[0]!.split('/');
  const response = await api[method](request, { params: Promise.resolve({ slug }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function upload(cookie: string, name: string, type: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  form.append('_payload', JSON.stringify({ alt: 'A picture in the bucket' }));
  return call('POST', 'media', cookie, form);
}

async function inBucket(): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  client.destroy();
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

const picture = (hash: string, file: string) =>
  pictureRoute(new Request(`${origin}/v/${hash}/media/${encodeURIComponent(file)}`), {
    params: Promise.resolve({ hash, file }),
  });

describe('pictures in a bucket', () => {
  let uploaded: { id: number; hash: string; filename: string; sizes: Record<string, { filename: string }> };

  it('are kept in the bucket, not in the local folder', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#1f6f4a' } })
      .png()
      .toBuffer();
    const answer = await upload(cookie, 'banner.png', 'image/png', png);
    expect(answer.status).toBe(201);
    uploaded = answer.body.doc as typeof uploaded;
    const files = [uploaded.filename, uploaded.sizes.card!.filename, uploaded.sizes.wide!.filename].sort();
    expect(await inBucket()).toEqual(files);
    expect(existsSync(join(cms.dir, 'media'))).toBe(false);
  });

  it('are served from the bucket under the site’s own address, for a year, and nowhere else', async () => {
    const wide = uploaded.sizes.wide!.filename;
    const served = await picture(uploaded.hash, wide);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
    expect((await sharp(bytes).metadata()).width).toBe(1600);
    for (const [hash, file] of [
      ['000000000000', wide],
      [uploaded.hash, 'cms.db'],
      [uploaded.hash, '../cms.db'],
    ]) {
      const answer = await picture(hash!, file!);
      expect([hash, file, answer.status, answer.headers.get('cache-control')]).toEqual([hash, file, 404, 'no-store']);
    }
  });

  it('are not served from the bucket by the CMS to anyone without content', async () => {
    for (const cookie of [null, await cms.sessionFor('door@example.org'), await cms.sessionFor('staff@example.org')]) {
      expect((await call('GET', `media/file/${uploaded.filename}`, cookie)).status).toBe(403);
    }
    const editor = await cms.sessionFor('editor@example.org');
    const request = new Request(`${origin}/staff/content/api/media/file/${uploaded.filename}`, {
      headers: { origin, 'sec-fetch-site': 'same-origin', cookie: editor },
    });
    const served = await api.GET(request, { params: Promise.resolve({ slug: ['media', 'file', uploaded.filename] }) });
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(2400);
  });

  it('refuse a drawing and a file that is not a picture, and put nothing in the bucket', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(cookie, 'x.svg', 'image/svg+xml', svg)).status).toBe(400);
    expect((await upload(cookie, 'x.png', 'image/png', Buffer.from('<html>not a picture</html>'))).status).toBe(400);
    expect(await inBucket()).toHaveLength(3);
  });

  it('a file missing from the bucket is a plain 404', async () => {
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: uploaded.sizes.card!.filename }));
    client.destroy();
    const answer = await picture(uploaded.hash, uploaded.sizes.card!.filename);
    expect([answer.status, answer.headers.get('cache-control')]).toEqual([404, 'no-store']);
  });

  it('deleted, leave nothing in the bucket', async () => {
    const cookie = await cms.sessionFor('admin@example.org');
    expect((await call('DELETE', `media/${uploaded.id}`, cookie)).status).toBe(200);
    expect(await inBucket()).toEqual([]);
    expect((await picture(uploaded.hash, uploaded.filename)).status).toBe(404);
  });
});
