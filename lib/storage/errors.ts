import type { Collection } from './collections';

// The store's refusals and deadlines. Each is recognised by name, not instanceof: Next bundles routes
// and instrumentation with separate copies of this module, whose classes are different objects.

export class DuplicateError extends Error {
  // The record stored first under the same submission key, when the store could tell.
  readonly recordId?: string;
  constructor(collection: Collection, recordId?: string) {
    super(`A record with this key already exists in ${collection}`);
    this.name = 'DuplicateError';
    if (recordId !== undefined) this.recordId = recordId;
  }
}

// The same person registered again for the same item (AddOptions.payer): nothing was stored, and
// `recordId` is the record that stands for them.
export class RegisteredError extends Error {
  readonly recordId: string;
  constructor(collection: Collection, recordId: string) {
    super(`This person already has a record for this item in ${collection}`);
    this.name = 'RegisteredError';
    this.recordId = recordId;
  }
}

export function isRegisteredError(error: unknown): boolean {
  return error instanceof Error && error.name === 'RegisteredError';
}

// The first record of a repeated submission (DuplicateError.recordId), or the record of the person
// registered before (RegisteredError.recordId), or undefined.
export function duplicateOf(error: unknown): string | undefined {
  const id = (error as { recordId?: unknown } | null)?.recordId;
  return typeof id === 'string' ? id : undefined;
}

// Every seat under the key is taken: nothing was stored.
export class FullError extends Error {
  constructor(key: string) {
    super(`Every seat of ${key} is taken`);
    this.name = 'FullError';
  }
}

// A store that did not answer in time: the write may still land later, so nobody may be told either
// that it was stored or that it was not.
export class StoreTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`The store did not answer ${what} within ${ms} ms`);
    this.name = 'StoreTimeoutError';
  }
}

export function isStoreTimeout(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'StoreTimeoutError';
}

export function isDuplicateError(error: unknown): boolean {
  return error instanceof Error && error.name === 'DuplicateError';
}

export function isFullError(error: unknown): boolean {
  return error instanceof Error && error.name === 'FullError';
}

export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError(what, ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
