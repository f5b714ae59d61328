import { timingSafeEqual } from 'node:crypto';

import { XSRF_COOKIE, XSRF_FIELD, XSRF_HEADER } from './xsrf-token';

export interface RequestMeta {
  headers: Headers;
  cookie(name: string): string | undefined;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// docs/product.md §10 "XSRF without JavaScript": a token presented in the X-XSRF-TOKEN header or the hidden
// field must equal the XSRF-TOKEN cookie. A plain form post (no JavaScript, so no token) is accepted
// only when Fetch Metadata, or where a browser sends none the Origin header, shows it came from our pages.
export function passesXsrfCheck(meta: RequestMeta, formData: FormData): boolean {
  const field = formData.get(XSRF_FIELD);
  const presented = meta.headers.get(XSRF_HEADER) || (typeof field === 'string' && field !== '' ? field : null);
  if (presented !== null) {
    const cookie = meta.cookie(XSRF_COOKIE);
    return cookie !== undefined && same(cookie, presented);
  }
  const site = meta.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = meta.headers.get('origin');
  const host = meta.headers.get('x-forwarded-host') ?? meta.headers.get('host');
  if (!origin || !host || !URL.canParse(origin)) return false;
  return new URL(origin).host === host.split(',')[0]!.trim();
}
