// The cross-site request forgery token of docs/product.md §7: a cookie the page's script reads and
// echoes back in the X-XSRF-TOKEN header. Over HTTPS the cookie has the __Host- prefix, so neither a
// sibling subdomain nor a plain-HTTP response can plant one. Shared by the browser and the server.
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const XSRF_ENDPOINT = '/api/xsrf';

export function xsrfCookieName(https: boolean): string {
  return https ? '__Host-XSRF-TOKEN' : 'XSRF-TOKEN';
}

// A random part, the second it was issued (base 36) and the HMAC of both under the server's secret
// (lib/security/xsrf.ts).
export const XSRF_TOKEN_PATTERN = /^[\w-]{22}\.[\da-z]{1,9}\.[\w-]{43}$/;

// The server takes a token for a day. The browser keeps the cookie half that long, and the page's script
// asks for a new one once the token it holds is that old, so the token a visitor posts always has hours
// left: a visitor coming back the next day gets a fresh one before posting, never a refusal.
export const XSRF_TOKEN_LIFETIME_S = 24 * 60 * 60;
export const XSRF_COOKIE_MAX_AGE_S = XSRF_TOKEN_LIFETIME_S / 2;

// Seconds since the token was issued, by the token's own word (its signature is checked by the server).
export function xsrfTokenAge(token: string, nowMs: number): number | null {
  if (!XSRF_TOKEN_PATTERN.test(token)) return null;
  return Math.floor(nowMs / 1000) - parseInt(token.split('.')[1]!, 36);
}

// Whether a token is of the current shape and young enough to keep using (the browser's check).
export function isFreshXsrfToken(token: string, nowMs: number): boolean {
  const age = xsrfTokenAge(token, nowMs);
  return age !== null && age < XSRF_COOKIE_MAX_AGE_S;
}

export const CROSS_ORIGIN_MESSAGE =
  'This form did not come from our site. Open the page on our site and send it again.';
