import { localePath, toLang, type Lang } from '@/lib/i18n';
import { takeRouteAllowance, tooManyRequests } from '@/lib/security/route-limits';
import { fromOtherOrigin } from '@/lib/security/xsrf';
import { CROSS_ORIGIN_MESSAGE } from '@/lib/security/xsrf-token';

import type { DoubleOptInNewsletter } from '.';

// The HTTP side of confirming and unsubscribing, without JavaScript: the pages hold a plain form that
// POSTs here, and the answer is a 303 to the page's result. A GET never changes anything, because
// mail scanners open links. Whatever a client sends gets a 3xx or 4xx; only a store failure is a 5xx.
const see = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

// The posted form (null for a body that is not one), the token, from the form or the query, and the
// language of the page to answer with (the pages post a hidden `lang`; the one-click link names it in
// its query). Anything but a known language is English.
async function read(request: Request): Promise<{ form: FormData | null; token: string | null; lang: Lang }> {
  const form = await request.formData().catch(() => null);
  const query = new URL(request.url).searchParams;
  const field = form?.get('t');
  const lang = form?.get('lang') ?? query.get('lang');
  return {
    form,
    token: typeof field === 'string' ? field : query.get('t'),
    lang: toLang(lang),
  };
}

// The confirmation button is a form of our own page, so its post is held to the forms' rule
// (lib/security/xsrf.ts without a token): a browser must show it came from our origin. (Unsubscribing
// is not: RFC 8058's one-click post comes from mail programs, which send neither header.)
export async function confirmPost(request: Request, list: DoubleOptInNewsletter, now: number): Promise<Response> {
  const { headers } = request;
  if (fromOtherOrigin(headers) || (headers.get('sec-fetch-site') === null && headers.get('origin') === null)) {
    return new Response(CROSS_ORIGIN_MESSAGE, {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const { token, lang } = await read(request);
  const result = await list.confirm(token, now);
  return see(`${localePath(lang, '/newsletter/confirm')}?result=${result}`);
}

// RFC 8058: a mail program POSTs 'List-Unsubscribe=One-Click' to the List-Unsubscribe URL and reads
// only the status; the page's form posts the token and is sent on to the result.
export async function unsubscribePost(request: Request, list: DoubleOptInNewsletter, now: number): Promise<Response> {
  const { form, token, lang } = await read(request);
  // Per client (lib/security/route-limits.ts): a mail program reads the 429 and tries again later.
  const allowed = await takeRouteAllowance('unsubscribe', request.headers);
  if (!allowed.ok) return tooManyRequests(lang, allowed.retryAfterSeconds);
  const result = await list.unsubscribe(token, now);
  if (form?.get('List-Unsubscribe') === 'One-Click') {
    return new Response(result === 'unsubscribed' ? 'Unsubscribed\n' : 'This link is not valid\n', {
      status: result === 'unsubscribed' ? 200 : 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return see(`${localePath(lang, '/newsletter/unsubscribe')}?result=${result}`);
}

// The one-click URL opened in a browser: the page with the button, which asks before acting.
export function unsubscribeGet(request: Request): Response {
  const query = new URL(request.url).searchParams;
  const token = query.get('t') ?? '';
  return see(`${localePath(toLang(query.get('lang')), '/newsletter/unsubscribe')}?t=${encodeURIComponent(token)}`);
}
