import { readFileSync } from 'node:fs';

import { send, tally, type Tally } from './client.mjs';
import { post, signIn } from './roles.mjs';
import { base } from './settings.mjs';

// The CMS (lib/cms, docs/security.md "The CMS"): without a session, and with a role that has no content
// (staff, door), no route and method of its API or admin gives any content or changes any; a site form's
// server action does not run under its prefix; its larger body limit holds only on its own decoded path.
// Goals: 0 answers with content, 0 changes, 0 5xx.

const ADMIN = 'staff@example.org';
const SEEDED = 'baobab-data-hackathon-2023';
const api = [
  'events',
  'events/1',
  `events?where[slug][equals]=${SEEDED}`,
  'events/versions',
  'events/versions/1',
  'events/count',
  'courses',
  'courses/1',
  'courses/versions',
  'insights',
  'people/1',
  'projects',
  'projects/1',
  'projects/versions',
  'globals/figures',
  'globals/contact',
  'globals/contact/versions',
  'media',
  'media/1',
  'media/file/banner.webp',
  'payload-jobs',
  'payload-jobs/run',
  'payload-jobs/handle-schedules',
  'staff',
  'staff/1',
  'payload-preferences',
  'payload-locked-documents',
  'payload-migrations',
  'access',
  'staff/me',
  'staff/logout',
  'staff/refresh-token',
  'staff/login',
  'staff/forgot-password',
  'staff/first-register',
  'nope',
  '../../api/health',
].map((path) => `/staff/content/api/${path}`);
const admin = [
  '/staff/content',
  '/staff/content/collections/events',
  '/staff/content/collections/events/1',
  '/staff/content/collections/courses/1',
  '/staff/content/account',
];
// The editor's preview (app/staff/preview): it turns on Next's draft mode, which shows drafts.
const previews = [
  '/staff/preview?collection=events&id=1&locale=en',
  '/staff/preview?collection=projects&id=1&locale=fr',
  '/staff/preview?collection=courses&id=1&locale=fr',
  '/staff/preview?leave=/events',
];
const methods = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];
const event = JSON.stringify({
  slug: 'drill-event',
  title: 'Drill',
  inSentence: 'the drill',
  dates: '1 January 2030',
  startDate: '2030-01-01',
  endDate: '2030-01-01',
  tagline: 'x',
  description: 'x',
  location: 'x',
  img: '/images/events/hackathon-2023.svg',
  partner: { img: '/images/partners/savanna-labs.svg', alt: 'x' },
  registrationLink: 'https://example.org/',
  _status: 'published',
});

