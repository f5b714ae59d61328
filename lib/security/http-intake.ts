import { randomBytes } from 'node:crypto';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';

import { imageHash } from '@/lib/assets';
import { config } from '@/lib/config';
import { CMS_API, isCmsPath } from '@/lib/http/cms-paths';
import { bodyLimit, CMS_BODY_LIMIT, isCmsUpload, refuseBody } from '@/lib/http/read-body';
import { LANG_HEADER } from '@/lib/i18n';
import { existingSingleton, setSingleton } from '@/lib/singletons';
import { contentSession } from '@/lib/team';

import { contentWriterHeader } from './content-writer';
import { hasSessionCookie, sessionCookieName } from './staff-cookie';
import { xsrfCookieName } from './xsrf-token';

// What the server does with each request before Next sees it.
//
// Next gives route handlers and server actions no access to the socket, and the X-Forwarded-For it
// fills from the socket is kept as the client wrote it whenever the client sent one. So, before Next
// sees a request, the server stamps the socket's address into a request header whose name is random
// per process: a client cannot guess it, so cannot forge it, and a request stamped by nobody (one that
// arrived before the stamp was installed) simply has no socket address.
// The name is process-wide (lib/singletons.ts): instrumentation stamps, the routes read.
const NAME = 'socketAddressHeader';

const FORWARDED = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];

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

// Header bounds (docs/security.md "Request bounds"). Next's cookie store for route handlers copies the
// cookies one at a time and re-serialises all of them at each step, so its cost grows with the square of
// their number: 1,900 short cookies, which fit in Node's 16 KiB of headers, cost over a second of CPU.
// The server itself reads two cookies, the form's token and the staff session, so past these bounds the
// Cookie header is cut down to those rather than refused: a browser crowded with cookies from sibling
// sites still gets every page, can still post, and a staff member stays signed in.
// docs/deploy/nginx.conf applies the same bounds.
export const COOKIE_LIMITS = { count: 50, bytes: 4096 };
const SERVER_COOKIES = [xsrfCookieName(true), xsrfCookieName(false), sessionCookieName(true), sessionCookieName(false)];
// Browsers send about twenty header lines and a few query parameters; thousands of either are an attack.
export const MAX_HEADER_LINES = 100;
export const MAX_QUERY_PARAMETERS = 100;
// A body still arriving this long after its request began is cut: a client trickling a few bytes at a
// time would otherwise hold its connection for minutes. A form's few kilobytes take well under a second.
export const BODY_DEADLINE_MS = 15_000;
// A picture uploaded by an editor (lib/http/read-body.ts, CMS_UPLOAD_LIMIT): 16 MiB at 1.5 Mbit/s.
export const UPLOAD_DEADLINE_MS = 90_000;

// The Cookie header Next may see: as sent within COOKIE_LIMITS, else only the cookies the server reads,
// at most two of each name: a sibling subdomain can plant copies of the names without __Host-, and a
// crowd of one name must not push out another (the staff session behind planted form tokens).
export function boundedCookie(header: string): string | undefined {
  const pairs = header.split(';');
  if (header.length <= COOKIE_LIMITS.bytes && pairs.length <= COOKIE_LIMITS.count) return header;
  const counts = new Map<string, number>();
  const kept = pairs
    .map((pair) => pair.trim())
    .filter((pair) => {
      const name = SERVER_COOKIES.find((server) => pair.startsWith(`${server}=`));
      if (!name || pair.length > 200) return false;
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return counts.get(name)! <= 2;
    });
  return kept.length > 0 ? kept.join('; ') : undefined;
}

function queryParameters(url: string): number {
  const query = url.indexOf('?');
  return query < 0 ? 0 : url.slice(query + 1).split('&').length;
}

