import { randomBytes } from 'node:crypto';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';

import { PROXY_BODY_LIMIT, refuseBody } from '@/lib/http/read-body';
import { LANG_HEADER } from '@/lib/i18n';
import { existingSingleton, setSingleton } from '@/lib/singletons';

// What the server does with each request before Next sees it.
//
// Next gives route handlers and server actions no access to the socket, and the X-Forwarded-For it
// fills from the socket is kept as the client wrote it whenever the client sent one. So, before Next
// sees a request, the server stamps the socket's address into a request header whose name is random
// per process: a client cannot guess it, so cannot forge it, and a request stamped by nobody (one that
// arrived before the stamp was installed) simply has no socket address.
// The name is process-wide (lib/singletons.ts): instrumentation stamps, the routes read.
const NAME = 'socketAddressHeader';

// Methods the fetch standard forbids: Next cannot build a Request for them and answers 500 before
// proxy.ts could refuse them.
const UNREPRESENTABLE = new Set(['TRACE', 'TRACK', 'CONNECT']);

// Next answers a path whose percent-encoding is not UTF-8 (/academy/%ff) with a 500 where it decodes
// a page's parameters, `OPTIONS *` with a 500, and an absolute target (`GET http://other.example/x`,
// which browsers only send to a proxy) with a redirect to that other host.
const BAD_PATH = 'This address is not valid.';

function isPlainPath(url: string): boolean {
  if (!url.startsWith('/')) return false;
  try {
    decodeURIComponent(url.split('?')[0]!);
    return true;
  } catch {
    return false;
  }
}

// How long a connection whose body was not read stays open after its answer, for the client to read it.
const LINGER_MS = 5_000;

// Called once at server start (instrumentation.ts), before the first request is handled.
export function installHttpIntake(): void {
  if (existingSingleton(NAME)) return;
  const header = `x-socket-address-${randomBytes(12).toString('hex')}`;
  setSingleton(NAME, header);
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as IncomingMessage;
      const response = args[1] as ServerResponse;
      if (UNREPRESENTABLE.has(request.method ?? '')) {
        response.writeHead(405, { allow: 'GET, HEAD, POST', connection: 'close' }).end();
        return true;
      }
      if (!isPlainPath(request.url ?? '')) {
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(BAD_PATH);
        return true;
      }
      const refusal = refuseBody(request.method ?? '', request.url ?? '', request.headers['content-length']);
      if (refusal) {
        // The body is never read. The answer is complete as written (Content-Length), but the
        // connection closes only after a pause: closing on unread data resets it, and the client could
        // lose the answer.
        response.writeHead(refusal.status, {
          'content-type': 'text/plain; charset=utf-8',
          'content-length': Buffer.byteLength(refusal.message),
          connection: 'close',
        });
        response.write(refusal.message);
        setTimeout(() => response.end(), LINGER_MS).unref();
        return true;
      }
      capBody(request, response);
      request.headers[header] = request.socket.remoteAddress ?? '';
      // Only proxy.ts may say which language a not-found page is in.
      delete request.headers[LANG_HEADER];
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

// No body goes past PROXY_BODY_LIMIT, with or without Content-Length: past it the body ends there for
// whoever reads it (the form endpoint then refuses it as too large) and the socket is no longer read.
// Without this, Next reads the rest of a chunked body and Node reads and discards it to keep the
// connection: megabytes of allocation and garbage collection per request, stalling every visitor.
// The message is marked complete so that ending it early does not reset the connection before the
// client has read the answer; the connection is closed LINGER_MS after the answer instead.
function capBody(request: IncomingMessage, response: ServerResponse): void {
  const push = request.push.bind(request);
  let received = 0;
  let cut = false;
  request.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk === null) return push(null);
    if (cut) return false;
    received += (chunk as Buffer).length;
    if (received <= PROXY_BODY_LIMIT) return push(chunk, encoding);
    cut = true;
    request.complete = true;
    push(null);
    const close = () => setTimeout(() => request.socket.destroy(), LINGER_MS).unref();
    if (response.writableFinished) close();
    else response.once('finish', close);
    // false: Node's HTTP parser stops reading the socket.
    return false;
  };
}

// The address of the socket the request came in on, when the server stamped it.
export function socketAddress(headers: Headers): string | undefined {
  const header = existingSingleton<string>(NAME);
  return (header && headers.get(header)) || undefined;
}