// What an answer must never hold for these callers: the seeded event, a list of documents, an address.
function gave(body: string): boolean {
  return body.includes(SEEDED) || /"docs":\[\{/.test(body) || /"email":"/.test(body) || /drill-event/.test(body);
}

export async function cms(dataDir: string) {
  const t = tally('CMS without content rights');
  const strangers = ['', 'baobab-staff=x', `baobab-staff=${'A'.repeat(43)}`, 'payload-token=forged'];
  await tryEverything(t, 'no session', strangers);
  // The run endpoint of the CMS's jobs runs scheduled publications for editors and the server's own
  // pass only (lib/cms/runner.ts): a stranger's claim to be that pass is refused.
  for (const pass of ['', 'forged', 'A'.repeat(43), 'A'.repeat(4096)]) {
    const answer = await send(t, 'GET', '/staff/content/api/payload-jobs/run', { 'x-publishing-pass': pass });
    if (answer.status < 400) gotThrough(t, `a forged publishing pass ran the CMS's jobs (${answer.status})`);
  }

  const adminCookie = await signIn(t, dataDir, ADMIN);
  const below: string[] = [];
  for (const role of ['staff', 'door']) {
    const email = `drill-cms-${role}@example.org`;
    await post(t, adminCookie, 'team-set', { email, role });
    below.push(await signIn(t, dataDir, email));
  }
  await tryEverything(t, 'staff or door', below);
  await previewOf(t, adminCookie);
  await pictures(t);
  // Bodies the CMS cannot read, from anyone and from an admin (who may write): a 4xx, never a 5xx.
  for (const cookie of ['', below[0]!, adminCookie]) {
    for (const path of ['/staff/content/api/events', '/staff/content/api/media', '/staff/content/api/events/1']) {
      for (const [type, body] of [
        ['text/plain;charset=UTF-8', '{"slug":"drill-event"}'],
        ['multipart/form-data; boundary=drill', '--drill\r\nContent-Disposition: form-data; name="file"\r\n\r\nx'],
        ['application/xml', '<event/>'],
      ] as const) {
        const method = path.endsWith('/1') ? 'PATCH' : 'POST';
        const answer = await send(t, method, path, { ...ours(cookie), 'content-type': type }, body);
        if (answer.status < 400) gotThrough(t, `${method} ${path} as ${type} answered ${answer.status}`);
      }
    }
  }

  // A picture-sized body (past the CMS's 2 MiB, under the uploads' 16 MiB): only a session the store finds
  // valid with a role that writes content has the uploads' allowance, so without a cookie, with a forged
  // one or with a session without content it is refused for its length before it is read; on any other
  // path of the CMS, for its length too. Never stored, never a 5xx.
  const photo = `--drill\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(3 * 1024 * 1024)}\r\n--drill--\r\n`;
  for (const [cookie, path, expected] of [
    ['', '/staff/content/api/media', 413],
    ['baobab-staff=forged', '/staff/content/api/media', 413],
    [below[0]!, '/staff/content/api/media', 413],
    [adminCookie, '/staff/content/api/events', 413],
    [adminCookie, '/staff/content/api/media/%2e%2e/events', 413],
  ] as const) {
    const answer = await send(
      t,
      'POST',
      path,
      {
        ...ours(cookie),
        'content-type': 'multipart/form-data; boundary=drill',
        'content-length': String(photo.length),
      },
      photo,
    );
    if (answer.status !== expected) gotThrough(t, `a 3 MiB post to ${path} answered ${answer.status}, not ${expected}`);
  }

  // A site form's action under the CMS's prefix, with the CMS's body limit: refused.
  const manifest = JSON.parse(readFileSync('.next/server/server-reference-manifest.json', 'utf8')) as {
    node: Record<string, { workers: Record<string, unknown> }>;
  };
  const siteActions = Object.entries(manifest.node)
    .filter(([, entry]) => Object.keys(entry.workers).some((worker) => worker.startsWith('app/[lang]/')))
    .map(([id]) => id);
  for (const id of siteActions) {
    for (const path of ['/staff/content', '/staff/content/collections/events']) {
      const answer = await send(
        t,
        'POST',
        path,
        { ...ours(adminCookie), 'next-action': id, 'content-type': 'text/plain;charset=UTF-8' },
        '[]',
      );
      if (answer.status < 300) gotThrough(t, `site action ${id.slice(0, 8)} ran under ${path}: ${answer.status}`);
    }
  }
  // The larger body limit only on the CMS's own decoded path.
  const big = Buffer.alloc(1024 * 1024, 'a');
  for (const path of [
    '/staff/content/../../contact',
    '/staff/content/%2e%2e/%2e%2e/contact',
    '/staff/content%2F..%2F..%2Fcontact',
  ]) {
    const answer = await send(
      t,
      'POST',
      path,
      { ...ours(adminCookie), 'content-type': 'application/x-www-form-urlencoded' },
      big,
    );
    // Refused for its size (413) or before its body is read (405, no page takes a post there); the CMS's
    // limit would have let it reach a page. A connection the server closed before the client had sent
    // the body and read the answer (seen on a loaded host) took nothing either: it is counted as
    // unanswered, not as a way through.
    if (answer.status !== 413 && answer.status !== 405 && answer.status !== -1)
      gotThrough(t, `1 MiB to ${path} answered ${answer.status}`);
  }
  const huge = Buffer.alloc(3 * 1024 * 1024, 'a');
  const answer = await send(
    t,
    'PATCH',
    '/staff/content/api/events/1',
    { ...ours(adminCookie), 'content-type': 'application/json' },
    huge,
  );
  if (answer.status !== 413) gotThrough(t, `3 MiB to the CMS's API answered ${answer.status}`);
}

const ours = (cookie: string) => ({ ...(cookie ? { cookie } : {}), origin: base, 'sec-fetch-site': 'same-origin' });

async function tryEverything(t: Tally, who: string, cookies: string[]) {
  for (const cookie of cookies) {
    for (const path of api) {
      for (const method of methods) {
        const body = ['POST', 'PATCH', 'PUT'].includes(method) ? event : undefined;
        const headers = { ...ours(cookie), ...(body ? { 'content-type': 'application/json' } : {}) };
        const answer = await send(t, method, path, headers, body);
        if (gave(answer.body)) gotThrough(t, `${who}: ${method} ${path} answered ${answer.status} with content`);
      }
    }
    for (const path of admin) {
      const answer = await send(t, 'GET', path, ours(cookie));
      if (answer.status === 200) gotThrough(t, `${who}: GET ${path} answered 200`);
    }
    for (const path of previews) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const answer = await send(t, method, path, ours(cookie));
        if (answer.status < 300 || previewCookie(answer.headers))
          gotThrough(
            t,
            `${who}: ${method} ${path} answered ${answer.status} ${previewCookie(answer.headers) ? 'with the draft-mode cookie' : ''}`,
          );
      }
    }
  }
  // Nothing they sent was stored: the seeded event is the only one, as seeded.
  const check = await send(t, 'GET', `/events/${SEEDED}`, {});
  if (check.status !== 200) gotThrough(t, `${who}: the seeded event's page answered ${check.status}`);
  const drill = await send(t, 'GET', '/events/drill-event', {});
  if (drill.status === 200) gotThrough(t, `${who}: an event was created`);
}