// Files are only read: Next answers other methods on a public file with a 500 (the path falls through to
// the pages). A file's name has a dot in its last segment; no page's address has one.
const FILE_PATH = /^\/(?:images|icons|v|_next)\/|\/[^/]*\.[^/]*$/;
const HASHED_IMAGE = /^\/v\/([^/]*)(\/images\/.*)$/;

// /v/<hash>/images/… (lib/assets.ts) is served as immutable: only under the hash of the file it names.
function wrongImageHash(path: string): boolean {
  const match = HASHED_IMAGE.exec(path);
  if (!match) return false;
  let src: string;
  try {
    src = decodeURIComponent(match[2]!);
  } catch {
    return true;
  }
  return imageHash(src) !== match[1];
}

// Called once at server start (instrumentation.ts), before the first request is handled. The answer puts
// Node's own emit back: a test file's install would otherwise outlive it, since node:http is one module
// for every test file a worker runs, and a later file's requests would pass through both.
export function installHttpIntake(): () => void {
  if (existingSingleton(NAME)) return () => {};
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
      const url = request.url ?? '';
      if (!isPlainPath(url)) return answer(response, 400, BAD_PATH);
      if (request.rawHeaders.length / 2 > MAX_HEADER_LINES) return answer(response, 431, TOO_MANY_HEADERS);
      if (queryParameters(url) > MAX_QUERY_PARAMETERS) return answer(response, 414, TOO_LONG_QUERY);
      const path = url.split('?')[0]!;
      if (FILE_PATH.test(path)) {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          response.setHeader('allow', 'GET, HEAD');
          return answer(response, 405, NOT_ALLOWED);
        }
        if (wrongImageHash(path)) return answer(response, 404, NOT_FOUND);
        // Next's image optimiser refuses SVG with an error line in the log, on anyone's request.
        if (path === '/_next/image' && /[?&]url=[^&]*(?:\.|%2e)svg\b/i.test(url))
          return answer(response, 400, BAD_IMAGE);
      }
      const cookie = request.headers.cookie;
      if (cookie !== undefined) {
        const bounded = boundedCookie(cookie);
        if (bounded === undefined) delete request.headers.cookie;
        else request.headers.cookie = bounded;
      }
      const method = request.method ?? '';
      // A body to the CMS's API is read only for a session the store says is valid and whose role may
      // write content: the request waits for the store's answer, its body unread, and anyone else gets
      // the CMS's usual limits (413 past them) and otherwise a 403 before a byte of it is read.
      if (hasBody(request) && isCmsApiPath(path)) {
        const refusal = refuseBody(method, url, request.headers['content-length'], true);
        if (refusal) return refuse(response, refusal);
        // Counts every byte from now on: some may arrive while the store is asked (no more than the
        // request's buffer, since nothing reads them).
        const limit = { bytes: CMS_BODY_LIMIT };
        capBody(request, response, () => limit.bytes);
        void mayWriteContent(request)
          .then((writer) => {
            // A client gone while the store was asked has nobody to answer.
            if (request.destroyed || request.socket.destroyed) return;
            const refusal =
              refuseBody(method, url, request.headers['content-length'], writer) ?? (writer ? null : notAllowed);
            if (refusal) return refuse(response, refusal);
            limit.bytes = bodyLimit(method, path, true);
            const deadline = isCmsUpload(method, path, true) ? UPLOAD_DEADLINE_MS : BODY_DEADLINE_MS;
            admit(request, response, header, deadline, true);
            emit.call(this, event, ...args);
          })
          .catch(() => request.socket.destroy());
        return true;
      }
      const refusal = refuseBody(method, url, request.headers['content-length']);
      if (refusal) return refuse(response, refusal);
      capBody(request, response, () => bodyLimit(method, path, false));
      admit(request, response, header, BODY_DEADLINE_MS, false);
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
  return () => {
    Server.prototype.emit = emit as typeof Server.prototype.emit;
    setSingleton(NAME, undefined);
  };
}

