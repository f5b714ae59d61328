import { readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';

import { eventFields, startCms } from './setup';

// Pictures uploaded in the editor (lib/cms/collections/media.ts): resized, linked by the hash of the
// upload, served as immutable under that hash only, and closed to anyone without content. Scheduled
// publishing (lib/cms/scheduled.ts): a publish queued for a time runs when due, with the rights its
// author has then, through the server's own run endpoint, which no one else may call.
type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
type FileRoute = (request: Request, context: { params: Promise<{ hash: string; file: string }> }) => Promise<Response>;
let api: Record<'GET' | 'POST', Handler>;
let pictureRoute: FileRoute;
let cms: Awaited<ReturnType<typeof startCms>>;
const origin = 'http://127.0.0.1:3000';
const base = `${origin}/staff/content/api`;

beforeAll(async () => {
  cms = await startCms();
  api = (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as typeof api;
  pictureRoute = ((await import('@/app/v/[hash]/media/[file]/route')) as unknown as { GET: FileRoute }).GET;
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

async function call(
  method: keyof typeof api,
  path: string,
  cookie: string | null,
  body?: BodyInit,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { origin, 'sec-fetch-site': 'same-origin', ...extra };
  if (cookie) headers.cookie = cookie;
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const request = new Request(`${base}/${path}`, { method, headers, body });
  const slug = new URL(request.url).pathname.slice('/staff/content/api/'.length).split('/');
  const response = await api[method](request, { params: Promise.resolve({ slug }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// A photograph-sized picture made here (no file from elsewhere): 3000 × 1500 px.
async function upload(cookie: string | null, name = 'banner.png', type = 'image/png', bytes?: Buffer) {
  const data =
    bytes ??
    (await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#1f6f4a' } })
      .png()
      .toBuffer());
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  form.append('_payload', JSON.stringify({ alt: 'A green banner' }));
  return call('POST', 'media', cookie, form);
}

const picture = (hash: string, file: string) =>
  pictureRoute(new Request(`${origin}/v/${hash}/media/${encodeURIComponent(file)}`), {
    params: Promise.resolve({ hash, file }),
  });

describe('pictures', () => {
  let uploaded: Record<string, unknown>;

  it('are uploaded by editors only, kept at most 2400 px wide in WebP, with a card and a banner copy', async () => {
    expect((await upload(null)).status).toBe(403);
    expect((await upload(await cms.sessionFor('staff@example.org'))).status).toBe(403);
    const answer = await upload(await cms.sessionFor('editor@example.org'));
    expect(answer.status).toBe(201);
    uploaded = answer.body.doc as Record<string, unknown>;
    expect(uploaded).toMatchObject({ mimeType: 'image/webp', width: 2400, height: 1200 });
    expect(uploaded.hash).toMatch(/^[0-9a-f]{12}$/);
    const sizes = uploaded.sizes as Record<string, { width: number; mimeType: string; filename: string }>;
    expect([sizes.card!.width, sizes.card!.mimeType, sizes.wide!.width, sizes.wide!.mimeType]).toEqual([
      640,
      'image/webp',
      1600,
      'image/webp',
    ]);
    const media = join(cms.dir, 'media');
    expect(readdirSync(media).sort()).toEqual(
      [uploaded.filename as string, sizes.card!.filename, sizes.wide!.filename].sort(),
    );
  });

  it('refuses a drawing (SVG can carry a script) and a file that is not the picture it says', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(cookie, 'x.svg', 'image/svg+xml', svg)).status).toBe(400);
    expect((await upload(cookie, 'x.png', 'image/png', Buffer.from('<html>not a picture</html>'))).status).toBe(400);
    expect(await cms.payload.count({ collection: 'media' })).toEqual({ totalDocs: 1 });
  });

  it('are not listed or served by the CMS to anyone without content', async () => {
    for (const cookie of [null, await cms.sessionFor('door@example.org')]) {
      expect((await call('GET', 'media', cookie)).status).toBe(403);
      expect((await call('GET', `media/file/${String(uploaded.filename)}`, cookie)).status).toBe(403);
    }
  });

  it('give an event the address of their banner copy, served for a year under the hash of the upload only', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    const created = await call(
      'POST',
      'events',
      cookie,
      JSON.stringify(eventFields('with-picture', { image: uploaded.id, _status: 'published' })),
    );
    expect(created.status).toBe(201);
    const wide = (uploaded.sizes as Record<string, { filename: string }>).wide!.filename;
    const path = `/v/${String(uploaded.hash)}/media/${encodeURIComponent(wide)}`;
    expect((created.body.doc as { img: string }).img).toBe(path);
    const { cmsEvent } = await import('@/lib/cms');
    expect((await cmsEvent('with-picture', 'en'))?.img).toBe(path);

    const served = await picture(String(uploaded.hash), wide);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1600);
    // Any other hash, a name that is not one of the upload's files, a climb out of the folder: 404,
    // kept by no cache.
    for (const [hash, file] of [
      ['000000000000', wide],
      [String(uploaded.hash), 'cms.db'],
      [String(uploaded.hash), '../cms.db'],
      ['../../../etc', 'passwd'],
    ]) {
      const answer = await picture(hash!, file!);
      expect([hash, file, answer.status, answer.headers.get('cache-control')]).toEqual([hash, file, 404, 'no-store']);
    }
  });

  it('leave the path required: an event with neither a picture nor a path is refused', async () => {
    const cookie = await cms.sessionFor('editor@example.org');
    const answer = await call(
      'POST',
      'events',
      cookie,
      JSON.stringify(eventFields('no-picture', { _status: 'published' })),
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('"path":"img"');
  });
});

describe('scheduled publishing', () => {
  async function scheduleBy(email: string, slug: string) {
    const cookie = await cms.sessionFor(email);
    const me = await call('GET', 'staff/me', cookie);
    const created = await call(
      'POST',
      'events?draft=true',
      cookie,
      JSON.stringify(eventFields(slug, { img: '/images/events/hackathon-2023.svg', _status: 'draft' })),
    );
    expect(created.status).toBe(201);
    const id = (created.body.doc as { id: number }).id;
    // What the editor's "Schedule publish" queues (@payloadcms/ui's schedulePublishHandler).
    await cms.payload.jobs.queue({
      task: 'schedulePublish',
      input: {
        type: 'publish',
        doc: { relationTo: 'events', value: String(id) },
        user: { relationTo: 'staff', value: (me.body.user as { id: number }).id },
      },
      waitUntil: new Date(Date.now() + 1500),
    });
    return id;
  }

  it('publishes a draft when its time comes, and not before', async () => {
    const { cmsEvent, createPublishingTask } = await import('@/lib/cms');
    const logged: string[] = [];
    const task = createPublishingTask({ log: (level, message) => logged.push(`${level}: ${message}`) });
    await scheduleBy('editor@example.org', 'scheduled-day');
    await task.runOnce();
    expect(await cmsEvent('scheduled-day', 'en')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await task.runOnce();
    expect((await cmsEvent('scheduled-day', 'en'))?.title).toBe('Data Day scheduled-day');
    expect(logged).toEqual(['info: ran 1 scheduled publication(s)']);
    // Done once: the next pass finds nothing to run.
    await task.runOnce();
    expect(logged).toHaveLength(1);
  });

  it('does not publish for someone who has since left the team', async () => {
    const { cmsEvent, createPublishingTask } = await import('@/lib/cms');
    const { auditEntry } = await import('@/lib/team');
    const now = Date.now();
    await cms.store.saveTeamMember(
      { email: 'leaver@example.org', role: 'editor', addedBy: 'admin@example.org', addedAt: now },
      auditEntry('team-add', 'admin@example.org', 'leaver@example.org editor', now),
    );
    await scheduleBy('leaver@example.org', 'left-behind');
    await cms.store.removeTeamMember(
      'leaver@example.org',
      auditEntry('team-remove', 'admin@example.org', 'leaver@example.org', now),
    );
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await createPublishingTask({ log: () => {} }).runOnce();
    expect(await cmsEvent('left-behind', 'en')).toBeUndefined();
  });

  // The CMS's run endpoint as the server's pass calls it: a request to this API, here behind a real
  // HTTP server of the test's.
  async function serveApi() {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url!);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string') headers.set(name, value);
      const forwarded = new Request(`${origin}${request.url}`, { headers });
      const slug = new URL(forwarded.url).pathname.slice('/staff/content/api/'.length).split('/');
      void api.GET(forwarded, { params: Promise.resolve({ slug }) }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(await answer.text());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, asked, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('runs due publications only for editors and for the server’s own pass, never for a forged one', async () => {
    const { cmsEvent } = await import('@/lib/cms');
    const { RUNNER_HEADER, runnerSecret } = await import('@/lib/cms/runner');
    await scheduleBy('editor@example.org', 'run-by-pass');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const secret = runnerSecret();
    for (const [who, cookie, extra] of [
      ['stranger', null, {}],
      ['staff', await cms.sessionFor('staff@example.org'), {}],
      ['door', await cms.sessionFor('door@example.org'), {}],
      ['forged pass', null, { [RUNNER_HEADER]: 'forged' }],
      ['altered pass', null, { [RUNNER_HEADER]: `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}` }],
      ['longer pass', null, { [RUNNER_HEADER]: `${secret}x` }],
    ] as const) {
      const answer = await call('GET', 'payload-jobs/run', cookie, undefined, extra);
      expect([who, answer.status]).toEqual([who, 401]);
    }
    expect(await cmsEvent('run-by-pass', 'en')).toBeUndefined();
    const answer = await call('GET', 'payload-jobs/run', null, undefined, { [RUNNER_HEADER]: secret });
    expect(answer.status).toBe(200);
    expect((await cmsEvent('run-by-pass', 'en'))?.title).toBe('Data Day run-by-pass');
  });

  it('runs them through the server when it has one, and here when the server does not answer', async () => {
    const { cmsEvent, createPublishingTask } = await import('@/lib/cms');
    const api = await serveApi();
    try {
      const logged: string[] = [];
      const log = (level: string, message: string) => logged.push(`${level}: ${message}`);
      await scheduleBy('editor@example.org', 'through-server');
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await createPublishingTask({ log, origin: () => api.origin }).runOnce();
      expect(api.asked).toEqual(['/staff/content/api/payload-jobs/run?limit=20']);
      expect((await cmsEvent('through-server', 'en'))?.title).toBe('Data Day through-server');
      expect(logged).toEqual(['info: ran 1 due scheduled publication(s)']);
      // Nothing due: the pass asks nothing of the server.
      await createPublishingTask({ log, origin: () => api.origin }).runOnce();
      expect(api.asked).toHaveLength(1);

      await scheduleBy('editor@example.org', 'server-away');
      await new Promise((resolve) => setTimeout(resolve, 1600));
      const away = await new Promise<string>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as AddressInfo;
          probe.close(() => resolve(`http://127.0.0.1:${port}`));
        });
      });
      logged.length = 0;
      await createPublishingTask({ log, origin: () => away }).runOnce();
      expect((await cmsEvent('server-away', 'en'))?.title).toBe('Data Day server-away');
      expect(logged).toEqual([
        expect.stringMatching(/^error: scheduled publications could not run through the server, running them here/),
        'info: ran 1 scheduled publication(s)',
      ]);
    } finally {
      api.server.close();
    }
  });
});
