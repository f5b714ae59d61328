/** @jest-environment node */
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { PROXY_BODY_LIMIT } from '@/lib/http/read-body';
import {
  addressBucket,
  clientAddress,
  fromThisHost,
  normaliseAddress,
  UNKNOWN_ADDRESS,
} from '@/lib/security/client-address';
import { installHttpIntake, socketAddress } from '@/lib/security/http-intake';
import { setSingleton } from '@/lib/singletons';

const headers = (entries: Record<string, string>) => new Headers(entries);
const direct = { trustedHops: 0 };
const oneProxy = { trustedHops: 1 };

describe('normaliseAddress', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    ['01.2.3.4', '1.2.3.4'],
    ['001.002.003.004', '1.2.3.4'],
    [' 1.2.3.4 ', '1.2.3.4'],
    ['1.2.3.4:1234', '1.2.3.4'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::FFFF:1.2.3.4', '1.2.3.4'],
    ['::ffff:0102:0304', '1.2.3.4'],
    ['0:0:0:0:0:ffff:1.2.3.4', '1.2.3.4'],
    ['[::ffff:1.2.3.4]:80', '1.2.3.4'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::1', '::1'],
    ['2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseAddress(input)).toBe(expected);
  });

  it.each(['', 'unknown', '256.1.1.1', '1.2.3', '1.2.3.4.5', 'example.org', '::g', '<script>'])(
    'refuses %p',
    (input) => {
      expect(normaliseAddress(input)).toBeNull();
    },
  );
});

describe('clientAddress with no proxy in front (the default)', () => {
  it('uses the socket address', () => {
    expect(clientAddress(headers({}), '::ffff:203.0.113.9', direct)).toBe('203.0.113.9');
  });

  it.each([
    ['a rotating X-Forwarded-For', { 'x-forwarded-for': '198.51.100.7' }],
    ['an appended-looking list', { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' }],
    ['an empty X-Forwarded-For with X-Real-IP', { 'x-forwarded-for': '', 'x-real-ip': '198.51.100.7' }],
    ['X-Real-IP alone', { 'x-real-ip': '198.51.100.7' }],
  ])('ignores %s', (_, sent) => {
    expect(clientAddress(headers(sent), '203.0.113.9', direct)).toBe('203.0.113.9');
  });

  it('without a socket address puts the request in the shared unknown bucket, whatever the headers say', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '198.51.100.7' }), undefined, direct)).toBe(UNKNOWN_ADDRESS);
  });
});

describe('clientAddress behind trusted proxies', () => {
  it('takes the right-most X-Forwarded-For entry behind one appending proxy', () => {
    // nginx's $proxy_add_x_forwarded_for: whatever the client sent, then the address nginx saw.
    const sent = headers({ 'x-forwarded-for': '10.9.8.7, 1.1.1.1, 203.0.113.9' });
    expect(clientAddress(sent, '127.0.0.1', oneProxy)).toBe('203.0.113.9');
  });

  it('gives one answer however the client spells its own part', () => {
    const spellings = ['01.2.3.4', '::ffff:1.2.3.4', '1.2.3.4:1234', 'random', ''];
    const seen = spellings.map((s) =>
      clientAddress(headers({ 'x-forwarded-for': `${s}, 203.0.113.9` }), '127.0.0.1', oneProxy),
    );
    expect(new Set(seen)).toEqual(new Set(['203.0.113.9']));
  });

  it('normalises what the proxy wrote', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '[2001:DB8::1]:5555' }), '127.0.0.1', oneProxy)).toBe(
      '2001:db8::1',
    );
  });

  it('counts hops from the right', () => {
    const sent = headers({ 'x-forwarded-for': 'forged, 203.0.113.9, 10.0.0.2' });
    expect(clientAddress(sent, '10.0.0.3', { trustedHops: 2 })).toBe('203.0.113.9');
  });

  it('trusts nothing when there are fewer entries than hops', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.9' }), '10.0.0.3', { trustedHops: 2 })).toBe(
      UNKNOWN_ADDRESS,
    );
  });

  it('puts a malformed trusted entry in the unknown bucket rather than a bucket of its own', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': 'a, b, c-9' }), '127.0.0.1', oneProxy)).toBe(UNKNOWN_ADDRESS);
  });

  it('reads X-Real-IP only when the proxy is said to write it', () => {
    const sent = headers({ 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '203.0.113.9' });
    expect(clientAddress(sent, '127.0.0.1', { trustedHops: 1, header: 'x-real-ip' })).toBe('203.0.113.9');
    expect(clientAddress(sent, '127.0.0.1', oneProxy)).toBe('198.51.100.7');
    expect(clientAddress(headers({ 'x-real-ip': '203.0.113.9' }), '127.0.0.1', { trustedHops: 1 })).toBe(
      UNKNOWN_ADDRESS,
    );
  });
});

