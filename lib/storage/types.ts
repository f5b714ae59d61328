// The storage interface every adapter implements. Collection and field names are the spec's
// (PRODUCT.md), so the organisation's existing Firestore data stays readable.
export const collections = ['enrolment', 'contact', 'user', 'offer', 'newsletter'] as const;
export type Collection = (typeof collections)[number];

export type RecordData = Record<string, string | number | boolean | null>;

export interface StoredRecord {
  id: string;
  data: RecordData;
}

export interface AddOptions {
  // Refuse a second record with the same key in this collection (e.g. a newsletter address).
  uniqueKey?: string;
}

export interface Store {
  readonly kind: 'sqlite' | 'firestore';
  // Resolves once the record is durably committed.
  add(collection: Collection, data: RecordData, options?: AddOptions): Promise<{ id: string }>;
  // Records in the order they were submitted; `since` is a date in milliseconds.
  list(collection: Collection, options?: { since?: number }): Promise<StoredRecord[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateError extends Error {
  constructor(collection: Collection) {
    super(`A record with this key already exists in ${collection}`);
    this.name = 'DuplicateError';
  }
}

export function isCollection(value: string): value is Collection {
  return (collections as readonly string[]).includes(value);
}
