import { readCookie, siteFetch } from '@/lib/http/client';

describe('siteFetch', () => {
  const calls: [URL, RequestInit][] = [];
  beforeEach(() => {
    calls.length = 0;
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    global.fetch = jest.fn(async (url: URL, init: RequestInit) => {
      calls.push([url, init]);
      return { ok: true };
    }) as unknown as typeof fetch;
  });

  it('adds X-XSRF-TOKEN from the cookie to non-GET requests to our own origin', async () => {
    await siteFetch('/api/forms/contactUs', { method: 'POST', body: 'x' });
    expect(new Headers(calls[0]![1].headers).get('X-XSRF-TOKEN')).toBe('abc123');
  });

  it('leaves GET requests and other origins without the token', async () => {
    await siteFetch('/sitemap.xml');
    await siteFetch('https://elsewhere.example/api', { method: 'POST' });
    expect(new Headers(calls[0]![1].headers).has('X-XSRF-TOKEN')).toBe(false);
    expect(new Headers(calls[1]![1].headers).has('X-XSRF-TOKEN')).toBe(false);
  });

  it('reads cookies by exact name', () => {
    document.cookie = 'NOT-XSRF-TOKEN=zzz; path=/';
    expect(readCookie('XSRF-TOKEN')).toBe('abc123');
  });
});
