/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NextRequest } from 'next/server';

import { setSingleton } from '@/lib/singletons';

const dir = mkdtempSync(join(tmpdir(), 'baobab-health-'));
process.env.DATA_DIR = dir;
process.env.SITE_URL = 'https://data.example.org/';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A request as the HTTP intake hands it on, its socket's address under the process's header name: from
// this host, or from another (where a proxy on this host passes on another host's request).
const SOCKET = 'x-test-socket-address';
function request(socket: string, headers: Record<string, string> = {}) {
  setSingleton('socketAddressHeader', SOCKET);
  return new NextRequest('http://localhost/api/health', { headers: { [SOCKET]: socket, ...headers } });
}
const fromHost = () => request('127.0.0.1');

it('reports the store reachable and the outbox counts, without anything private', async () => {
  const { getStore } = await import('@/lib/storage');
  const { GET } = await import('@/app/api/health/route');
  const store = getStore();
  await store.add(
    'contact',
    { name: 'Private Name', email: 'private@example.org', message: 'secret', date: 1 },
    {
      mails: [{ to: 'private@example.org', subject: 's', text: 't', html: 'h' }],
    },
  );
  const response = await GET(fromHost());
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body).toEqual({
    status: 'ok',
    siteUrl: 'https://data.example.org',
    store: { kind: 'sqlite', reachable: true },
    outbox: { pending: 1, failed: 0 },
    mail: { relayUnreachableSince: null },
  });
  expect(JSON.stringify(body)).not.toMatch(/private|secret/i);

  // The outbox's counts move when a staff sign-in link is queued: no other host reads them.
  for (const elsewhere of [
    request('203.0.113.9'),
    request('127.0.0.2'),
    request('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
    request('127.0.0.1', { 'x-real-ip': '203.0.113.9' }),
  ]) {
    const seen = await (await GET(elsewhere)).json();
    expect(seen).toEqual({
      status: 'ok',
      siteUrl: 'https://data.example.org',
      store: { kind: 'sqlite', reachable: true },
      mail: { relayUnreachableSince: null },
    });
  }

  const [claimed] = await store.claimMails('t', Date.now() + 1, 1, 1000);
  await store.markAttemptFailed(claimed!.id, 'gave up', null);
  expect((await (await GET(fromHost())).json()).status).toBe('degraded');

  await store.close();
  const down = await GET(fromHost());
  expect(down.status).toBe(503);
  expect((await down.json()).store.reachable).toBe(false);
});

it('says degraded, and since when, while this instance cannot reach the mail relay', async () => {
  const { setOutboxWorker } = await import('@/lib/mail/worker');
  const { GET } = await import('@/app/api/health/route');
  const { openSqliteStore } = await import('@/lib/storage/sqlite');
  // The first test closed the process's store: give the process another.
  setSingleton('store', openSqliteStore(join(dir, 'second.sqlite')));
  const since = Date.UTC(2026, 10, 22, 9, 30);
  const stub = {
    runOnce: async () => 0,
    start() {},
    kick() {},
    stop: async () => {},
    status: () => ({ failingSince: since }),
  };
  setOutboxWorker(stub);
  const body = await (await GET(fromHost())).json();
  expect(body.status).toBe('degraded');
  expect(body.mail).toEqual({ relayUnreachableSince: '2026-11-22T09:30:00.000Z' });
  setOutboxWorker({ ...stub, status: () => ({ failingSince: null }) });
  expect((await (await GET(fromHost())).json()).status).toBe('ok');
  setOutboxWorker(undefined);
});
