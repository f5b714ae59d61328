import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

import { singleton } from '@/lib/singletons';

// A stop behind a proxy that keeps connections open to the site (docs/deploy/nginx.conf: `keepalive`).
//
// Next's stop calls the HTTP server's close(), and Node's close() ends at once every connection that has
// no request in progress. A proxy may just have picked one of those idle connections for its next
// request: the request is written, the connection closes under it, and the proxy answers 502 without
// trying another instance, since it never sends a POST twice (it cannot know whether it was read). So,
// behind a proxy, the site's close() only stops listening (a new connection is refused, and the proxy
// takes it to another instance), leaves the idle connections to the proxy, which closes them itself after
// its keepalive_timeout (4 s in nginx.conf), and answers whatever still comes on them with
// `Connection: close`. Past DRAIN_LIMIT_MS, the connections still idle are ended as Node would have.
export const DRAIN_LIMIT_MS = 6_000;

const REQUEST_START = 'http.server.request.start';

type RequestStart = { request: IncomingMessage; response: ServerResponse; server: Server };

// Installed once per process (lib/singletons.ts), at server start, before the first request. `limitMs`
// is for tests. A server that no longer listens is one whose close() below has begun.
export function drainOnClose(limitMs = DRAIN_LIMIT_MS): void {
  singleton('httpDrain', () => {
    const wrapped = new WeakSet<Server>();
    subscribe(REQUEST_START, (message) => {
      const { response, server } = message as RequestStart;
      if (!server.listening) {
        if (!response.headersSent) response.setHeader('connection', 'close');
        return;
      }
      if (wrapped.has(server)) return;
      wrapped.add(server);
      server.close = function (this: Server, callback?: (error?: Error) => void) {
        // net's close: stops listening, and calls back once the last connection has ended.
        NetServer.prototype.close.call(this, callback);
        setTimeout(() => this.closeIdleConnections(), limitMs).unref();
        return this;
      } as Server['close'];
    });
    return true;
  });
}
