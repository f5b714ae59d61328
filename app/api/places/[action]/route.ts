import { readFormBody } from '@/lib/http/read-body';
import { localePath, toLang } from '@/lib/i18n';
import { cancelPlace, claimPlace } from '@/lib/places';
import { takeRouteAllowance, tooManyRequests } from '@/lib/security/route-limits';
import { fromOtherOrigin } from '@/lib/security/xsrf';
import { CROSS_ORIGIN_MESSAGE } from '@/lib/security/xsrf-token';

export const dynamic = 'force-dynamic';

const plain = (text: string, status: number) =>
  new Response(`${text}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

// The buttons of the places' pages (app/[lang]/places/): give a place back, take one offered. Each is a
// plain form of our own page, held to the forms' rule (a browser must show it came from our origin),
// and answered with a 303 to the page's result in the page's language. Anything a client sends gets a
// 3xx or 4xx.
export async function POST(request: Request, { params }: { params: Promise<{ action: string }> }) {
  const { action } = await params;
  if (action !== 'cancel' && action !== 'claim') return plain('There is no such action.', 404);
  const { headers } = request;
  if (fromOtherOrigin(headers) || (headers.get('sec-fetch-site') === null && headers.get('origin') === null)) {
    return plain(CROSS_ORIGIN_MESSAGE, 403);
  }
  const body = await readFormBody(request);
  if (!body.ok) return plain(body.message, body.status);
  const token = body.formData.get('t');
  const lang = toLang(body.formData.get('lang'));
  const allowed = await takeRouteAllowance('places', headers);
  if (!allowed.ok) return tooManyRequests(lang, allowed.retryAfterSeconds);
  const now = Date.now();
  const result = action === 'cancel' ? await cancelPlace(token, now) : await claimPlace(token, now);
  return new Response(null, {
    status: 303,
    headers: { location: `${localePath(lang, `/places/${action}`)}?result=${result}`, 'cache-control': 'no-store' },
  });
}
