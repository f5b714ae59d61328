/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'baobab-health-'));
process.env.DATA_DIR = dir;
process.env.SITE_URL = 'https://data.example.org/';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
  const response = await GET();
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

  const [claimed] = await store.claimMails('t', Date.now() + 1, 1, 1000);
  await store.markAttemptFailed(claimed!.id, 'gave up', null);
  expect((await (await GET()).json()).status).toBe('degraded');

  await store.close();
  const down = await GET();
  expect(down.status).toBe(503);
  expect((await down.json()).store.reachable).toBe(false);
});

it('says degraded, and since when, while this instance cannot reach the mail relay', async () => {
  const { setOutboxWorker } = await import('@/lib/mail/worker');
  const { GET } = await import('@/app/api/health/route');
  const { openSqliteStore } = await import('@/lib/storage/sqlite');
  const { setSingleton } = await import('@/lib/singletons');
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
  const body = await (await GET()).json();
  expect(body.status).toBe('degraded');
  expect(body.mail).toEqual({ relayUnreachableSince: '2026-11-22T09:30:00.000Z' });
  setOutboxWorker({ ...stub, status: () => ({ failingSince: null }) });
  expect((await (await GET()).json()).status).toBe('ok');
  setOutboxWorker(undefined);
});