// A refusal sent before the body is read. The body is never read. The answer is complete as written
// (Content-Length), but the connection closes only after a pause: closing on unread data resets it, and
// the client could lose the answer.
function refuse(response: ServerResponse, refusal: { status: number; message: string; type?: string }): true {
  response.writeHead(refusal.status, {
    'content-type': refusal.type ?? 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(refusal.message),
    connection: 'close',
  });
  response.write(refusal.message);
  setTimeout(() => response.end(), LINGER_MS).unref();
  return true;
}

// What every request let through gets before Next sees it (the body's cap is already in place).
function admit(
  request: IncomingMessage,
  response: ServerResponse,
  header: string,
  deadlineMs: number,
  contentWriter: boolean,
): void {
  if (contentWriter) request.headers[contentWriterHeader()] = '1';
  else delete request.headers[contentWriterHeader()];
  oneLocation(response);
  limitBodyTime(request, response, deadlineMs);
  expectClientGone(request, response);
  request.headers[header] = request.socket.remoteAddress ?? '';
  // Only proxy.ts may say which language a not-found page is in.
  delete request.headers[LANG_HEADER];
  // With no proxy trusted, these are the client's own words, yet Next builds the request's URL from
  // them and checks a server action's Origin against X-Forwarded-Host: they go before Next sees them.
  if (config().trustedProxy.trustedHops === 0) for (const name of FORWARDED) delete request.headers[name];
}

function hasBody(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
}

const isCmsApiPath = (path: string) => (path === CMS_API || path.startsWith(`${CMS_API}/`)) && isCmsPath(path);

// The CMS's own answer to a write without a session that has content, in its own shape.
const notAllowed = {
  status: 403,
  message: JSON.stringify({ errors: [{ message: 'You are not allowed to perform this action.' }] }),
  type: 'application/json',
};

// Whether the request's staff session is valid in the store now and its role may write content
// (lib/team/content-session.ts, the CMS's own sign-in). A store that does not answer refuses.
async function mayWriteContent(request: IncomingMessage): Promise<boolean> {
  if (!hasSessionCookie(request.headers.cookie)) return false;
  const headers = new Headers();
  for (const name of ['cookie', 'x-forwarded-proto']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  try {
    return (await contentSession(headers)) !== null;
  } catch (error) {
    const { log } = await import('@/lib/log');
    log.error({ err: error }, 'a content session could not be checked');
    return false;
  }
}

// A page that redirects (a course or project address under other words) gets its Location from Next
// twice, once as it renders and again from the rendered page's stored headers. A browser's own loader
// takes the one address, but a fetch (the service worker's, any script's) joins them with a comma into
// an address that does not exist. A response has one Location: a second replaces the first.
function oneLocation(response: ServerResponse) {
  const append = response.appendHeader.bind(response);
  response.appendHeader = (name: string, value: string | readonly string[]) =>
    name.toLowerCase() === 'location' && response.hasHeader('location')
      ? response.setHeader('location', value)
      : append(name, value);
}

// No body goes past PROXY_BODY_LIMIT (CMS_BODY_LIMIT under the CMS's prefix, CMS_UPLOAD_LIMIT for an editor's picture), with or without Content-Length: past it the body ends there for
// whoever reads it (the form endpoint then refuses it as too large) and the socket is no longer read.
// Without this, Next reads the rest of a chunked body and Node reads and discards it to keep the
// connection: megabytes of allocation and garbage collection per request, stalling every visitor.
// The message is marked complete so that ending it early does not reset the connection before the
// client has read the answer; the connection is closed LINGER_MS after the answer instead.
function capBody(request: IncomingMessage, response: ServerResponse, limit: () => number): void {
  const push = request.push.bind(request);
  let received = 0;
  let cut = false;
  request.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk === null) return push(null);
    if (cut) return false;
    received += (chunk as Buffer).length;
    if (received <= limit()) return push(chunk, encoding);
    cut = true;
    request.complete = true;
    push(null);
    // The socket as it is now: once the answer is sent, the request no longer holds it.
    const socket = request.socket;
    const close = () => setTimeout(() => socket?.destroy(), LINGER_MS).unref();
    if (response.writableFinished) close();
    else response.once('finish', close);
    // false: Node's HTTP parser stops reading the socket.
    return false;
  };
}

