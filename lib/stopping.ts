import { existingSingleton, setSingleton } from './singletons';

// Whether this server has been told to stop (SIGTERM, SIGINT: lib/server-start.ts). From then on its
// health check answers 503, so a load balancer that checks it sends the next requests to the other
// instances, while the requests already here finish.
const STOPPING = 'server-stopping';

export function markStopping(): void {
  setSingleton(STOPPING, true);
}

export function isStopping(): boolean {
  return existingSingleton<boolean>(STOPPING) === true;
}
