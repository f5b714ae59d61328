import { config } from '@/lib/config';
import { locales, type Lang } from '@/lib/i18n';
import { singleton } from '@/lib/singletons';
import { formTexts } from '@/messages/forms';

import { requestAddress } from './client-address';
import { createRateLimiter, type RateLimiter, type Taken } from './rate-limit';
import { createSharedRateLimiter, type AsyncRateLimiter } from './shared-limits';

// The per-client limits of the routes a stranger can reach without a form (docs/security.md, "Links
// and the webhook"): the pay link and the return page, which may ask the payment provider; the places'
// buttons; the one-click unsubscribe; the payment webhook. Each allowance is far above what a person,
// a mail provider's servers or the payment provider ever send in a minute from one address, and grows
// with RATE_LIMIT_PER_MINUTE above its default (so a server given a high one for a load test or a drill
// is not held back here either). The pay link's is counted across instances where the store is shared,
// like the forms' limit (shared-limits.ts): it is the one that makes the site ask the provider. The
// others guard each process and are counted per instance.
export type LimitedRoute = 'pay' | 'places' | 'unsubscribe' | 'webhook' | 'verify';

const PER_MINUTE: Record<LimitedRoute, number> = {
  // A visitor opens a pay link or comes back from the provider a few times; a class behind one address
  // paying at once, a few dozen.
  pay: 60,
  // Giving a place back or taking one offered: a click or two.
  places: 30,
  // RFC 8058 one-click posts come from mail providers' servers, one address for many subscribers.
  unsubscribe: 300,
  // One delivery per payment event, from a few addresses of the provider's: refused ones are answered
  // 429, which the provider delivers again later (Paystack: for 72 hours).
  webhook: 1200,
  // An employer checks a certificate or two; a school checking a class's, a few dozen. Guessing codes
  // (80 bits) at this pace would take longer than the universe has existed.
  verify: 60,
};
// RATE_LIMIT_PER_MINUTE's default (lib/config.ts).
const FORMS_DEFAULT = 5;

export function routeAllowance(route: LimitedRoute, formsPerMinute: number): number {
  return Math.round(PER_MINUTE[route] * Math.max(1, formsPerMinute / FORMS_DEFAULT));
}

const SHARED: LimitedRoute[] = ['pay'];

function limiter(route: LimitedRoute): RateLimiter | AsyncRateLimiter {
  const allowance = routeAllowance(route, config().rateLimitPerMinute);
  return singleton(`routeLimit.${route}`, () =>
    SHARED.includes(route) ? createSharedRateLimiter(`route.${route}`, allowance) : createRateLimiter(allowance),
  );
}

// Takes one request of the client's allowance on `route`: the seconds to wait when it is used up.
export async function takeRouteAllowance(route: LimitedRoute, headers: Headers): Promise<Taken> {
  return limiter(route).take(requestAddress(headers));
}

// The payment webhook's refusal when its sender has used up its allowance, else null: a 429, which the
// provider delivers again later (Paystack: for 72 hours), and one log line per sender and minute, not
// one per refused delivery.
export async function deliveriesRefused(headers: Headers, log: (message: string) => void): Promise<Response | null> {
  const allowed = await takeRouteAllowance('webhook', headers);
  if (allowed.ok) return null;
  if (singleton('routeLimit.webhook.noted', () => createRateLimiter(1)).take(requestAddress(headers)).ok) {
    const allowance = routeAllowance('webhook', config().rateLimitPerMinute);
    log(`refused: more than ${allowance} deliveries from one address this minute (answered 429)`);
  }
  return new Response('Too many deliveries from this address: deliver it again later.\n', {
    status: 429,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(allowed.retryAfterSeconds),
    },
  });
}

// The refusal, in the visitor's language: the forms' own words.
export function tooManyRequests(lang: Lang, retryAfterSeconds: number): Response {
  return new Response(`${formTexts[lang].answers.rateLimited(retryAfterSeconds)}\n`, {
    status: 429,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-language': locales[lang].htmlLang,
      'cache-control': 'no-store',
      'retry-after': String(retryAfterSeconds),
    },
  });
}
