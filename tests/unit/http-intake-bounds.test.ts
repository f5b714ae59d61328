/** @jest-environment node */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { readConfig } from '@/lib/config';
import { boundedCookie, COOKIE_LIMITS, installHttpIntake } from '@/lib/security/http-intake';
import { setSingleton } from '@/lib/singletons';

const token = `${'a'.repeat(22)}.${'1'.repeat(6)}.${'s'.repeat(43)}`;

describe('boundedCookie', () => {
  it('passes a header within the bounds as it is', () => {
    const header = `consent=accepted; XSRF-TOKEN=${token}; _ga=GA1.1.1`;
    expect(boundedCookie(header)).toBe(header);
  });

  it('keeps only the form token cookies past the count or the size', () => {
    const many = Array.from({ length: COOKIE_LIMITS.count + 1 }, (_, i) => `c${i}=1`).join('; ');
    expect(boundedCookie(`${many}; XSRF-TOKEN=${token}`)).toBe(`XSRF-TOKEN=${token}`);
    const big = `big=${'x'.repeat(COOKIE_LIMITS.bytes)}; __Host-XSRF-TOKEN=${token}; XSRF-TOKEN=${token}`;
    expect(boundedCookie(big)).toBe(`__Host-XSRF-TOKEN=${token}; XSRF-TOKEN=${token}`);
    expect(boundedCookie(many)).toBeUndefined();
    // Planted copies: at most two of each name, each of a sane length.
    const planted = `${many}; XSRF-TOKEN=${'y'.repeat(5000)}; XSRF-TOKEN=a; XSRF-TOKEN=b; XSRF-TOKEN=c`;
    expect(boundedCookie(planted)).toBe('XSRF-TOKEN=a; XSRF-TOKEN=b');
  });

  it('keeps the staff session past the bounds, whatever crowd of other names comes before it', () => {
    const session = `__Host-baobab-staff=${'s'.repeat(43)}`;
    const sixty = Array.from({ length: 60 }, (_, i) => `sibling${i}=1`).join('; ');
    expect(boundedCookie(`${sixty}; ${session}`)).toBe(session);
    expect(boundedCookie(`big=${'x'.repeat(COOKIE_LIMITS.bytes)}; baobab-staff=${'s'.repeat(43)}`)).toBe(
      `baobab-staff=${'s'.repeat(43)}`,
    );
    const planted = Array.from({ length: 60 }, (_, i) => `XSRF-TOKEN=p${i}`).join('; ');
    expect(boundedCookie(`${planted}; __Host-XSRF-TOKEN=${token}; ${session}`)).toBe(
      `XSRF-TOKEN=p0; XSRF-TOKEN=p1; __Host-XSRF-TOKEN=${token}; ${session}`,
    );
  });
});

describe('the HTTP intake bounds', () => {
  let server: Server;
  let port: number;
  let reached: { method?: string; url?: string; headers: IncomingHttpHeaders }[];
  let uninstall = () => {};
  beforeAll(async () => {
    uninstall = installHttpIntake();
    server = createServer((req, res) => {
      reached.push({ method: req.method, url: req.url, headers: req.headers });
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    reached = [];
  });
  afterAll(() => {
    server.close();
    uninstall();
  });

  const send = (method: string, path: string, headers: Record<string, string> | string[] = {}, body?: string) =>
    new Promise<number | undefined>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', method, path, headers, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('hands Next a crowd of cookies cut down to the form token', async () => {
    const crowd = Array.from({ length: 1900 }, (_, i) => `c${i.toString(36)}=1`).join('; ');
    expect(await send('GET', '/api/xsrf', { cookie: `${crowd}; XSRF-TOKEN=${token}` })).toBe(200);
    expect(reached[0]!.headers.cookie).toBe(`XSRF-TOKEN=${token}`);
  });

  it('hands Next a crowd of cookies cut down to the form token and the staff session', async () => {
    const sixty = Array.from({ length: 60 }, (_, i) => `sibling${i}=${'v'.repeat(40)}`).join('; ');
    const session = `baobab-staff=${'s'.repeat(43)}`;
    expect(await send('GET', '/staff', { cookie: `${sixty}; XSRF-TOKEN=${token}; ${session}` })).toBe(200);
    expect(reached[0]!.headers.cookie).toBe(`XSRF-TOKEN=${token}; ${session}`);
  });

  it("drops a client's own forwarding headers when no proxy is trusted, so Next never reads them", async () => {
    const forwarded = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' };
    expect(await send('GET', '/contact', forwarded)).toBe(200);
    expect(reached[0]!.headers).not.toHaveProperty('x-forwarded-host');
    expect(reached[0]!.headers).not.toHaveProperty('x-forwarded-proto');
    expect(reached[0]!.headers).not.toHaveProperty('x-forwarded-port');
    setSingleton('config', readConfig({ ...process.env, TRUSTED_PROXY_HOPS: '1' }));
    try {
      expect(await send('GET', '/contact', forwarded)).toBe(200);
      expect(reached[1]!.headers).toMatchObject(forwarded);
    } finally {
      setSingleton('config', undefined);
    }
  });

  it('refuses thousands of header lines (431) and of query parameters (414) before Next', async () => {
    const lines = ['host', '127.0.0.1', ...Array.from({ length: 150 }, (_, i) => [`x-h${i}`, '1']).flat()];
    expect(await send('GET', '/api/health', lines)).toBe(431);
    expect(await send('GET', `/contact?${'a=1&'.repeat(200)}`)).toBe(414);
    expect(await send('GET', '/contact?utm_source=x&utm_medium=y')).toBe(200);
    expect(reached.map((r) => r.url)).toEqual(['/contact?utm_source=x&utm_medium=y']);
  });

  it('answers only GET and HEAD on files', async () => {
    for (const path of ['/images/flags/gh.svg', '/icons/icon-192.png', '/favicon.ico', '/sitemap.xml']) {
      expect(await send('POST', path, { 'content-type': 'text/plain' }, 'x')).toBe(405);
      expect(await send('GET', path)).toBe(200);
    }
    expect(reached).toHaveLength(4);
  });

  it('serves a hashed image only under its own hash', async () => {
    const hash = createHash('sha256').update(readFileSync('public/images/flags/gh.svg')).digest('hex').slice(0, 12);
    expect(await send('GET', `/v/${hash}/images/flags/gh.svg`)).toBe(200);
    expect(await send('GET', `/v/000000000000/images/flags/gh.svg`)).toBe(404);
    expect(await send('GET', `/v/${hash}/images/flags/none.svg`)).toBe(404);
    expect(await send('GET', `/v/${hash}/images/../../package.json`)).toBe(404);
    expect(reached).toHaveLength(1);
  });

  it('refuses SVG through the image optimiser', async () => {
    expect(await send('GET', '/_next/image?url=%2Fimages%2Fflags%2Fgh.svg&w=64&q=75')).toBe(400);
    expect(await send('GET', '/_next/image?url=%2Fimages%2Fteam%2Fa.jpg&w=64&q=75')).toBe(200);
  });
});
