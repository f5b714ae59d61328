import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/security/xsrf-token';

// Browser helpers for talking to our own server (docs/product.md §7's generic HTTP client).
export function readCookie(name: string): string | undefined {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name.replace(/[-.]/g, '\\$&')}=([^;]*)`));
  return match ? decodeURIComponent(match[1]!) : undefined;
}

// fetch that adds the X-XSRF-TOKEN header, taken from the XSRF-TOKEN cookie, to every non-GET
// request to our own origin.
export function siteFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input, window.location.href);
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  const token = readCookie(XSRF_COOKIE);
  if (method !== 'GET' && method !== 'HEAD' && url.origin === window.location.origin && token) {
    headers.set(XSRF_HEADER, token);
  }
  return fetch(url, { ...init, headers, credentials: 'same-origin' });
}
