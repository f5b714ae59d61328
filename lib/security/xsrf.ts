import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { config } from '@/lib/config';
import { singleton } from '@/lib/singletons';

import { serverSecret } from './server-secret';
import { XSRF_HEADER, XSRF_TOKEN_LIFETIME_S, xsrfCookieName, xsrfTokenAge } from './xsrf-token';

export interface RequestMeta {
  headers: Headers;
  cookie(name: string): string | undefined;
  // The client's address as lib/security/client-address.ts found it (the rate limit's key).
  address: string;
}

// The key that signs tokens: XSRF_SECRET when set (several instances must share one), else one kept
// in DATA_DIR, so tokens outlive a restart.
const signingKey = () =>
  singleton('xsrfKey', () => Buffer.from(serverSecret('xsrf-secret', config().xsrfSecret, config().dataDir)));

function sign(random: string, key: Buffer): string {
  return createHmac('sha256', key).update(random).digest('base64url');
}

// A fresh token: 128 random bits, the time, and their signature.
export function issueXsrfToken(key: Buffer = signingKey(), now = Date.now()): string {
  const body = `${randomBytes(16).toString('base64url')}.${Math.floor(now / 1000).toString(36)}`;
  return `${body}.${sign(body, key)}`;
}

// Whether this server issued `token` less than a day ago: a planted value of any other shape or
// signature is refused, so a cookie and header pair the attacker merely made equal is not enough, and a
// token that leaked is good for a day at most. (A minute of clock difference between instances is allowed.)
export function isOurXsrfToken(token: string, key: Buffer = signingKey(), now = Date.now()): boolean {
  const age = xsrfTokenAge(token, now);
  if (age === null || age < -60 || age >= XSRF_TOKEN_LIFETIME_S) return false;
  const cut = token.lastIndexOf('.');
  return same(token.slice(cut + 1), sign(token.slice(0, cut), key));
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// Whether the request arrived over HTTPS. Next serves plain HTTP, so only a configured proxy in front
// (TRUSTED_PROXY_HOPS) can say so, in X-Forwarded-Proto; a client's own header is not believed.
export function isHttps(headers: Headers): boolean {
  return config().trustedProxy.trustedHops > 0 && headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

// The host the browser asked for: X-Forwarded-Host only from a trusted proxy (one that rewrites Host to
// its upstream's name puts the public host there), else Host. With no proxy trusted, a client's own
// X-Forwarded-Host is never read (the HTTP intake drops it too, so Next's server-action check agrees).
export function requestHost(headers: Headers): string {
  const forwarded = config().trustedProxy.trustedHops > 0 ? headers.get('x-forwarded-host') : null;
  return (forwarded ?? headers.get('host') ?? '').split(',')[0]!.trim();
}

// Whether the browser says the request came from a page of another origin: Sec-Fetch-Site other
// than same-origin (a page on another port of this host is same-site), or an Origin that is not ours
// ("null" and values that are not URLs included). The host is compared as sent, as Next compares it
// before a server action: a post Next would refuse with an error in the log is refused here first.
// Never throws.
export function fromOtherOrigin(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return true;
  const origin = headers.get('origin');
  if (origin === null) return false;
  const host = requestHost(headers);
  return !host || !URL.canParse(origin) || new URL(origin).host !== host;
}

// docs/product.md §10 "XSRF without JavaScript". A post is refused whenever the browser says it came
// from anywhere but our own origin: Sec-Fetch-Site other than same-origin (a page on another port of
// this host is same-site, not same-origin), or an Origin that is not ours ("null", not a URL). A token,
// when sent, must be one we issued and equal the cookie. A post with no token (no JavaScript) needs a
// browser that positively showed it came from our pages.
export function checkXsrf(meta: RequestMeta): boolean {
  const { headers } = meta;
  if (fromOtherOrigin(headers)) return false;

  const presented = headers.get(XSRF_HEADER);
  if (presented) {
    const cookie = meta.cookie(xsrfCookieName(isHttps(headers)));
    return cookie !== undefined && same(cookie, presented) && isOurXsrfToken(presented);
  }
  return headers.get('sec-fetch-site') === 'same-origin' || headers.get('origin') !== null;
}
