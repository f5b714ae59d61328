// The front of a split server (scripts/start.mjs): one listening address, two Next processes behind it.
// The back office (the staff workspace, the content editor and its API, payments) runs in a process of
// its own, so that nothing the staff do, and nothing a stranger makes the payment routes do, takes a
// turn on the event loop that answers visitors. This process only passes bytes along.
//
// Each process behind it trusts exactly one proxy, this one: the client's address goes in
// X-Forwarded-For as this front resolved it with the operator's own TRUSTED_PROXY_* settings, and the
// X-Forwarded-* headers a client wrote are dropped unless the operator trusts a proxy in front.
import { Agent, createServer, request as httpRequest } from 'node:http';

// Whether a request is the back office's: by its address, or because it is a page view from a staff
// member's browser (`staffBrowser`, from its cookies), who then sees every page as the back office has it, the
// change they just published included, while the visitors' process may still be making it again. The
// language prefix before the payment pages is any two-letter code. A wrong guess, or a stranger's
// made-up cookie, only picks the other process, which serves every address the same way.
export function isBackOffice(url, cookie = '', staffBrowser = () => false) {
  const path = (url ?? '/').split('?')[0];
  return (
    staffBrowser(cookie) ||
    /^\/staff(?:\/|$)/.test(path) ||
    /^\/api\/(?:payments|content)(?:\/|$)/.test(path) ||
    /^(?:\/[a-z]{2})?\/(?:pay|payments)(?:\/|$)/.test(path)
  );
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  // Answered here already: passing it on would ask the process behind for a second 100 Continue.
  'expect',
]);
const CLIENT_FORWARDED = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];
// Next's own order to make a page again now, keyed with the build's preview key. Only the split server
// itself sends it, once, at start (split-server.mjs); the same key is the value of the editor's preview
// cookie, so a staff browser knows it, and from a client it would make pages on the visitors' thread.
const NEXT_REVALIDATE = ['x-prerender-revalidate', 'x-prerender-revalidate-if-generated'];

// The raw header list without hop-by-hop headers, the ones Connection names, and `drop`.
function passedOn(rawHeaders, drop = new Set()) {
  const named = new Set();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() === 'connection') {
      for (const name of rawHeaders[i + 1].split(',')) named.add(name.trim().toLowerCase());
    }
  }
  const kept = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name) || drop.has(name)) continue;
    kept.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return kept;
}

const UNAVAILABLE = 'The site is starting or restarting: try again in a moment.\n';

// `targets()` gives the current ports ({ visitors, backOffice }, either null while that process is
// down); `clientOf(headers, socketAddress)` the client's address by the operator's settings;
// `addressHeaders` the headers that carry a client's address (lib/security's), dropped as the client
// wrote them; `trustsProxy` whether the operator has a proxy in front (its X-Forwarded-* headers are then kept);
// `staffBrowser(cookieHeader)` whether the cookies are a staff session's or the editor's preview's.
export function createFront({ targets, clientOf, addressHeaders, trustsProxy, staffBrowser }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const drop = new Set([...addressHeaders, ...NEXT_REVALIDATE, ...(trustsProxy ? [] : CLIENT_FORWARDED)]);

  const server = createServer((request, response) => {
    // A staff browser's page views only: its posts (the forms, counted per process) go by address.
    const reads = request.method === 'GET' || request.method === 'HEAD';
    const backOffice = isBackOffice(request.url, reads ? request.headers.cookie : '', staffBrowser);
    const port = backOffice ? targets().backOffice : targets().visitors;
    const refuse = () => {
      if (response.headersSent) return response.destroy();
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '2', connection: 'close' });
      response.end(UNAVAILABLE);
    };
    if (!port) return refuse();

    const headers = passedOn(request.rawHeaders, drop);
    // A body sent in chunks is passed on in chunks: Node's client sends a GET's body without any framing,
    // which the process behind would read as a second request, one the front never saw.
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (chunked) headers.push('transfer-encoding', 'chunked');
    headers.push('x-forwarded-for', clientOf(request.headers, request.socket.remoteAddress));
    // Each process behind closes a kept-alive connection once it has been idle for its keep-alive time
    // (Node's 5 s). Should the front send a request on such a connection as it closes, the request meets
    // a reset before any answer. So only a page or file read without a body goes on a kept connection,
    // and if it meets that reset there, it is sent once more on a new one, as nginx does: reading twice
    // changes nothing. Any other request (a post, a body read once from the client) goes on a connection
    // of its own, which no process behind has had time to close.
    const pooled = reads && !chunked && Number(request.headers['content-length'] ?? 0) === 0;
    let current;
    const forward = (again) => {
      const upstream = httpRequest({
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers,
        agent: pooled && !again ? agent : false,
        setHost: false,
      });
      current = upstream;
      // The headers go now, not with the body's first bytes: a process behind may answer on the headers
      // alone (a refusal before the body is read), and the client may hold the body until it does.
      upstream.flushHeaders();
      let answered = false;
      upstream.on('response', (answer) => {
        answered = true;
        const kept = passedOn(answer.rawHeaders);
        // The process behind stopped reading the body (a refusal before it reads): so does the client.
        if (answer.headers.connection === 'close') kept.push('connection', 'close');
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, kept);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      });
      upstream.on('error', () => {
        if (pooled && !again && !answered && upstream.reusedSocket && !response.destroyed) return forward(true);
        request.unpipe(upstream);
        if (!answered) refuse();
      });
      if (pooled) upstream.end();
      else request.pipe(upstream);
    };
    // A client gone before the answer ends: the process behind stops working on it too.
    response.on('close', () => {
      if (!response.writableFinished) current.destroy();
    });
    request.on('error', () => current.destroy());
    forward(false);
  });
  // The site speaks HTTP only; no address upgrades a connection.
  server.on('upgrade', (_request, socket) => socket.destroy());
  server.on('close', () => agent.destroy());
  return server;
}