// A body that has not fully arrived BODY_DEADLINE_MS after the request began is cut: the server answers
// 408 itself and no byte more reaches whoever reads the body, which never ends, so no route or server
// action takes the bytes that came for a whole body (nothing of it is stored; that request's handling
// waits until the connection closes, like a client's that left mid-body, see expectClientGone).
// The connection closes LINGER_MS after the answer, for the client to read it: closing on unread data
// resets it. Neither ending the body early (the reader would see a short body as complete) nor failing
// it (Next logs its failed copy of the body as an error) would do.
function limitBodyTime(request: IncomingMessage, response: ServerResponse, deadlineMs: number): void {
  if (!hasBody(request)) return;
  const push = request.push.bind(request);
  let late = false;
  // false: Node's HTTP parser stops reading the socket.
  request.push = (chunk: unknown, encoding?: BufferEncoding) => (late ? false : push(chunk, encoding));
  const timer = setTimeout(() => {
    if (request.complete) return;
    late = true;
    if (response.headersSent) {
      setTimeout(() => request.destroy(), LINGER_MS).unref();
      return;
    }
    response.writeHead(408, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(TOO_SLOW),
      connection: 'close',
    });
    response.write(TOO_SLOW);
    setTimeout(() => response.end(), LINGER_MS).unref();
  }, deadlineMs).unref();
  const done = () => clearTimeout(timer);
  request.once('end', done);
  response.once('close', done);
}

// A client that closes its connection before its answer is sent makes Node destroy the request with an
// `aborted` error (ECONNRESET), which Node emits only to an `error` listener. Two paths turn it into a
// log line, both when proxy.ts runs on a request that may have a body (any method but GET and HEAD):
// - Next copies the body, waiting on the request's `end` or `error` event, and logs that error as a failed
//   request when the client left mid-body. So a body cut short by its client is destroyed without the
//   error: it never ends, so no route ever sees it, and nothing of it is stored. Only that request's own
//   handling waits; the answer would have gone nowhere anyway.
// - Once copied, Next swaps the request's stream internals, listeners included, for those of its copy,
//   which has none: the error is then thrown as an uncaught exception. It is emitted on the next tick after
//   the socket closes, so a listener added when the socket closes still catches it; it ignores only this
//   client-gone error.
function expectClientGone(request: IncomingMessage, response: ServerResponse): void {
  const destroy = request.destroy.bind(request);
  request.destroy = (error?: Error) => destroy(request.complete || !isClientGone(error) ? error : undefined);
  const socket = request.socket;
  const onClose = () => {
    request.on('error', (error: Error) => {
      if (!isClientGone(error)) throw error;
    });
  };
  socket.once('close', onClose);
  // Answered: Node no longer aborts this request, and a kept-alive socket must not pile up listeners.
  response.once('finish', () => socket.off('close', onClose));
}

function isClientGone(error: Error | undefined): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET' && error?.message === 'aborted';
}

function answer(response: ServerResponse, status: number, message: string): true {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(message);
  return true;
}

const TOO_MANY_HEADERS = 'This request has too many header lines.';
const TOO_LONG_QUERY = 'This address has too many parameters.';
const NOT_ALLOWED = 'Method not allowed.';
const NOT_FOUND = 'Not found.';
const BAD_IMAGE = 'This image cannot be resized.';
const TOO_SLOW = 'This submission took too long to arrive. Please send it again.';

// The address of the socket the request came in on, when the server stamped it.
export function socketAddress(headers: Headers): string | undefined {
  const header = existingSingleton<string>(NAME);
  return (header && headers.get(header)) || undefined;
}
