import { collections, type FormCollection } from '@/lib/forms/registry';

// The storage interface every adapter implements. The collections are the forms' (lib/forms/registry.ts),
// under the spec's names, so the organisation's existing Firestore data stays readable (docs/product.md §3).
export { collections };
export type Collection = FormCollection;

export type RecordData = Record<string, string | number | boolean | null>;

export interface StoredRecord {
  id: string;
  data: RecordData;
}

// A message waiting in the outbox, written in the same commit as the record it is about.
export interface NewMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  // At most one message is ever queued under this key: a later one with the same key is dropped while
  // its record is still stored (a visitor's confirmation, once per address, form and day).
  onceKey?: string;
}

export interface OutboxMessage extends NewMessage {
  id: string;
  recordId: string;
  attempts: number;
}

export interface OutboxCounts {
  pending: number;
  sent: number;
  failed: number;
}

export interface AddOptions {
  // Refuse a second record with the same key in this collection (e.g. a newsletter address).
  uniqueKey?: string;
  // The identity of a submission: a second add with the same key (a retry, a double click, a refreshed
  // answer page) stores nothing and is refused with DuplicateError.
  submissionKey?: string;
  // Messages to send about this record: committed together with it, or not at all.
  messages?: NewMessage[];
}

export interface Store {
  readonly kind: 'sqlite' | 'firestore';
  // Resolves once the record and its messages are durably committed.
  add(collection: Collection, data: RecordData, options?: AddOptions): Promise<{ id: string }>;
  // Records in the order they were submitted; `since` is a date in milliseconds.
  list(collection: Collection, options?: { since?: number }): Promise<StoredRecord[]>;

  // Takes up to `limit` due messages for `leaseMs`: until the lease ends no other worker gets them.
  claimMessages(owner: string, now: number, limit: number, leaseMs: number): Promise<OutboxMessage[]>;
  markSent(id: string, now: number): Promise<void>;
  // Another attempt at `retryAt`, or, when retryAt is null, no more attempts.
  markAttemptFailed(id: string, error: string, retryAt: number | null): Promise<void>;
  // Gives claimed messages back untried: no attempt counted, due again at once.
  releaseMessages(ids: string[]): Promise<void>;
  // Makes every message waiting for a later retry due now; resolves to how many there were.
  retryWaitingNow(now: number): Promise<number>;
  outboxCounts(): Promise<OutboxCounts>;

  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateError extends Error {
  constructor(collection: Collection) {
    super(`A record with this key already exists in ${collection}`);
    this.name = 'DuplicateError';
  }
}

// By name rather than instanceof: the store may come from another bundle's copy of this module
// (see lib/storage/index.ts), whose class is a different object.
// A store that did not answer in time: the write may still land later, so nobody may be told either
// that it was stored or that it was not.
export class StoreTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`The store did not answer ${what} within ${ms} ms`);
    this.name = 'StoreTimeoutError';
  }
}

// By name, not instanceof: Next bundles routes and instrumentation with separate copies of this module.
export function isStoreTimeout(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'StoreTimeoutError';
}

export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError(what, ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function isDuplicateError(error: unknown): boolean {
  return error instanceof Error && error.name === 'DuplicateError';
}

export function isCollection(value: string): value is Collection {
  return (collections as string[]).includes(value);
}
