import { isFreshXsrfToken, XSRF_ENDPOINT, XSRF_HEADER, xsrfCookieName } from '@/lib/security/xsrf-token';

// Browser helpers for talking to our own server (docs/product.md §7's generic HTTP client).
export function readCookie(name: string): string | undefined {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name.replace(/[-.]/g, '\\$&')}=([^;]*)`));
  return match ? decodeURIComponent(match[1]!) : undefined;
}

let pendingToken: Promise<void> | undefined;

// The XSRF cookie, asked for when the page has none yet or the one it has is due for renewal (pages
// carry no Set-Cookie, so a CDN can cache them). Concurrent first posts share the one request; a failed request is tried again next time.
async function xsrfToken(): Promise<string | undefined> {
  const name = xsrfCookieName(window.location.protocol === 'https:');
  const current = readCookie(name);
  if (current && isFreshXsrfToken(current, Date.now())) return current;
  pendingToken ??= fetch(XSRF_ENDPOINT, { credentials: 'same-origin', cache: 'no-store' })
    .then(() => undefined)
    .finally(() => {
      pendingToken = undefined;
    });
  await pendingToken.catch(() => undefined);
  return readCookie(name);
}

// fetch that adds the X-XSRF-TOKEN header, taken from the XSRF cookie, to every non-GET request to our
// own origin.
export async function siteFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input, window.location.href);
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (method !== 'GET' && method !== 'HEAD' && url.origin === window.location.origin) {
    const token = await xsrfToken();
    if (token) headers.set(XSRF_HEADER, token);
  }
  return fetch(url, { ...init, headers, credentials: 'same-origin' });
}
