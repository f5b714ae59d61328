// Names the pages and the service worker share (lib/offline/waiting-forms.ts, lib/offline/worker.ts),
// kept apart so that a page's own script carries these few words and not the code behind them.
export const SENT_CHANNEL = 'baobab-waiting-forms';
export const SYNC_TAG = 'send-waiting-forms';
// Set by a page that keeps a form, so the next page load sends it even without a service worker.
export const WAITING_FLAG = 'baobab-waiting-forms';
// The worker's address (app/sw.js/route.ts) and what a page asks of it.
export const WORKER_PATH = '/sw.js';
// 'visit' after every page load; `resources` (what the page loaded) only on the load the worker missed.
export type WorkerRequest = { type: 'send' } | { type: 'visit'; path: string; resources: string[] };
