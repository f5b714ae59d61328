import { createHash } from 'node:crypto';
import { cert, deleteApp, initializeApp, type App, type ServiceAccount } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { DuplicateError, type AddOptions, type Collection, type RecordData, type Store, type StoredRecord } from './types';

export interface FirestoreOptions {
  projectId: string;
  serviceAccount?: ServiceAccount;
  // host:port of an emulator; firebase-admin reads FIRESTORE_EMULATOR_HOST itself.
  emulatorHost?: string;
}

const ALREADY_EXISTS = 6;
let instances = 0;

// Firestore through firebase-admin: documents with generated ids in the spec's collections, so several
// instances of the site can share one store.
export function openFirestoreStore(options: FirestoreOptions): Store {
  if (options.emulatorHost) process.env.FIRESTORE_EMULATOR_HOST = options.emulatorHost;
  const app: App = initializeApp(
    {
      projectId: options.projectId,
      ...(options.serviceAccount ? { credential: cert(options.serviceAccount) } : {}),
    },
    `baobab-store-${++instances}`,
  );
  const db: Firestore = getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });

  return {
    kind: 'firestore',
    async add(collection: Collection, data: RecordData, addOptions: AddOptions = {}) {
      const col = db.collection(collection);
      if (addOptions.uniqueKey === undefined) {
        const ref = await col.add(data);
        return { id: ref.id };
      }
      // The document id is derived from the key, so create() refuses a second one atomically.
      const ref = col.doc(createHash('sha256').update(addOptions.uniqueKey).digest('hex').slice(0, 40));
      try {
        await ref.create(data);
      } catch (error) {
        if ((error as { code?: number }).code === ALREADY_EXISTS) throw new DuplicateError(collection);
        throw error;
      }
      return { id: ref.id };
    },
    async list(collection: Collection, listOptions = {}): Promise<StoredRecord[]> {
      const snapshot = await db
        .collection(collection)
        .where('date', '>=', listOptions.since ?? 0)
        .orderBy('date')
        .get();
      return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() as RecordData }));
    },
    async ping() {
      await db.collection('enrolment').limit(1).get();
    },
    async close() {
      await deleteApp(app);
    },
  };
}
