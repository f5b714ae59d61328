import { join } from 'node:path';

import { config } from '@/lib/config';
import { singleton } from '@/lib/singletons';

import { openFirestoreStore } from './firestore';
import { openSqliteStore } from './sqlite';
import type { Store } from './types';

export * from './types';
export {
  backupCms,
  backupMedia,
  backupSqlite,
  cmsBackupOf,
  cmsFile,
  mediaBackupOf,
  restoreCms,
  restoreMedia,
  restoreSqlite,
  sqliteFile,
} from './backup';
export { firestoreIndexes } from './firestore-indexes';
export { everyRecord, personName } from './pages';
export { matchesOthers, parseSearch } from './search';

// The store chosen by configuration, opened once per process.
export function getStore(): Store {
  return singleton('store', () => {
    const { store: chosen, dataDir } = config();
    return chosen.kind === 'firestore'
      ? openFirestoreStore({
          projectId: chosen.projectId,
          serviceAccount: chosen.serviceAccount,
          emulatorHost: chosen.emulatorHost,
        })
      : openSqliteStore(join(dataDir, 'baobab.sqlite'));
  });
}
