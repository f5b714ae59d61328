// The cross-site request forgery token of docs/product.md §7: a cookie the page's script reads and
// echoes back in the X-XSRF-TOKEN header. Over HTTPS the cookie has the __Host- prefix, so neither a
// sibling subdomain nor a plain-HTTP response can plant one. Shared by the browser and the server.
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const XSRF_ENDPOINT = '/api/xsrf';

export function xsrfCookieName(https: boolean): string {
  return https ? '__Host-XSRF-TOKEN' : 'XSRF-TOKEN';
}

// A random part and its HMAC under the server's secret (lib/security/xsrf.ts), both base64url.
export const XSRF_TOKEN_PATTERN = /^[\w-]{22}\.[\w-]{43}$/;

// Whether the browser says the request came from a page of another origin: Sec-Fetch-Site other
// than same-origin (a page on another port of this host is same-site), or an Origin that is not ours
// ("null" and values that are not URLs included). Never throws.
export function fromOtherOrigin(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return true;
  const origin = headers.get('origin');
  if (origin === null) return false;
  const host = (headers.get('x-forwarded-host') ?? headers.get('host') ?? '').split(',')[0]!.trim().toLowerCase();
  return !host || !URL.canParse(origin) || new URL(origin).host !== host;
}
