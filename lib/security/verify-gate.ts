import { randomBytes } from 'node:crypto';

import { locales } from '@/lib/i18n';
import { existingSingleton, setSingleton, singleton } from '@/lib/singletons';

import { takeRouteAllowance } from './route-limits';

// A certificate's verification page (/verify/<code>, in each language) gets its status here, in
// proxy.ts, before the page renders: 404 for a code no certificate has, 429 past the client's `verify`
// allowance. A page rendered per request cannot set a status but by notFound(), and Next answers that
// with an empty document its script then fills, which a browser without JavaScript shows blank; so the
// page draws its own words and the proxy gives the status. The allowance is taken here, before the
// store is asked, so the status is no way around it; the page learns the verdict from a request header
// whose name is random per process (a client cannot send it), and takes the allowance itself only when
// the proxy did not (a router prefetch, or no proxy at all).

const HEADER = 'verifyGateHeader';
const LOOKUP = 'certificateKnown';
const PAGE = new RegExp(`^(?:/(?:${Object.keys(locales).join('|')}))?/verify/([^/]+)$`);

// `unknown`: the proxy already found no certificate with the code, so the page need not ask again.
export type VerifyVerdict = { ok: true; unknown?: true } | { ok: false; retryAfterSeconds: number };

export function verifyGateHeader(): string {
  return singleton(HEADER, () => `x-verify-gate-${randomBytes(12).toString('hex')}`);
}

// The server's start names how to tell a known code (lib/certificates reads the store); this folder
// does not import the store.
export function setCertificateLookup(known: ((code: string) => Promise<boolean>) | undefined): void {
  setSingleton(LOOKUP, known);
}

// For proxy.ts: the status a verification page's request gets, if not its own, after writing the
// verdict into `headers` (the request's, as forwarded to the page).
export async function gateVerifyPage(pathname: string, method: string, headers: Headers): Promise<number | null> {
  const name = verifyGateHeader();
  headers.delete(name);
  const code = PAGE.exec(pathname)?.[1];
  if (!code || code.endsWith('.json') || (method !== 'GET' && method !== 'HEAD')) return null;
  if (headers.has('next-router-prefetch')) return null;
  const allowed = await takeRouteAllowance('verify', headers);
  if (!allowed.ok) {
    headers.set(name, `limited ${allowed.retryAfterSeconds}`);
    return 429;
  }
  headers.set(name, 'allowed');
  const known = existingSingleton<(code: string) => Promise<boolean>>(LOOKUP);
  if (!known) return null;
  let value: string | null;
  try {
    value = decodeURIComponent(code);
  } catch {
    value = null;
  }
  if (value !== null && (await known(value))) return null;
  headers.set(name, 'unknown');
  return 404;
}

// For the page: the proxy's verdict, or else its own take of the allowance.
export async function verifyVerdict(headers: Headers): Promise<VerifyVerdict> {
  const said = headers.get(verifyGateHeader());
  if (said === 'allowed') return { ok: true };
  if (said === 'unknown') return { ok: true, unknown: true };
  const limited = /^limited (\d+)$/.exec(said ?? '');
  if (limited) return { ok: false, retryAfterSeconds: Number(limited[1]) };
  return takeRouteAllowance('verify', headers);
}
