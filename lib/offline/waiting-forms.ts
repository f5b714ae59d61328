import type { FormState } from '@/lib/forms/state';

import { SENT_CHANNEL } from './names';

// Forms sent without a network wait here, in the browser's IndexedDB, until they can be sent
// (docs/product.md §13). The page puts them in; the page or the service worker sends them, whichever
// runs first when the network returns (Background Sync, the `online` event, the next page load). Each
// carries the key the server stores once (lib/forms/state.ts), so two senders or a retry the next day
// still make one record. It holds the visitor's details on their device: it is deleted as soon as the
// server has answered, the visitor can cancel it, and it is dropped unsent after MAX_AGE_MS.

export interface WaitingForm {
  key: string;
  operation: string;
  // The form's fields as the page would have posted them (text only: no form has a file).
  fields: [string, string][];
  savedAt: number;
}

// What a sender tells every open page about a waiting form it has sent: the server's answer.
export interface SentNotice {
  key: string;
  state: FormState;
}

const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const DB_NAME = 'baobab-forms';
const STORE = 'waiting';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

export const keepWaiting = (form: WaitingForm) => withStore('readwrite', (store) => store.put(form)).then(() => {});
export const dropWaiting = (key: string) => withStore('readwrite', (store) => store.delete(key));
export const waitingForms = () => withStore<WaitingForm[]>('readonly', (store) => store.getAll());

// Whether the server's answer settles the form: stored, or refused for good (its fields were wrong).
// Anything else (the store was down, too many attempts) leaves it waiting for the next chance.
const settled = (state: FormState) => state.status === 'success' || (state.status === 'error' && !!state.errors);

async function post(form: WaitingForm): Promise<FormState | null> {
  const body = new FormData();
  for (const [name, value] of form.fields) body.append(name, value);
  try {
    // No XSRF header: a worker cannot read the cookie. The server accepts a post without one when the
    // browser shows it came from our own origin (lib/security/xsrf.ts), as a fetch from here does.
    const response = await fetch(`/api/forms/${encodeURIComponent(form.operation)}`, {
      method: 'POST',
      body,
      credentials: 'same-origin',
    });
    if (!response.headers.get('content-type')?.includes('json')) return null;
    return (await response.json()) as FormState;
  } catch {
    return null;
  }
}

// Sends every waiting form once, one sender at a time across the tabs and the worker, and tells every
// open page the answers. Resolves false when some are still waiting (a sync event then retries).
export async function sendWaiting(): Promise<boolean> {
  const run = async () => {
    const channel = new BroadcastChannel(SENT_CHANNEL);
    let done = true;
    try {
      for (const form of await waitingForms()) {
        if (Date.now() - form.savedAt > MAX_AGE_MS) {
          await dropWaiting(form.key);
          continue;
        }
        const state = await post(form);
        if (state && settled(state)) await dropWaiting(form.key);
        else done = false;
        if (state) channel.postMessage({ key: form.key, state } satisfies SentNotice);
        // No network after all: the rest would fail the same way.
        if (!state) break;
      }
    } finally {
      channel.close();
    }
    return done;
  };
  return navigator.locks ? navigator.locks.request(SENT_CHANNEL, run) : run();
}

// The `online` event can come before requests get through (a phone joining Wi-Fi, a captive portal, the
// browser telling the page before its worker): forms still waiting after a first attempt are tried again
// a few times, a little later each time, before waiting for the next wake-up.
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000];

export async function sendWaitingPatiently(): Promise<boolean> {
  let done = await sendWaiting();
  for (const delay of RETRY_DELAYS_MS) {
    if (done) break;
    await new Promise((resolve) => setTimeout(resolve, delay));
    done = await sendWaiting();
  }
  return done;
}
