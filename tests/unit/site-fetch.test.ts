import { readCookie, siteFetch } from '@/lib/http/client';

// Tokens of the server's shape (lib/security/xsrf-token.ts), issued `hoursAgo` hours ago.
const tokenOf = (tag: string, hoursAgo = 0) =>
  `${tag.padEnd(22, 'a')}.${Math.floor(Date.now() / 1000 - hoursAgo * 3600).toString(36)}.${'s'.repeat(43)}`;
const current = tokenOf('current');
const fresh = tokenOf('fresh');

describe('siteFetch', () => {
  const calls: [URL | string, RequestInit][] = [];
  const clearCookie = () => {
    document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  };
  beforeEach(() => {
    calls.length = 0;
    document.cookie = `XSRF-TOKEN=${current}; path=/`;
    global.fetch = jest.fn(async (url: URL | string, init: RequestInit) => {
      calls.push([url, init]);
      // The token endpoint answers with Set-Cookie, which the browser stores.
      if (String(url) === '/api/xsrf') document.cookie = `XSRF-TOKEN=${fresh}; path=/`;
      return { ok: true };
    }) as unknown as typeof fetch;
  });

  it('adds X-XSRF-TOKEN from the cookie to non-GET requests to our own origin', async () => {
    await siteFetch('/api/forms/contactUs', { method: 'POST', body: 'x' });
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]![1].headers).get('X-XSRF-TOKEN')).toBe(current);
  });

  it('leaves GET requests and other origins without the token', async () => {
    await siteFetch('/sitemap.xml');
    await siteFetch('https://elsewhere.example/api', { method: 'POST' });
    expect(new Headers(calls[0]![1].headers).has('X-XSRF-TOKEN')).toBe(false);
    expect(new Headers(calls[1]![1].headers).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('asks the token endpoint once when the page has no cookie yet, then sends the token', async () => {
    clearCookie();
    await Promise.all([
      siteFetch('/api/forms/contactUs', { method: 'POST', body: 'x' }),
      siteFetch('/api/forms/subscribe', { method: 'POST', body: 'y' }),
    ]);
    expect(calls.map(([url]) => String(url))).toEqual([
      '/api/xsrf',
      expect.stringMatching(/\/api\/forms\//),
      expect.stringMatching(/\/api\/forms\//),
    ]);
    expect(calls[0]![1]).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
    expect(calls.slice(1).map(([, init]) => new Headers(init.headers).get('X-XSRF-TOKEN'))).toEqual([fresh, fresh]);
    await siteFetch('/api/forms/contactUs', { method: 'POST', body: 'x' });
    expect(calls.filter(([url]) => String(url) === '/api/xsrf')).toHaveLength(1);
  });

  it.each([
    ['half a day old', tokenOf('old', 12)],
    ['of the shape tokens had before they expired', `${'a'.repeat(22)}.${'b'.repeat(43)}`],
  ])('asks for a new token before posting when the one it holds is %s', async (_, held) => {
    document.cookie = `XSRF-TOKEN=${held}; path=/`;
    await siteFetch('/api/forms/contactUs', { method: 'POST', body: 'x' });
    expect(calls.map(([url]) => String(url))).toEqual(['/api/xsrf', 'http://localhost/api/forms/contactUs']);
    expect(new Headers(calls[1]![1].headers).get('X-XSRF-TOKEN')).toBe(fresh);
  });

  it('still posts (and the server answers with its refusal) when the token endpoint cannot be reached', async () => {
    clearCookie();
    global.fetch = jest.fn(async (url: URL | string, init: RequestInit) => {
      calls.push([url, init]);
      if (String(url) === '/api/xsrf') throw new TypeError('offline');
      return { ok: true };
    }) as unknown as typeof fetch;
    await siteFetch('/api/forms/contactUs', { method: 'POST', body: 'x' });
    expect(calls.map(([url]) => String(url))).toEqual(['/api/xsrf', 'http://localhost/api/forms/contactUs']);
    expect(new Headers(calls[1]![1].headers).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('reads cookies by exact name', () => {
    document.cookie = 'NOT-XSRF-TOKEN=zzz; path=/';
    expect(readCookie('XSRF-TOKEN')).toBe(current);
  });
});
