import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { openFirestoreStore } from '@/lib/storage/firestore';
import { openSqliteStore } from '@/lib/storage/sqlite';
import type { Store } from '@/lib/storage/types';

import { startFirestoreEmulator } from './firestore-emulator';

// Fresh stores of both kinds for tests that must hold on either adapter: a new SQLite file, or a new
// project on one shared Firestore emulator. `open(name)` twice with one name gives two connections
// to the same data, as two instances of the site would have.
export interface StoreHarness {
  open(name?: string): Promise<Store>;
  // Settings that make a child process (a script) use the same store.
  env(name: string): Record<string, string>;
  cleanup(): Promise<void>;
}

export function sqliteHarness(): StoreHarness {
  const dir = mkdtempSync(join(tmpdir(), 'baobab-harness-'));
  let count = 0;
  return {
    open: async (name = `s${++count}`) => openSqliteStore(join(dir, name, 'baobab.sqlite')),
    env: (name) => ({ DATA_DIR: join(dir, name) }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function firestoreHarness(): StoreHarness {
  let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>> | undefined;
  let count = 0;
  const dir = mkdtempSync(join(tmpdir(), 'baobab-harness-'));
  return {
    open: async (name = `f${++count}`) => {
      emulator ??= await startFirestoreEmulator();
      return openFirestoreStore({ projectId: `${name}-${process.pid}`, emulatorHost: emulator.host });
    },
    env: (name) => ({
      STORE: 'firestore',
      FIRESTORE_PROJECT_ID: `${name}-${process.pid}`,
      FIRESTORE_EMULATOR_HOST: emulator!.host,
      METADATA_SERVER_DETECTION: 'none',
      DATA_DIR: join(dir, name),
    }),
    cleanup: async () => {
      await emulator?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const bothStores = [
  ['SQLite', sqliteHarness],
  ['Firestore (emulator)', firestoreHarness],
] as const;
