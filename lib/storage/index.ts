import { join } from 'node:path';
import { config } from '@/lib/config';
import { openFirestoreStore } from './firestore';
import { openSqliteStore } from './sqlite';
import type { Store } from './types';

export * from './types';

let store: Store | undefined;

// The store chosen by configuration, opened once per process.
export function getStore(): Store {
  if (!store) {
    const { store: chosen, dataDir } = config();
    store =
      chosen.kind === 'firestore'
        ? openFirestoreStore({ projectId: chosen.projectId, serviceAccount: chosen.serviceAccount, emulatorHost: chosen.emulatorHost })
        : openSqliteStore(join(dataDir, 'baobab.sqlite'));
  }
  return store;
}
