// The page's side of lib/offline/waiting-forms.ts (the worker has no localStorage and no registration).
import { SYNC_TAG, WAITING_FLAG } from './names';
import { keepWaiting, sendWaitingPatiently, waitingForms, type WaitingForm } from './waiting-forms';

export { dropWaiting } from './waiting-forms';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

// The page's side: keep the form, and ask to be woken when the network returns. Background Sync where
// the browser has it (the worker sends it then, even with the tab closed); the flag for the next page
// load and the `online` event otherwise (components/layout/offline-support.tsx).
export async function holdForNetwork(form: WaitingForm): Promise<void> {
  await keepWaiting(form);
  try {
    localStorage.setItem(WAITING_FLAG, '1');
  } catch {
    // Storage refused (private mode): the online event and the worker still send it.
  }
  if (!navigator.serviceWorker?.controller) return;
  const registration: SyncRegistration = await navigator.serviceWorker.ready;
  await registration.sync?.register(SYNC_TAG).catch(() => {});
}

// The page's sender when no worker runs (first visit, a browser without service workers).
export async function sendWaitingFromPage(): Promise<void> {
  if ((await sendWaitingPatiently()) && (await waitingForms()).length === 0) {
    try {
      localStorage.removeItem(WAITING_FLAG);
    } catch {
      // Nothing to clear.
    }
  }
}
