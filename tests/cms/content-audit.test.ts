import { rmSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { defaultLang } from '@/lib/i18n';

import { eventFields, startCms } from './setup';

// Content changes in the staff audit trail (lib/cms/audit.ts): publish, unpublish, schedule and delete
// of every editorial collection, each with the item's title and who did it, beside the editor's own
// version history, which stays.
type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
let api: Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>;
let cms: Awaited<ReturnType<typeof startCms>>;
const origin = 'http://127.0.0.1:3000';
const collections = [
  'courses',
  'events',
  'offers',
  'projects',
  'insights',
  'partners',
  'people',
  'testimonials',
] as const;

beforeAll(async () => {
  cms = await startCms();
  api = (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as typeof api;
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

async function call(method: keyof typeof api, path: string, cookie: string, body?: unknown) {
  const headers: Record<string, string> = { origin, 'sec-fetch-site': 'same-origin', cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(`${origin}/staff/content/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const slug = new URL(request.url).pathname.slice('/staff/content/api/'.length).split('/');
  const response = await api[method](request, { params: Promise.resolve({ slug }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// The content entries of the trail since the test began, oldest first, as [what, who, detail].
async function contentEntries(since: number) {
  const entries = await cms.store.auditPage({ trail: 'staff', since, limit: 200 });
  return entries
    .filter((entry) => entry.what.startsWith('content-'))
    .reverse()
    .map((entry) => [entry.what, entry.who, entry.detail]);
}

describe('the staff audit trail', () => {
  it('records unpublishing, publishing and deleting an item of every editorial collection, by whom, with its title', async () => {
    const editor = await cms.sessionFor('editor@example.org');
    const admin = await cms.sessionFor('admin@example.org');
    for (const collection of collections) {
      const since = Date.now();
      const config = cms.payload.collections[collection]!.config;
      const { docs } = await cms.payload.find({ collection, limit: 1, depth: 0, locale: defaultLang });
      const doc = docs[0] as Record<string, unknown>;
      const title = String(doc[config.admin.useAsTitle ?? 'id']);
      const named = `${String(config.labels.singular)} “${title}” (#${String(doc.id)})`;
      expect([
        collection,
        (await call('PATCH', `${collection}/${String(doc.id)}`, editor, { _status: 'draft' })).status,
      ]).toEqual([collection, 200]);
      expect([
        collection,
        (await call('PATCH', `${collection}/${String(doc.id)}`, editor, { _status: 'published' })).status,
      ]).toEqual([collection, 200]);
      expect([collection, (await call('DELETE', `${collection}/${String(doc.id)}`, admin)).status]).toEqual([
        collection,
        200,
      ]);
      expect(await contentEntries(since)).toEqual([
        ['content-unpublish', 'editor@example.org', named],
        ['content-publish', 'editor@example.org', named],
        ['content-delete', 'admin@example.org', named],
      ]);
    }
  });

  it('records a new item published, and not a draft saved, nor a draft over a live item', async () => {
    const editor = await cms.sessionFor('editor@example.org');
    const since = Date.now();
    const draft = await call(
      'POST',
      'events?draft=true',
      editor,
      eventFields('drafted', { img: '/images/events/hackathon-2023.svg', _status: 'draft' }),
    );
    expect(draft.status).toBe(201);
    const live = await call(
      'POST',
      'events',
      editor,
      eventFields('live-at-once', { img: '/images/events/hackathon-2023.svg', _status: 'published' }),
    );
    expect(live.status).toBe(201);
    const id = (live.body.doc as { id: number }).id;
    const changed = await call('PATCH', `events/${id}?draft=true`, editor, {
      title: 'Data Day, a draft of changes',
      _status: 'draft',
    });
    expect(changed.status).toBe(200);
    // Still live as published: a draft of changes is no unpublishing.
    const { cmsEvent } = await import('@/lib/cms');
    expect((await cmsEvent('live-at-once', defaultLang))?.title).toBe('Data Day live-at-once');
    expect(await contentEntries(since)).toEqual([
      ['content-publish', 'editor@example.org', `Event “Data Day live-at-once” (#${id})`],
    ]);
    // The editor's version history keeps each save.
    const versions = await cms.payload.findVersions({ collection: 'events', where: { parent: { equals: id } } });
    expect(versions.totalDocs).toBe(2);
  });

  it('records a publish scheduled in the editor, then the publish itself, for whoever scheduled it', async () => {
    const editor = await cms.sessionFor('editor@example.org');
    const since = Date.now();
    const me = await call('GET', 'staff/me', editor);
    const created = await call(
      'POST',
      'events?draft=true',
      editor,
      eventFields('scheduled-audit', { img: '/images/events/hackathon-2023.svg', _status: 'draft' }),
    );
    const id = (created.body.doc as { id: number }).id;
    const at = new Date(Date.now() + 1500);
    // What the editor's "Schedule publish" queues (@payloadcms/ui's schedulePublishHandler).
    await cms.payload.jobs.queue({
      task: 'schedulePublish',
      input: {
        type: 'publish',
        doc: { relationTo: 'events', value: String(id) },
        user: { relationTo: 'staff', value: (me.body.user as { id: number }).id },
      },
      waitUntil: at,
    });
    const { formatWhen } = await import('@/lib/team');
    const named = `Event “Data Day scheduled-audit” (#${id})`;
    expect(await contentEntries(since)).toEqual([
      ['content-schedule', 'editor@example.org', `${named}, to publish on ${formatWhen(at.getTime())}`],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const { createPublishingTask } = await import('@/lib/cms');
    await createPublishingTask({ log: () => {} }).runOnce();
    expect((await contentEntries(since)).at(-1)).toEqual(['content-publish', 'editor@example.org', named]);
  });
});
