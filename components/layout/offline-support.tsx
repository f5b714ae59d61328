'use client';

import { useEffect } from 'react';

import { WAITING_FLAG, WORKER_PATH, type WorkerRequest } from '@/lib/offline/names';

// What a page loaded before the worker ran: the worker keeps these too (lib/offline/worker.ts).
const loadedFiles = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /^\/(_next\/static\/|_next\/image|v\/)/.test(new URL(name).pathname));

// Registers the service worker (docs/product.md §13) and sends the forms that waited for the network
// when it returns: through the worker when one runs, from the page otherwise. Renders nothing.
export function OfflineSupport() {
  useEffect(() => {
    const workers = navigator.serviceWorker;
    const tell = (request: WorkerRequest) => workers?.controller?.postMessage(request);
    const sendWaiting = () => {
      if (workers?.controller) tell({ type: 'send' });
      else if (localStorage.getItem(WAITING_FLAG))
        void import('@/lib/offline/hold').then((m) => m.sendWaitingFromPage());
    };
    sendWaiting();
    window.addEventListener('online', sendWaiting);
    if (workers) {
      const firstVisit = !workers.controller;
      workers
        .register(WORKER_PATH, { scope: '/', updateViaCache: 'none' })
        .then(() => workers.ready)
        .then((registration) => {
          const request: WorkerRequest = {
            type: 'visit',
            path: location.pathname,
            resources: firstVisit ? loadedFiles() : [],
          };
          registration.active?.postMessage(request);
        })
        .catch(() => {});
    }
    return () => window.removeEventListener('online', sendWaiting);
  }, []);
  return null;
}