describe('addressBucket', () => {
  it('keeps IPv4 addresses apart', () => {
    expect(addressBucket('1.2.3.4')).toBe('1.2.3.4');
  });

  it('counts one IPv6 /64 as one client', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
  });

  it('counts a whole network of the configured prefix as one client (RATE_LIMIT_IPV6_PREFIX)', () => {
    // Every /64 of one /56 is one client at 56 bits…
    expect(addressBucket('2001:db8:1:2aa::1', 56)).toBe('2001:db8:1:200::/56');
    expect(addressBucket('2001:db8:1:2ff:ffff::1', 56)).toBe('2001:db8:1:200::/56');
    expect(addressBucket('2001:db8:1:300::1', 56)).not.toBe(addressBucket('2001:db8:1:2ff::1', 56));
    // …and of one /48 at 48; at 128 each address is its own.
    expect(addressBucket('2001:db8:1:ffff::1', 48)).toBe('2001:db8:1::/48');
    expect(addressBucket('2001:db8::1', 128)).toBe('2001:db8::1/128');
    expect(addressBucket('2001:db8::1', 60)).toBe('2001:db8::/60');
    expect(addressBucket('2001:db8:0:1f::1', 60)).toBe('2001:db8:0:10::/60');
  });
});

describe('fromThisHost', () => {
  const SOCKET = 'x-test-socket-address';
  const from = (socket: string | null, entries: Record<string, string> = {}) => {
    setSingleton('socketAddressHeader', SOCKET);
    return fromThisHost(headers({ ...(socket === null ? {} : { [SOCKET]: socket }), ...entries }));
  };
  // The intake's own name, for the tests below that install it.
  afterAll(() => setSingleton('socketAddressHeader', undefined));

  it('is a socket on the loopback address with no other host named by a proxy', () => {
    expect(from('127.0.0.1')).toBe(true);
    expect(from('::1')).toBe(true);
    expect(from('::ffff:127.0.0.1')).toBe(true);
    // nginx on this host passing on its own loopback request.
    expect(from('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toBe(true);
  });

  it('is not another host, nor another host passed on by a proxy on this one, nor an unstamped request', () => {
    expect(from('203.0.113.9')).toBe(false);
    expect(from('127.0.0.2')).toBe(false);
    expect(from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(false);
    expect(from('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).toBe(false);
    expect(from('127.0.0.1', { 'x-forwarded-for': 'not an address' })).toBe(false);
    expect(from('127.0.0.1', { 'x-real-ip': '203.0.113.9' })).toBe(false);
    expect(from('')).toBe(false);
    expect(from(null)).toBe(false);
  });
});

describe('the HTTP intake', () => {
  let server: Server;
  let uninstall = () => {};
  afterEach(() => {
    server?.close();
    uninstall();
  });

  it("is the connection's address, whatever address headers the client sends", async () => {
    uninstall = installHttpIntake();
    const seen: (string | undefined)[] = [];
    server = createServer((req, res) => {
      const received = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') received.set(name, value);
      seen.push(socketAddress(received));
      res.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) =>
      httpRequest(
        { port, host: '127.0.0.1', headers: { 'x-forwarded-for': '6.6.6.6', 'x-socket-address': '6.6.6.6' } },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      )
        .on('error', reject)
        .end(),
    );
    expect(seen).toEqual(['127.0.0.1']);
  });

  it('answers 405 to methods Next cannot represent, without passing them on', async () => {
    uninstall = installHttpIntake();
    let reached = false;
    server = createServer((_, res) => {
      reached = true;
      res.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<number | undefined>((resolve, reject) =>
      httpRequest({ port, host: '127.0.0.1', method: 'TRACE' }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
        .on('error', reject)
        .end(),
    );
    expect(status).toBe(405);
    expect(reached).toBe(false);
  });

  it('cuts a chunked body at the proxy limit and stops reading the socket, still answering', async () => {
    uninstall = installHttpIntake();
    let seen = 0;
    let socketRead = 0;
    server = createServer(async (req, res) => {
      for await (const chunk of req) seen += (chunk as Buffer).length;
      socketRead = req.socket.bytesRead;
      res.end('too large');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<number | undefined>((resolve) => {
      const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/api/forms/contactUs' }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', () => {});
      const chunk = Buffer.alloc(64 * 1024, 'a');
      // 8 MB offered as fast as the socket takes it.
      const write = (left: number): void => {
        while (left > 0) {
          left -= 1;
          if (!req.write(chunk)) {
            req.once('drain', () => write(left));
            return;
          }
        }
        req.end();
      };
      write(128);
    });
    expect(status).toBe(200);
    expect(seen).toBeLessThanOrEqual(PROXY_BODY_LIMIT);
    expect(seen).toBeGreaterThan(PROXY_BODY_LIMIT - 64 * 1024);
    // The socket was not read to the end of the 8 MB.
    expect(socketRead).toBeLessThan(2 * 1024 * 1024);
  });

  it('refuses a declared oversized body before anything reads it', async () => {
    uninstall = installHttpIntake();
    let reached = false;
    server = createServer((_, res) => {
      reached = true;
      res.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<number | undefined>((resolve) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', method: 'POST', path: '/contact', headers: { 'content-length': '10000000' } },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on('error', () => {});
      req.write('x');
    });
    expect(status).toBe(413);
    expect(reached).toBe(false);
  });

  it('leaves no socket address in headers the server did not stamp', () => {
    expect(socketAddress(headers({ 'x-socket-address': '6.6.6.6' }))).toBeUndefined();
  });
});
