import type { Store } from '../types';
import { certificateStore } from './certificates';
import { checkInStore } from './check-ins';
import { giftStore } from './gifts';
import { inboxStore } from './inbox';
import { jobStore } from './jobs';
import { letterStore } from './letters';
import { offerStore } from './offers';
import { outboxStore } from './outbox';
import { paymentStore } from './payments';
import { privacyStore } from './privacy';
import { recordStore } from './records';
import { openDatabase } from './schema';
import { sharedWriters } from './shared';
import { staffStore } from './staff';
import { waitingListStore } from './waiting-list';

export { migrate, schemaVersion, SQLITE_SCHEMA_VERSION } from './schema';

// The embedded store: one SQLite file (schema.ts, migrations.ts), its roles one file each.
export function openSqliteStore(file: string): Store {
  const db = openDatabase(file);
  const shared = sharedWriters(db);
  return {
    kind: 'sqlite',
    ...recordStore(db, shared),
    ...waitingListStore(db, shared),
    ...offerStore(db, shared),
    ...checkInStore(db, shared),
    ...outboxStore(db),
    ...privacyStore(db, shared),
    ...jobStore(db, shared),
    ...inboxStore(db, shared),
    ...paymentStore(db, shared),
    ...staffStore(db, shared),
    ...letterStore(db),
    ...certificateStore(db, shared),
    ...giftStore(db, shared),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      db.close();
    },
  };
}
