/** @jest-environment node */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { readConfig } from '@/lib/config';
import { checkXsrf, isOurXsrfToken, issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { isFreshXsrfToken, XSRF_COOKIE_MAX_AGE_S, XSRF_TOKEN_PATTERN } from '@/lib/security/xsrf-token';
import { setSingleton } from '@/lib/singletons';

const key = randomBytes(32);
const token = issueXsrfToken(key);
const host = 'baobabdata.org';

// isOurXsrfToken under the server's own secret, as checkXsrf uses it.
const serverToken = issueXsrfToken();

function meta(headers: Record<string, string>, cookies: Record<string, string> = {}): RequestMeta {
  return { headers: new Headers({ host, ...headers }), cookie: (name) => cookies[name], address: '192.0.2.1' };
}

describe('XSRF tokens', () => {
  it('are random and signed', () => {
    expect(token).toMatch(XSRF_TOKEN_PATTERN);
    expect(issueXsrfToken(key)).not.toBe(token);
    expect(isOurXsrfToken(token, key)).toBe(true);
  });

  it.each([
    ['another key', () => issueXsrfToken(randomBytes(32))],
    ['a changed random part', () => `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`],
    ['the old unsigned format', () => 'a'.repeat(64)],
    ['an empty string', () => ''],
    ['a token with extra text', () => `${token}x`],
    ['the signed format of before expiry', () => `${'a'.repeat(22)}.${'b'.repeat(43)}`],
    [
      'a changed issue time',
      () => token.replace(/\.[\da-z]+\./, (t) => `.${(parseInt(t.slice(1), 36) + 1).toString(36)}.`),
    ],
  ])('refuses %s', (_, make) => {
    expect(isOurXsrfToken(make(), key)).toBe(false);
  });

  it('expire a day after they were issued', () => {
    const issued = Date.UTC(2026, 10, 24, 12);
    const old = issueXsrfToken(key, issued);
    const hour = 3_600_000;
    expect(isOurXsrfToken(old, key, issued + 23 * hour)).toBe(true);
    expect(isOurXsrfToken(old, key, issued + 24 * hour)).toBe(false);
    // One from the future (another instance's clock a few seconds ahead is fine, an hour is not).
    expect(isOurXsrfToken(old, key, issued - 10_000)).toBe(true);
    expect(isOurXsrfToken(old, key, issued - hour)).toBe(false);
  });

  it('are renewed by the browser half-way through their life, while the server still takes them', () => {
    const issued = Date.UTC(2026, 10, 24, 12);
    const old = issueXsrfToken(key, issued);
    const renewal = issued + XSRF_COOKIE_MAX_AGE_S * 1000;
    expect(isFreshXsrfToken(old, renewal - 1000)).toBe(true);
    expect(isFreshXsrfToken(old, renewal)).toBe(false);
    expect(isOurXsrfToken(old, key, renewal)).toBe(true);
    expect(isFreshXsrfToken(`${'a'.repeat(22)}.${'b'.repeat(43)}`, renewal)).toBe(false);
  });
});

describe('checkXsrf', () => {
  const pair = (https = false) => ({
    headers: { 'x-xsrf-token': serverToken, ...(https ? { 'x-forwarded-proto': 'https' } : {}) },
    cookies: { [https ? '__Host-XSRF-TOKEN' : 'XSRF-TOKEN']: serverToken },
  });

  it('accepts our token echoed from the cookie, with or without Fetch Metadata', () => {
    const { headers, cookies } = pair();
    expect(checkXsrf(meta(headers, cookies))).toBe(true);
    expect(checkXsrf(meta({ ...headers, 'sec-fetch-site': 'same-origin', origin: `http://${host}` }, cookies))).toBe(
      true,
    );
  });

  it('reads the __Host- cookie when a trusted proxy says HTTPS, and only that one', () => {
    const { headers, cookies } = pair(true);
    setSingleton('config', readConfig({ ...process.env, TRUSTED_PROXY_HOPS: '1' }));
    try {
      expect(checkXsrf(meta(headers, cookies))).toBe(true);
      expect(checkXsrf(meta(headers, { 'XSRF-TOKEN': serverToken }))).toBe(false);
    } finally {
      setSingleton('config', undefined);
    }
  });

  it("does not believe a client's own X-Forwarded-Proto when no proxy is configured", () => {
    const { headers } = pair(true);
    expect(checkXsrf(meta(headers, { 'XSRF-TOKEN': serverToken }))).toBe(true);
    expect(checkXsrf(meta(headers, { '__Host-XSRF-TOKEN': serverToken }))).toBe(false);
  });

  it('refuses an equal pair that is not ours (cookie a, header a)', () => {
    expect(checkXsrf(meta({ 'x-xsrf-token': 'a' }, { 'XSRF-TOKEN': 'a' }))).toBe(false);
    const foreign = issueXsrfToken(randomBytes(32));
    expect(checkXsrf(meta({ 'x-xsrf-token': foreign }, { 'XSRF-TOKEN': foreign }))).toBe(false);
  });

  it('refuses our token when the cookie differs or is missing', () => {
    expect(checkXsrf(meta({ 'x-xsrf-token': serverToken }, { 'XSRF-TOKEN': issueXsrfToken() }))).toBe(false);
    expect(checkXsrf(meta({ 'x-xsrf-token': serverToken }))).toBe(false);
  });

  it.each([
    ['same-site (another port of this host)', { 'sec-fetch-site': 'same-site' }],
    ['cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['none', { 'sec-fetch-site': 'none' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['another port as Origin', { origin: `http://${host}:8080` }],
    ['Origin null', { origin: 'null' }],
    ['a non-URL Origin', { origin: 'not a url' }],
    ['an Origin of spaces', { origin: '   ' }],
  ])('refuses %s even with a valid token', (_, extra) => {
    const { headers, cookies } = pair();
    expect(checkXsrf(meta({ ...headers, ...extra }, cookies))).toBe(false);
    expect(checkXsrf(meta(extra))).toBe(false);
  });

  it('accepts a post without a token (no JavaScript) only when the browser shows it came from our pages', () => {
    expect(checkXsrf(meta({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
    expect(checkXsrf(meta({ origin: `http://${host}` }))).toBe(true);
    expect(checkXsrf(meta({}))).toBe(false);
  });

  it('reads X-Forwarded-Host only from a trusted proxy, and the host as sent, as Next does', () => {
    // A proxy that gives the site its upstream's name as Host puts the public one in X-Forwarded-Host.
    const behindProxy = { origin: `https://${host}`, 'x-forwarded-host': host, host: '127.0.0.1:3000' };
    // With no proxy trusted, the header is the client's own: it cannot make a foreign Origin ours.
    const spoofed = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' };
    expect(checkXsrf(meta(behindProxy))).toBe(false);
    expect(checkXsrf(meta(spoofed))).toBe(false);
    setSingleton('config', readConfig({ ...process.env, TRUSTED_PROXY_HOPS: '1' }));
    try {
      expect(checkXsrf(meta(behindProxy))).toBe(true);
      expect(checkXsrf(meta({ ...behindProxy, 'x-forwarded-host': `${host}, evil.example` }))).toBe(true);
    } finally {
      setSingleton('config', undefined);
    }
    // Next compares the Origin's host with the Host header exactly: a Host in capitals is not ours.
    expect(checkXsrf(meta({ origin: `http://${host}`, host: host.toUpperCase() }))).toBe(false);
  });

  it('never throws, whatever the headers', () => {
    for (const origin of ['', 'http://[', '\u00ff\u00fe', 'x'.repeat(10_000), 'https://a b']) {
      expect(() => checkXsrf(meta({ origin, 'x-xsrf-token': origin }, { 'XSRF-TOKEN': origin }))).not.toThrow();
    }
  });
});

describe('the signing key without XSRF_SECRET', () => {
  it('is created once under DATA_DIR, private to the server user, and kept across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baobab-xsrf-'));
    const saved = { ...process.env };
    process.env.DATA_DIR = dir;
    delete process.env.XSRF_SECRET;
    try {
      // A restart: the process's settings and key are gone, and the module is loaded afresh.
      const load = () => {
        setSingleton('config', undefined);
        setSingleton('xsrfKey', undefined);
        let loaded!: typeof import('@/lib/security/xsrf');
        jest.isolateModules(() => {
          loaded = jest.requireActual('@/lib/security/xsrf');
        });
        return loaded;
      };
      const issued = load().issueXsrfToken();
      expect(statSync(join(dir, 'xsrf-secret')).mode & 0o777).toBe(0o600);
      expect(load().isOurXsrfToken(issued)).toBe(true);
      rmSync(join(dir, 'xsrf-secret'));
      expect(load().isOurXsrfToken(issued)).toBe(false);
    } finally {
      process.env = saved;
      setSingleton('config', undefined);
      setSingleton('xsrfKey', undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
