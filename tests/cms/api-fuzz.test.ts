import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, expect, it } from '@jest/globals';

import { startPostgres } from '../helpers/postgres';
import { ODD_QUERIES } from './odd-queries';
import { startCms } from './setup';

// The CMS's REST API never answers 5xx (issue 41): every role (none, a forged cookie, each staff role)
// × every collection's and global's routes, the jobs routes and odd path names × every method, and the
// list routes × odd queries. A refusal is a 4xx that says why; a thrown error would be a 500 in Next.
type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'] as const;
let api: Record<(typeof METHODS)[number], Handler>;
let cms: Awaited<ReturnType<typeof startCms>>;
const origin = 'http://127.0.0.1:3000';
const base = `${origin}/staff/content/api`;

beforeAll(async () => {
  cms = await startCms();
  api = (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as typeof api;
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

// Names that an object lookup finds on every object, and names no route has.
const ODD_NAMES = [
  '__proto__',
  'constructor',
  'valueOf',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
  'prototype',
  'nothing',
  '%00',
  '..',
  'x'.repeat(300),
];

// The routes of a collection (Payload's own, the auth routes, the uploads', the jobs' and the order's),
// with an id that exists, one that does not and ids of the wrong shape.
const collectionPaths = (slug: string, id: string) => [
  slug,
  `${slug}/${id}`,
  `${slug}/999999`,
  `${slug}/abc`,
  `${slug}/-1`,
  `${slug}/1.5`,
  `${slug}/1e3`,
  `${slug}/count`,
  `${slug}/versions`,
  `${slug}/versions/1`,
  `${slug}/versions/abc`,
  `${slug}/access`,
  `${slug}/access/${id}`,
  `${slug}/access/abc`,
  `${slug}/${id}/duplicate`,
  `${slug}/abc/duplicate`,
  `${slug}/me`,
  `${slug}/init`,
  `${slug}/logout`,
  `${slug}/refresh-token`,
  `${slug}/login`,
  `${slug}/first-register`,
  `${slug}/forgot-password`,
  `${slug}/reset-password`,
  `${slug}/unlock`,
  `${slug}/verify/abc`,
  `${slug}/file/missing.webp`,
  `${slug}/file/..%2F..%2Fcms.db`,
  `${slug}/handle-schedules`,
  `${slug}/run`,
  `${slug}/queue`,
  `${slug}/cancel`,
  `${slug}/distinct`,
  ...ODD_NAMES.slice(0, 5).map((name) => `${slug}/${name}`),
];

const globalPaths = (slug: string) => [
  `globals/${slug}`,
  `globals/${slug}/access`,
  `globals/${slug}/versions`,
  `globals/${slug}/versions/1`,
  `globals/${slug}/versions/abc`,
  `globals/${slug}/nothing`,
];

const rootPaths = [
  '',
  'access',
  'og',
  'reorder',
  'globals',
  ...ODD_NAMES,
  ...ODD_NAMES.map((name) => `globals/${name}`),
];

// Bodies of a write: empty, of the wrong type, with prototype names, with rows' ids of another document.
const ODD_BODIES = [
  {},
  [],
  null,
  'text',
  { title: { en: 'x' } },
  JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}') as unknown,
  { _status: 'published' },
  { team: [{ id: 'x', name: 1 }], sections: 'x' },
  { title: 'A\u0000B', slug: 'nul\u0000' },
];

// A body sent as it is, not as JSON.
const RAW = { raw: '{"title": ' };

interface Call {
  role: string;
  method: string;
  path: string;
  body?: unknown;
}

async function send({ method, path, body }: Omit<Call, 'role'>, cookie: string | null): Promise<number | string> {
  const headers: Record<string, string> = { origin, 'sec-fetch-site': 'same-origin' };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(`${base}/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : body === RAW ? RAW.raw : JSON.stringify(body),
  });
  // As Next gives the route its segments: decoded.
  const slug = new URL(request.url).pathname
    .slice('/staff/content/api/'.length)
    .split('/')
    .map((segment) => decodeURIComponent(segment));
  try {
    const response = await api[method as (typeof METHODS)[number]](request, { params: Promise.resolve({ slug }) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    // Next would answer a thrown error with a 500.
    return `threw ${String(error).slice(0, 120)}`;
  }
}

it('answers no request with a 5xx, for any role, path, method, query or body', async () => {
  const collections = cms.payload.config.collections.map((collection) => collection.slug);
  const globals = cms.payload.config.globals.map((global) => global.slug);
  expect(collections).toEqual(expect.arrayContaining(['events', 'media', 'staff', 'payload-jobs']));
  const ids: Record<string, string> = {};
  for (const slug of collections) {
    const { docs } = await cms.payload.find({ collection: slug as 'events', limit: 1, depth: 0 });
    ids[slug] = String(docs[0]?.id ?? 1);
  }
  const paths = [
    ...rootPaths,
    ...collections.flatMap((slug) => collectionPaths(slug, ids[slug]!)),
    ...globals.flatMap(globalPaths),
  ];
  const lists = [
    ...collections,
    ...collections.map((slug) => `${slug}/versions`),
    ...globals.map((slug) => `globals/${slug}`),
  ];
  // [role, cookie, whether its role has content]: a role without content is refused before any query or
  // body is read, so it gets every path and method; the content roles get the odd queries and bodies too
  // (the whole product is some 44,000 requests and a minute and a half of CPU, more than CI can spare).
  const roles: [string, string | null, boolean][] = [
    ['anonymous', null, false],
    ['forged cookie', `baobab-staff=${'A'.repeat(43)}`, false],
    ['viewer', await cms.sessionFor('staff@example.org'), false],
    ['door', await cms.sessionFor('door@example.org'), false],
    ['editor', await cms.sessionFor('editor@example.org'), true],
    ['admin', await cms.sessionFor('admin@example.org'), true],
  ];
  const failures: (Call & { status: number | string })[] = [];
  let sent = 0;
  for (const [role, cookie, content] of roles) {
    const everyPath = paths.flatMap((path) =>
      METHODS.map((method) => ({
        method,
        path,
        body: ['POST', 'PATCH', 'PUT'].includes(method) ? {} : undefined,
      })),
    );
    const calls: Omit<Call, 'role'>[] = !content
      ? everyPath
      : [
          ...everyPath,
          ...lists.flatMap((path) => ODD_QUERIES.map((query) => ({ method: 'GET', path: `${path}?${query}` }))),
          // Bulk writes select their documents with the same queries.
          ...collections.flatMap((slug) =>
            ODD_QUERIES.filter((query) => query.startsWith('where')).flatMap((query) => [
              { method: 'PATCH', path: `${slug}?${query}`, body: { title: 'Bulk' } },
              { method: 'DELETE', path: `${slug}?${query}` },
            ]),
          ),
          ...collections.flatMap((slug) =>
            ODD_BODIES.flatMap((body) => [
              { method: 'POST', path: slug, body },
              { method: 'PATCH', path: `${slug}/${ids[slug]}`, body },
            ]),
          ),
          ...globals.flatMap((slug) => ODD_BODIES.map((body) => ({ method: 'POST', path: `globals/${slug}`, body }))),
          // JSON that does not parse, and a write without a body.
          ...collections.flatMap((slug) => [
            { method: 'POST', path: slug, body: RAW },
            { method: 'PATCH', path: `${slug}/${ids[slug]}`, body: RAW },
            { method: 'POST', path: slug },
            { method: 'PATCH', path: `${slug}/${ids[slug]}` },
          ]),
        ];
    for (const call of calls) {
      const status = await send(call, cookie);
      sent += 1;
      if (typeof status !== 'number' || status >= 500) failures.push({ role, ...call, status });
    }
  }
  expect(sent).toBeGreaterThan(5_000);
  expect(failures).toEqual([]);
  process.stdout.write(`content API fuzz: ${sent} requests, none answered 5xx\n`);
}, 600_000);

// Postgres keeps booleans, dates and options in types of their own: the same queries there, by an admin.
it('answers no odd query with a 5xx on Postgres', async () => {
  const postgres = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'baobab-fuzz-'));
  try {
    postgres.createDatabase('cms');
    const output = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['scripts/lib/run-bundled.mjs', 'tests/cms/fuzz-instance.mts'], {
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          NODE_ENV: 'production',
          DATA_DIR: dir,
          STAFF_EMAILS: 'admin@example.org',
          CMS_DATABASE_URL: postgres.url('cms'),
        },
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('exit', () => resolve(text));
    });
    // The instance's result line; Node's warnings (stderr, interleaved) may come after it.
    const line = output.split('\n').find((text) => text.startsWith('{"sent"'));
    const result = line ? (JSON.parse(line) as { sent: number; failures: string[] }) : output;
    expect(result).toEqual({ sent: expect.any(Number), failures: [] });
  } finally {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
