import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

import { freePort, privateBuild, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { startPostgres, type Postgres } from '../helpers/postgres';

// Several instances (docs/staff.md, "Content"; docs/operations.md, "Several instances"): two servers, each with
// its own DATA_DIR as on two hosts, share the content editor's Postgres (Debian's postgresql, started
// here on an empty database, which the two migrate and seed together) and its CMS_SECRET; the
// documented nginx is in front of the second. An edit saved on the first instance, which cannot tell
// the second to regenerate anything, reaches a visitor of the second through nginx's cache within 60 s,
// in both languages. At worst 50 s: the second's page may be fresh for up to 30 s after the edit; the
// request that finds it older still gets it while it is made again, and nginx keeps that copy 10 s,
// then 10 s more at most before fetching the new one.
const STAFF = 'staff@example.org';
const LIVE_WITHIN_MS = 60_000;

let dir: string;
const servers: ChildProcess[] = [];
let nginx: ChildProcess | undefined;
let postgres: Postgres | undefined;
let first: string;
let proxied: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-cms-instances-'));
  postgres = await startPostgres();
  postgres.createDatabase('cms');
  const shared = {
    STAFF_EMAILS: STAFF,
    MAIL_POLL_MS: '200',
    TRUSTED_PROXY_HOPS: '1',
    CMS_DATABASE_URL: postgres.url('cms'),
    CMS_SECRET: 'cms-instances-'.padEnd(40, 'x'),
  };
  const ports = [await freePort(), await freePort()];
  // Each its own copy of the build (a server writes the pages it makes again into it) and its own data.
  for (const [i, port] of ports.entries()) {
    const own = join(dir, `instance-${i}`);
    mkdirSync(own);
    servers.push(
      startNextServer({ port, root: privateBuild(own), env: { ...shared, DATA_DIR: join(dir, `data-${i}`) } }),
    );
  }
  for (const port of ports) await waitUntilUp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 120_000 });
  first = `http://127.0.0.1:${ports[0]}`;
  const proxyPort = await freePort();
  mkdirSync(join(dir, 'nginx'));
  nginx = startNginx({ port: proxyPort, upstreamPort: ports[1]!, dir: join(dir, 'nginx') });
  proxied = `http://127.0.0.1:${proxyPort}`;
  await waitUntilUp(`${proxied}/api/health`, { timeoutMs: 10_000 });
});

test.afterAll(async () => {
  test.setTimeout(90_000);
  if (nginx) await stopServer(nginx);
  await Promise.all(servers.map((server) => stopServer(server)));
  await postgres?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Signs in on the first instance as staff do: asks for a link, reads it from the mail, posts its token.
async function signIn(): Promise<string> {
  const form = { origin: first, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' };
  await fetch(`${first}/staff/api/sign-in-request`, { method: 'POST', headers: form, body: `email=${STAFF}` });
  let token: string | undefined;
  await expect
    .poll(
      () => {
        const folder = join(dir, 'data-0', 'mail');
        const mails = (() => {
          try {
            return readdirSync(folder).map((file) => readFileSync(join(folder, file), 'utf8'));
          } catch {
            return [];
          }
        })();
        token = mails
          .map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          .map((mail) => mail.match(/\/staff\/sign-in\?t=([\w.-]+)/)?.[1])
          .find(Boolean);
        return token;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();
  const answer = await fetch(`${first}/staff/api/sign-in`, {
    method: 'POST',
    headers: form,
    body: `t=${token}`,
    redirect: 'manual',
  });
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('baobab-staff='));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

const pageText = async (path: string) => (await fetch(`${proxied}${path}`)).text();

test('an edit saved on one instance reaches a visitor of the other through nginx within 60 s, in both languages', async () => {
  test.setTimeout(180_000);
  // The second instance's pages, kept by nginx.
  for (const path of ['/projects', '/fr/projects', '/terms', '/fr/contact']) {
    expect((await fetch(`${proxied}${path}`)).status).toBe(200);
    expect((await fetch(`${proxied}${path}`)).headers.get('x-cache-status')).toBe('HIT');
  }
  const cookie = await signIn();
  const api = (path: string, method: string, body: unknown) =>
    fetch(`${first}/staff/content/api/${path}`, {
      method,
      headers: { cookie, origin: first, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const stamp = Date.now().toString(36);
  const title = `Water Point Map ${stamp}`;
  const french = `Carte des points d’eau ${stamp}`;
  const phone = `+234 1 555 ${String(Date.now() % 10_000).padStart(4, '0')}`;
  const saved = Date.now();
  // Each answer with its body, so that a refusal says why.
  const answered = async (answer: Promise<Response>) => {
    const response = await answer;
    return [response.status, response.status === 200 ? '' : await response.text()];
  };
  expect(await answered(api('projects/1?locale=en', 'PATCH', { title, _status: 'published' }))).toEqual([200, '']);
  expect(await answered(api('projects/1?locale=fr', 'PATCH', { title: french, _status: 'published' }))).toEqual([
    200,
    '',
  ]);
  expect(await answered(api('globals/contact', 'POST', { phone }))).toEqual([200, '']);

  const seen: Record<string, number> = {};
  await expect
    .poll(
      async () => {
        for (const [path, words] of [
          ['/projects', title],
          ['/fr/projects', french],
          ['/fr/contact', phone],
        ] as const) {
          if (!(path in seen) && (await pageText(path)).includes(words)) seen[path] = Date.now() - saved;
        }
        return Object.keys(seen).length;
      },
      { timeout: LIVE_WITHIN_MS, intervals: [2000] },
    )
    .toBe(3);
  console.log(`seen through nginx on the other instance after: ${JSON.stringify(seen)} ms`);
  // The renamed project's new address answers there too.
  expect((await fetch(`${proxied}/projects/water-point-map-${stamp}-1`)).status).toBe(200);
});
