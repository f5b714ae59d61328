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
