/** @jest-environment node */
import { once } from 'node:events';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';

import { ADDRESS_HEADERS, clientAddress } from '@/lib/security/client-address';

import { createFront, isBackOffice } from '../../scripts/lib/front.mjs';

// The front of `npm start`'s split server: which process gets which address, what reaches them of the
// client's headers, and what the client gets when a process is down or refuses a body early.

interface Seen {
  process: 'visitors' | 'backOffice';
  url: string;
  headers: IncomingHttpHeaders;
  body: number;
}

const port = (server: Server) => (server.address() as AddressInfo).port;

async function listen(server: Server): Promise<Server> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

// A process behind the front: records what it got; `/refuse` answers 413 before reading the body.
function processBehind(name: Seen['process'], seen: Seen[]): Server {
  return createServer((req, res) => {
    if (req.url === '/staff/content/api/media/refuse') {
      // As the server's own intake does: the answer, then the connection held a moment before it closes.
      res.writeHead(413, { connection: 'close', 'content-type': 'text/plain' });
      res.write('too large');
      setTimeout(() => res.end(), 100);
      return;
    }
    let body = 0;
    req.on('data', (chunk: Buffer) => (body += chunk.length));
    req.on('end', () => {
      seen.push({ process: name, url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, {
        'content-type': 'text/plain',
        connection: 'x-hop',
        'x-hop': 'one link only',
        'x-kept': 'yes',
      });
      res.end(name);
    });
  });
}

function send(
  frontPort: number,
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: frontPort, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('which process an address goes to', () => {
  it('sends the staff workspace, the content editor, payments and the content hook to the back office', () => {
    for (const url of [
      '/staff',
      '/staff/door',
      '/staff/content/api/events?depth=0',
      '/api/payments/paystack',
      '/api/content/changed',
      '/pay/abc',
      '/fr/pay/abc',
      '/payments/return?reference=x',
      '/fr/payments/receipt',
    ]) {
      expect([url, isBackOffice(url)]).toEqual([url, true]);
    }
  });

  it("sends a staff member's browser to the back office for every page, so they see what they just published", () => {
    const staff = (cookie: string | undefined) => (cookie ?? '').includes('baobab-staff=');
    expect(isBackOffice('/events', 'theme=dark; baobab-staff=abc', staff)).toBe(true);
    expect(isBackOffice('/events', 'theme=dark', staff)).toBe(false);
    expect(isBackOffice('/events', undefined, staff)).toBe(false);
  });

  it('sends every page and form of the visitors to their own process', () => {
    for (const url of [
      '/',
      '/fr',
      '/events',
      '/staffing',
      '/api/forms/contact',
      '/paying',
      '/fr/events/x',
      '/api/health',
    ]) {
      expect([url, isBackOffice(url)]).toEqual([url, false]);
    }
  });
});

describe('the front', () => {
  const seen: Seen[] = [];
  let visitors: Server;
  let backOffice: Server;
  const up: { visitors: number | null; backOffice: number | null } = { visitors: null, backOffice: null };
  const fronts: Server[] = [];

  async function front(trustedHops: number): Promise<number> {
    const server = createFront({
      targets: () => up,
      clientOf: (headers, socketAddress) =>
        clientAddress(
          new Headers(
            Object.entries(headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])),
          ),
          socketAddress,
          { trustedHops },
        ),
      addressHeaders: ADDRESS_HEADERS,
      trustsProxy: trustedHops > 0,
      staffBrowser: (cookie) => (cookie ?? '').includes('baobab-staff='),
    });
    fronts.push(await listen(server));
    return port(server);
  }

  beforeAll(async () => {
    visitors = await listen(processBehind('visitors', seen));
    backOffice = await listen(processBehind('backOffice', seen));
    up.visitors = port(visitors);
    up.backOffice = port(backOffice);
  });
  beforeEach(() => (seen.length = 0));
  afterAll(() => {
    for (const server of [visitors, backOffice, ...fronts]) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('passes a page to the visitors and a staff address to the back office, answers and all', async () => {
    const frontPort = await front(0);
    const page = await send(frontPort, '/events?x=1');
    const staff = await send(frontPort, '/staff/door');
    expect([page.status, page.text, staff.status, staff.text]).toEqual([200, 'visitors', 200, 'backOffice']);
    const asStaff = await send(frontPort, '/events', { headers: { cookie: 'baobab-staff=x' } });
    expect(asStaff.text).toBe('backOffice');
    expect(seen.map((s) => [s.process, s.url])).toEqual([
      ['visitors', '/events?x=1'],
      ['backOffice', '/staff/door'],
      ['backOffice', '/events'],
    ]);
    // The answer's own headers pass; its hop-by-hop ones do not.
    expect(page.headers['x-kept']).toBe('yes');
    expect(page.headers['x-hop']).toBeUndefined();
  });

  it('with no proxy trusted, gives the socket address and drops what the client wrote about itself', async () => {
    const frontPort = await front(0);
    await send(frontPort, '/contact', {
      headers: {
        'x-forwarded-for': '203.0.113.9',
        'x-real-ip': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        connection: 'x-secret',
        'x-secret': 'hop',
      },
    });
    const { headers } = seen[0]!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers['x-forwarded-proto']).toBeUndefined();
    expect(headers['x-secret']).toBeUndefined();
  });

  it("never passes on Next's order to make a page again, whoever sends it", async () => {
    for (const trusted of [0, 1]) {
      seen.length = 0;
      const frontPort = await front(trusted);
      await send(frontPort, '/about', {
        headers: { 'x-prerender-revalidate': 'a-preview-key', 'x-prerender-revalidate-if-generated': '1' },
      });
      const { headers } = seen[0]!;
      expect(headers['x-prerender-revalidate']).toBeUndefined();
      expect(headers['x-prerender-revalidate-if-generated']).toBeUndefined();
    }
  });

  it('behind a trusted proxy, gives the address that proxy saw and keeps its forwarded headers', async () => {
    const frontPort = await front(1);
    await send(frontPort, '/contact', {
      headers: {
        'x-forwarded-for': '198.51.100.1, 203.0.113.9',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'site.example',
      },
    });
    const { headers } = seen[0]!;
    expect(headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-host']).toBe('site.example');
  });

  it('passes a body whole', async () => {
    const frontPort = await front(0);
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const answer = await send(frontPort, '/staff/content/api/media', { method: 'POST', body });
    expect(answer.status).toBe(200);
    expect(seen[0]).toMatchObject({ process: 'backOffice', body: body.length });
  });

  it('passes on a refusal made before the body was read, and closes the connection', async () => {
    const frontPort = await front(0);
    const answer = await send(frontPort, '/staff/content/api/media/refuse', {
      method: 'POST',
      body: Buffer.alloc(8 * 1024 * 1024, 1),
    }).catch((error: NodeJS.ErrnoException) => ({ status: error.code, headers: {} as IncomingHttpHeaders, text: '' }));
    // The client either reads the 413 or, still sending, finds the connection closed: never a 5xx.
    if (typeof answer.status === 'number') {
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
    } else {
      expect(answer.status).toMatch(/EPIPE|ECONNRESET/);
    }
  });

  it('answers 503 with a retry time while a process is down, and the other keeps serving', async () => {
    const frontPort = await front(0);
    const saved = up.backOffice;
    up.backOffice = null;
    const staff = await send(frontPort, '/staff');
    const page = await send(frontPort, '/');
    up.backOffice = saved;
    expect([staff.status, staff.headers['retry-after'], page.status]).toEqual([503, '2', 200]);
    // A process that does not answer at all (its port refuses): 503 too, not a hang or a 502.
    const stopped = await listen(createServer());
    const deadPort = port(stopped);
    await new Promise((resolve) => stopped.close(resolve));
    up.visitors = deadPort;
    const refused = await send(frontPort, '/');
    up.visitors = port(visitors);
    expect(refused.status).toBe(503);
  });

  // What a raw socket sends, and everything the front answers before it closes.
  async function raw(frontPort: number, text: string): Promise<string> {
    const { connect } = await import('node:net');
    return new Promise((resolve) => {
      const socket = connect(frontPort, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', () => resolve(answer));
      setTimeout(() => socket.destroy(), 2_000);
    });
  }

  it('passes on an answer given to the headers alone, while the client still holds the body back', async () => {
    const frontPort = await front(0);
    const started = performance.now();
    const answer = await raw(
      frontPort,
      'POST /staff/content/api/media/refuse HTTP/1.1\r\nHost: x\r\nContent-Length: 8388608\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('refuses a request whose length is said twice, before anything reaches a process behind', async () => {
    const frontPort = await front(0);
    const answer = await raw(
      frontPort,
      'POST /api/forms/contactUs HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /staff/door HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(seen).toEqual([]);
  });

  it('passes a GET sent in chunks on in chunks: its body never reaches a process behind as a request', async () => {
    const frontPort = await front(0);
    const smuggled = 'GET /smuggled HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\n\r\n';
    const chunk = `${Buffer.byteLength(smuggled).toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;
    await raw(
      frontPort,
      `GET /events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.map((s) => [s.url, s.body])).toEqual([['/events', Buffer.byteLength(smuggled)]]);
  });

  // A process behind that answers the first request on each connection and keeps the connection, then
  // closes it as the next request on it arrives, unread: what a process does to a connection idle for its
  // keep-alive time at the moment the front sends on it.
  async function closingKeptConnections(): Promise<{ server: NetServer; got: string[] }> {
    const got: string[] = [];
    const server = createNetServer((socket) => {
      let buffered = '';
      let answered = 0;
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        buffered += chunk;
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.slice(0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        if (answered > 0) return void socket.destroy();
        answered += 1;
        const line = `${head.split('\r\n')[0]!.split(' ').slice(0, 2).join(' ')} ${length}`;
        got.push(line);
        buffered = '';
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${line.length}\r\n` +
            `Connection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n${line}`,
        );
      });
      socket.on('error', () => {});
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { server, got };
  }

  it('sends a read again on a new connection when a kept one is closed under it, and a post only ever on a new one', async () => {
    const frontPort = await front(0);
    const { server, got } = await closingKeptConnections();
    const saved = up.visitors;
    up.visitors = (server.address() as AddressInfo).port;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    try {
      // The first read leaves its connection kept. A post comes next: on a new connection, so it is never
      // the one closed under it, and its body arrives once (on the kept one: a 503 and the post lost).
      // Then a read is sent on the kept connection, meets the close, and goes again on a new connection
      // (without that: a 503 saying the site is restarting).
      const first = await send(frontPort, '/events');
      await pause();
      const post = await send(frontPort, '/api/forms/contactUs', { method: 'POST', body: Buffer.from('a=1&b=2') });
      await pause();
      const second = await send(frontPort, '/about');
      expect([first.status, post.status, second.status]).toEqual([200, 200, 200]);
      const answers = ['GET /events 0', 'POST /api/forms/contactUs 7', 'GET /about 0'];
      expect([first.text, post.text, second.text]).toEqual(answers);
      expect(got).toEqual(answers);
    } finally {
      up.visitors = saved;
      server.close();
    }
  });

  it("sends a staff browser's posts by their address, where the forms' limits are counted", async () => {
    const frontPort = await front(0);
    const post = await send(frontPort, '/api/forms/contactUs', {
      method: 'POST',
      headers: { cookie: 'baobab-staff=x' },
      body: Buffer.from('a=1'),
    });
    expect(post.text).toBe('visitors');
  });

  it('upgrades no connection', async () => {
    const frontPort = await front(0);
    const answer = await raw(
      frontPort,
      'GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    );
    expect(answer).toBe('');
    expect(seen).toEqual([]);
  });
});
