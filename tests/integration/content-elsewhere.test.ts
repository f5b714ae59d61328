/** @jest-environment node */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { revalidatePath } from 'next/cache';

// lib/cms is the data-backed stand-in in this suite (tests/jest.setup.ts): this part is the real one.
import { announceContentChange, contentChangedPost, watchContentChanges } from '@/lib/cms/elsewhere';
import { readConfig } from '@/lib/config';
import { setSingleton } from '@/lib/singletons';
import { openFirestoreStore } from '@/lib/storage/firestore';
import type { Store } from '@/lib/storage/types';

import { startFirestoreEmulator } from '../helpers/firestore-emulator';

jest.mock('next/cache', () => ({ revalidatePath: jest.fn() }));

// A publish on one instance reaches the others through the shared store (lib/cms/elsewhere.ts): two
// stores on one Firestore stand for two instances.
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('published changes told to the other instances', () => {
  let emulator: { host: string; stop: () => void };
  let one: Store;
  let other: Store;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    const open = () => openFirestoreStore({ projectId: 'content-elsewhere', emulatorHost: emulator.host });
    [one, other] = [open(), open()];
  }, 60_000);
  afterAll(async () => {
    await Promise.all([one.close(), other.close()]);
    await emulator.stop();
    // A listener's stream ends a moment after the emulator: its end is read before the test's world goes.
    await pause(1_000);
  });

  it('an instance hears each change another announced, not its own, until it stops listening', async () => {
    const heard: number[] = [];
    const failures: unknown[] = [];
    const stop = other.watchChanges!(
      'other',
      () => heard.push(Date.now()),
      (error) => failures.push(error),
    );
    await pause(300);
    const sent = Date.now();
    await one.announceChange!('one');
    await until(() => heard.length === 1);
    expect(heard[0]! - sent).toBeLessThan(5_000);
    await other.announceChange!('other');
    await pause(1_000);
    expect(heard).toHaveLength(1);
    stop();
    await one.announceChange!('one');
    await pause(1_000);
    expect(heard).toHaveLength(1);
    expect(failures).toEqual([]);
  }, 30_000);

  it('the server regenerates its pages once for a burst, by its own request that nobody else can make', async () => {
    const calls: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      calls.push(request.headers);
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    setSingleton('store', other);
    setSingleton(
      'config',
      readConfig({
        STORE: 'firestore',
        FIRESTORE_PROJECT_ID: 'content-elsewhere',
        FIRESTORE_EMULATOR_HOST: emulator.host,
      }),
    );
    const stop = watchContentChanges(() => origin);
    try {
      await pause(300);
      await Promise.all([one.announceChange!('one'), one.announceChange!('one'), one.announceChange!('one')]);
      await until(() => calls.length === 1);
      await pause(1_500);
      expect(calls).toHaveLength(1);
      const secret = Object.entries(calls[0]!).find(([name]) => name === 'x-content-changed')?.[1] as string;
      expect(secret).toMatch(/^[\w-]{43}$/);

      // Its own request regenerates every page; anything else is a 404 and regenerates nothing.
      const post = (headers: Record<string, string>) =>
        contentChangedPost(new Request(`${origin}/api/content/changed`, { method: 'POST', headers }));
      expect(post({}).status).toBe(404);
      // Its last character changed (to another: a secret may already end in A).
      const altered = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      expect(post({ 'x-content-changed': altered }).status).toBe(404);
      expect(post({ 'x-content-changed': secret.slice(1) }).status).toBe(404);
      expect(revalidatePath).not.toHaveBeenCalled();
      expect(post({ 'x-content-changed': secret }).status).toBe(204);
      expect(revalidatePath).toHaveBeenCalledWith('/', 'layout');

      // A publish here is announced in the shared store, and heard by the other instance.
      const heard: string[] = [];
      const stopHearing = one.watchChanges!(
        'one',
        () => heard.push('one'),
        () => {},
      );
      await pause(300);
      announceContentChange();
      await until(() => heard.length === 1);
      stopHearing();
    } finally {
      stop();
      server.close();
      setSingleton('store', undefined);
      setSingleton('config', undefined);
    }
  }, 30_000);

  it('the retention pass removes the changes a day old', async () => {
    expect(await one.purgeMarkers(Date.now() + 1)).toBeGreaterThanOrEqual(5);
  }, 30_000);
});