function previewCookie(headers: Record<string, string | string[] | undefined>): boolean {
  return [headers['set-cookie'] ?? []].flat().some((cookie) => cookie.startsWith('__prerender_bypass='));
}

// An editor's preview turns on draft mode, and its way out returns to this site only.
async function previewOf(t: Tally, adminCookie: string) {
  const opened = await send(t, 'GET', previews[0]!, ours(adminCookie));
  if (!previewCookie(opened.headers) || opened.headers.location !== `/events/${SEEDED}`)
    t.notes.push(`the admin's preview answered ${opened.status} to ${String(opened.headers.location)}`);
  for (const away of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/%2F%2Fevil.example']) {
    const answer = await send(t, 'GET', `/staff/preview?leave=${encodeURIComponent(away)}`, ours(adminCookie));
    const location = String(answer.headers.location ?? '');
    if (!location.startsWith('/') || location.startsWith('//') || location.startsWith('/\\'))
      gotThrough(t, `leaving the preview for ${away} went to ${location}`);
  }
  for (const odd of [
    '?collection=staff&id=1&locale=en',
    '?collection=events&id=1&locale=de',
    '?collection=events&id=x&locale=en',
  ]) {
    const answer = await send(t, 'GET', `/staff/preview${odd}`, ours(adminCookie));
    if (answer.status !== 404 || previewCookie(answer.headers))
      gotThrough(t, `the preview of ${odd} answered ${answer.status}`);
  }
}

// Uploaded pictures' own addresses (app/v/[hash]/media): a made-up hash, a name that climbs out of the
// folder, the database's name, are 404 with no-store; no method but reading answers.
async function pictures(t: Tally) {
  for (const path of [
    '/v/000000000000/media/banner.webp',
    '/v/000000000000/media/..%2Fcms.db',
    '/v/000000000000/media/%2E%2E%2F%2E%2E%2Fbaobab.sqlite',
    '/v/..%2F..%2F/media/cms.db',
    '/v/000000000000/media/cms.db',
  ]) {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE']) {
      const answer = await send(t, method, path, {});
      const cached = String(answer.headers['cache-control'] ?? '');
      if (answer.status < 400 || /immutable|max-age=[1-9]/.test(cached))
        gotThrough(t, `${method} ${path} answered ${answer.status} (${cached})`);
    }
  }
}

function gotThrough(t: Tally, note: string) {
  t.bypasses += 1;
  t.notes.push(note);
}
