import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { config } from '@/lib/config';
import { singleton } from '@/lib/singletons';

import { serverSecret } from './server-secret';
import { fromOtherOrigin, XSRF_HEADER, XSRF_TOKEN_PATTERN, xsrfCookieName } from './xsrf-token';

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

// A fresh token: 128 random bits and their signature.
export function issueXsrfToken(key: Buffer = signingKey()): string {
  const random = randomBytes(16).toString('base64url');
  return `${random}.${sign(random, key)}`;
}

// Whether this server issued `token`: a planted value of any other shape or signature is refused,
// so a cookie and header pair the attacker merely made equal is not enough.
export function isOurXsrfToken(token: string, key: Buffer = signingKey()): boolean {
  if (!XSRF_TOKEN_PATTERN.test(token)) return false;
  const [random, signature] = token.split('.') as [string, string];
  return same(signature, sign(random, key));
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
