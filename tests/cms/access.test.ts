import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { eventFields, startCms } from './setup';

// The CMS's REST API, called as the browser calls it, by every role and by someone without a session
// (lib/cms/access.ts): editors and admins write, only admins delete, staff and door get nothing, and
// neither does anyone without a session, on any route and method.
type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
let api: Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>;
let cms: Awaited<ReturnType<typeof startCms>>;
const base = 'http://127.0.0.1:3000/staff/content/api';

beforeAll(async () => {
  cms = await startCms();
  api = (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as typeof api;
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

async function call(method: keyof typeof api, path: string, cookie: string | null, body?: unknown) {
  const headers: Record<string, string> = { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(`${base}/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const slug = new URL(request.url).pathname.slice('/staff/content/api/'.length).split('/');
  const response = await api[method](request, { params: Promise.resolve({ slug }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const newEvent = (slug: string) =>
  eventFields(slug, { img: '/images/events/hackathon-2023.svg', _status: 'published' });

describe('the CMS API', () => {
  it('gives nothing to a request without a session, on any route and method', async () => {
    const event = (await cms.payload.find({ collection: 'events', limit: 1 })).docs[0]!;
    for (const [method, path] of [
      ['GET', 'events'],
      ['GET', `events/${event.id}`],
      ['GET', 'events/versions'],
      ['GET', 'offers'],
      ['POST', 'offers'],
      ['GET', 'staff'],
      ['GET', 'payload-preferences'],
      ['GET', 'payload-locked-documents'],
      ['POST', 'events'],
      ['PATCH', `events/${event.id}`],
      ['DELETE', `events/${event.id}`],
    ] as const) {
      const answer = await call(
        method,
        path,
        null,
        method === 'GET' || method === 'DELETE' ? undefined : newEvent('x'),
      );
      expect([method, path, answer.status]).toEqual([method, path, 403]);
      expect(JSON.stringify(answer.body)).not.toContain(event.slug as string);
    }
    const me = await call('GET', 'staff/me', null);
    expect(me.body.user).toBeNull();
    expect(await cms.payload.count({ collection: 'events' })).toEqual({ totalDocs: 1 });
  });

  it('refuses staff and door as it refuses strangers: their roles have no content', async () => {
    const project = (await cms.payload.find({ collection: 'projects', limit: 1 })).docs[0]!;
    for (const role of ['staff', 'door']) {
      const cookie = await cms.sessionFor(`${role}@example.org`);
      expect((await call('GET', 'events', cookie)).status).toBe(403);
      expect((await call('POST', 'events', cookie, newEvent(`by-${role}`))).status).toBe(403);
      expect((await call('GET', 'staff/me', cookie)).body.user).toBeNull();
      // The projects and the contact details, as the programme.
      for (const [method, path, body] of [
        ['GET', 'projects', undefined],
        ['PATCH', `projects/${project.id}`, { title: 'Taken over' }],
        ['DELETE', `projects/${project.id}`, undefined],
        ['GET', 'globals/contact', undefined],
        ['POST', 'globals/contact', { phone: '+234 1 555 0000' }],
      ] as const) {
        const answer = await call(method, path, cookie, body);
        expect([role, method, path, answer.status]).toEqual([role, method, path, 403]);
        expect(JSON.stringify(answer.body)).not.toContain('Water Point');
        expect(JSON.stringify(answer.body)).not.toContain('@baobabdata.org');
      }
    }
    expect((await cms.payload.findByID({ collection: 'projects', id: project.id })).title).toBe(project.title);
    expect((await cms.payload.findGlobal({ slug: 'contact' })).phone).not.toBe('+234 1 555 0000');
    expect(await cms.payload.count({ collection: 'events' })).toEqual({ totalDocs: 1 });
  });

  it('lets an editor read, create and publish, but not delete', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    expect((await call('GET', 'staff/me', cookie)).body.user).toMatchObject({ email: 'editor@example.org' });
    const list = await call('GET', 'events', cookie);
    expect(list.status).toBe(200);
    expect(list.body.docs).toEqual([expect.objectContaining({ slug: 'baobab-data-hackathon-2023' })]);
    const created = await call('POST', 'events', cookie, newEvent('data-day-nairobi'));
    expect(created.status).toBe(201);
    const id = (created.body.doc as { id: number }).id;
    expect((await call('PATCH', `events/${id}`, cookie, { title: 'Data Day Nairobi 2027' })).status).toBe(200);
    expect((await call('DELETE', `events/${id}`, cookie)).status).toBe(403);
    const versions = await cms.payload.findVersions({ collection: 'events', where: { parent: { equals: id } } });
    expect(versions.totalDocs).toBe(2);
  });

  it('lets an admin of STAFF_EMAILS delete', async () => {
    const cookie = await cms.sessionFor('admin@example.org');
    const { docs } = await cms.payload.find({ collection: 'events', where: { slug: { equals: 'data-day-nairobi' } } });
    expect((await call('DELETE', `events/${docs[0]!.id}`, cookie)).status).toBe(200);
    expect(await cms.payload.count({ collection: 'events' })).toEqual({ totalDocs: 1 });
  });

  it('refuses a write without a content session before reading its body, and takes a phone-sized picture from an editor', async () => {
    const sharp = (await import('sharp')).default;
    // A 4000 × 3000 photo of noise: several megabytes, as a phone's are.
    const noise = Buffer.alloc(4000 * 3000 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const form = () => {
      const data = new FormData();
      data.append('_payload', JSON.stringify({ alt: 'A crowd at the hackathon' }));
      data.append('file', new Blob([photo], { type: 'image/jpeg' }), 'crowd.jpg');
      return data;
    };
    const send = (cookie: string | null) => {
      const headers: Record<string, string> = { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' };
      if (cookie) headers.cookie = cookie;
      return api.POST(new Request(`${base}/media`, { method: 'POST', headers, body: form() }), {
        params: Promise.resolve({ slug: ['media'] }),
      });
    };
    const before = (await cms.payload.count({ collection: 'media' })).totalDocs;
    for (const cookie of [null, await cms.sessionFor('staff@example.org'), 'baobab-staff=forged']) {
      expect((await send(cookie)).status).toBe(403);
    }
    expect((await cms.payload.count({ collection: 'media' })).totalDocs).toBe(before);
    // The picture waits in a temporary file while its copies are made, and the file is gone after,
    // whether the write was taken or refused.
    const temporary = join(cms.dir, 'uploading');
    const editor = await cms.sessionFor('editor@example.org');
    const saved = await send(editor);
    expect(saved.status).toBe(201);
    const { doc } = (await saved.json()) as {
      doc: { width: number; mimeType: string; sizes: Record<string, { width: number; mimeType: string }> };
    };
    // Kept at most 2400 px wide, in WebP, with its two smaller copies (lib/cms/collections/media.ts).
    expect(doc).toMatchObject({ width: 2400, mimeType: 'image/webp' });
    expect(doc.sizes.card).toMatchObject({ width: 640, mimeType: 'image/webp' });
    expect(doc.sizes.wide).toMatchObject({ width: 1600, mimeType: 'image/webp' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(temporary)).toEqual([]);

    // A GIF: read as a picture, then refused for its type once the upload waits on disk.
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .gif()
      .toBuffer();
    const bad = new FormData();
    bad.append('_payload', JSON.stringify({ alt: 'A red square' }));
    bad.append('file', new Blob([gif], { type: 'image/gif' }), 'square.gif');
    const refused = await api.POST(
      new Request(`${base}/media`, {
        method: 'POST',
        headers: { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin', cookie: editor },
        body: bad,
      }),
      { params: Promise.resolve({ slug: ['media'] }) },
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(temporary)).toEqual([]);
  });

  it('answers a body it cannot read with a 4xx, for an editor as for a stranger', async () => {
    const editor = await cms.sessionFor('editor@example.org');
    for (const cookie of [editor, null]) {
      for (const [type, body, status] of [
        ['text/plain;charset=UTF-8', '{"slug":"x"}', 415],
        ['application/x-www-form-urlencoded', 'slug=x', 415],
        ['multipart/form-data; boundary=x', 'not a form', 400],
        ['application/json', '{not json', 400],
      ] as const) {
        const headers: Record<string, string> = { origin: 'http://127.0.0.1:3000', 'content-type': type };
        if (cookie) headers.cookie = cookie;
        const request = new Request(`${base}/events`, { method: 'POST', headers, body });
        const answer = await api.POST(request, { params: Promise.resolve({ slug: ['events'] }) });
        // A stranger's body is never read: refused for who they are.
        expect([type, Boolean(cookie), answer.status]).toEqual([type, Boolean(cookie), cookie ? status : 403]);
      }
    }
    expect(await cms.payload.count({ collection: 'events' })).toEqual({ totalDocs: 1 });
  });

  it('refuses in the editor what the schema of data/ refuses', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    const bad = { ...newEvent('backwards'), startDate: '2027-06-06', endDate: '2027-06-05', startTime: '09:00' };
    const answer = await call('POST', 'events', cookie, bad);
    expect(answer.status).toBe(400);
    const text = JSON.stringify(answer.body);
    expect(text).toContain('must not be before startDate');
    expect(text).toContain('give both startTime and endTime, or neither');
  });
});
