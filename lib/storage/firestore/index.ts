import { withDeadline } from '../errors';
import type { Store } from '../types';
import { certificateStore } from './certificates';
import { changeStore } from './changes';
import { checkInStore } from './check-ins';
import { connect, firebase, PING_DEADLINE_MS, type FirestoreOptions } from './client';
import { giftStore } from './gifts';
import { inboxStore } from './inbox';
import { jobStore } from './jobs';
import { letterStore } from './letters';
import { limitStore } from './limits';
import { offerStore } from './offers';
import { outboxStore } from './outbox';
import { paymentStore } from './payments';
import { privacyStore } from './privacy';
import { recordStore } from './records';
import { addAuditFields, staffStore, upgradeAudit } from './staff';
import { waitingListStore } from './waiting-list';

export type { FirestoreOptions } from './client';
export { auditFilters, inboxFields, inboxFilters } from './shared';

// Firestore through firebase-admin: documents with generated ids in the spec's collections, so several
// instances of the site can share one store; its roles one file each. Exclusivity rests on create()
// and batches only, which the emulator the tests use honours (it lacks isolated transactions and
// cursors, see docs/reliability.md).
export function openFirestoreStore(options: FirestoreOptions): Store {
  const { app, db } = connect(options);
  const inbox = inboxStore(db);
  return {
    kind: 'firestore',
    ...recordStore(db),
    ...waitingListStore(db),
    ...offerStore(db),
    ...checkInStore(db),
    ...outboxStore(db),
    ...privacyStore(db),
    ...jobStore(db),
    ...inbox,
    ...paymentStore(db),
    ...staffStore(db),
    ...letterStore(db),
    ...certificateStore(db),
    ...giftStore(db),
    ...limitStore(db),
    ...changeStore(db),
    // What older code wrote, brought to what this code reads: the inbox's fields, then audit entries
    // (their record as a field, then their pages' fields).
    async upgradeRecords() {
      return (await inbox.upgradeRecords()) + (await upgradeAudit(db)) + (await addAuditFields(db));
    },
    async ping() {
      await withDeadline(db.collection('enrolment').limit(1).get(), PING_DEADLINE_MS, 'the ping');
    },
    async close() {
      await firebase().app.deleteApp(app);
    },
  };
}
