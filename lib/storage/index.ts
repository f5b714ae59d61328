import { join } from 'node:path';

import { config } from '@/lib/config';

import { openFirestoreStore } from './firestore';
import { openSqliteStore } from './sqlite';
import type { Store } from './types';

export * from './types';

// The store chosen by configuration, opened once per process. Next bundles instrumentation (the outbox
// worker) and the routes separately, each with its own copy of this module, so it lives on globalThis.
const holder = globalThis as { baobabStore?: Store };

export function getStore(): Store {
  if (!holder.baobabStore) {
    const { store: chosen, dataDir } = config();
    holder.baobabStore =
      chosen.kind === 'firestore'
        ? openFirestoreStore({
            projectId: chosen.projectId,
            serviceAccount: chosen.serviceAccount,
            emulatorHost: chosen.emulatorHost,
          })
        : openSqliteStore(join(dataDir, 'baobab.sqlite'));
  }
  return holder.baobabStore;
}
