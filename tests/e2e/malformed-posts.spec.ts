import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

import { freePort, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';

// Anyone can post to a page. A post naming a server action the page does not have (a page of another
// build, or a made-up one) or that Next would refuse for its host got Next's `Error:` with a stack in
// the log, once per post; the red team's round wrote 237. Each may now write one short line at most.
let dir: string;
let site: ChildProcess | undefined;
let port: number;
let output = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-malformed-'));
  port = await freePort();
  site = startNextServer({
    port,
    env: { DATA_DIR: join(dir, 'data'), STAFF_EMAILS: 'staff@example.org' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  site.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  site.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilUp(`http://127.0.0.1:${port}/api/health`, { server: site });
});

test.afterAll(async () => {
  if (site) await stopServer(site);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// A no-JavaScript action post of the one shape proxy.ts lets through (lib/forms/action-post.ts).
function actionPost(path: string, actionId: string, headers: Record<string, string>) {
  const boundary = 'b0undary';
  const fields = {
    $ACTION_REF_1: '',
    '$ACTION_1:0': JSON.stringify({ id: actionId, bound: '$@1' }),
    '$ACTION_1:1': '[{}]',
    $ACTION_KEY: 'k0',
    name: 'Anonymous',
  };
  const body = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')
    .concat(`--${boundary}--\r\n`);
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('a malformed post to a page writes one short line at most, and no stack', async () => {
  test.setTimeout(60_000);
  const origin = `http://127.0.0.1:${port}`;
  // Action ids this build has, each on some pages only.
  const manifest = JSON.parse(readFileSync('.next/server/server-reference-manifest.json', 'utf8')) as {
    node: Record<string, unknown>;
  };
  const known = Object.keys(manifest.node);
  expect(known.length).toBeGreaterThan(0);
  // An id this build lacks, to a page with a form (a page of another build), is sent on to the form's
  // route with a 307 (lib/forms/stale-action.ts); the route's answer is a 400 with the form's words.
  const staleCases: [string, string, string][] = [
    ['a made-up action id', '/contact', '7f'.padEnd(42, '0')],
    ['a made-up action id, French page', '/fr/contact', 'ab'.repeat(21)],
    ['a long made-up id', '/events/baobab-data-hackathon-2023', 'x'.repeat(3000)],
  ];
  for (const [name, path, id] of staleCases) {
    expect(await actionPost(path, id, { origin }), name).toBe(307);
  }
  const cases: [string, string, string, Record<string, string>][] = [
    ['no origin', '/academy', '7f'.padEnd(42, '1'), {}],
    ['a made-up action id, on a page without a form', '/about', '7f'.padEnd(42, '2'), { origin }],
    ['a Host in capitals', '/contact', known[0]!, { origin, host: `127.0.0.1:${port}`.toUpperCase() }],
    [
      'an X-Forwarded-Host of its own',
      '/contact',
      known[0]!,
      { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' },
    ],
    ...known.map((id): [string, string, string, Record<string, string>] => [
      `an action of other pages (${id.slice(0, 8)})`,
      '/staff/sign-in',
      id,
      { origin },
    ]),
  ];
  for (const [name, path, id, headers] of cases) {
    const before = output.length;
    const status = await actionPost(path, id, headers);
    expect(status, name).toBeGreaterThanOrEqual(400);
    expect(status, name).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = output.slice(before).split('\n').filter(Boolean);
    expect(lines.length, `${name}: ${lines.join('\n')}`).toBeLessThanOrEqual(1);
    for (const line of lines) {
      expect(line.length, name).toBeLessThan(300);
      expect(line, name).not.toMatch(/^\s+at |Error:|stack/);
    }
  }
});
