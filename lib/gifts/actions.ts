import { formAnswerPage } from '@/lib/forms/answer-page';
import { LANG_FIELD } from '@/lib/forms/state';
import { readFormBody } from '@/lib/http/read-body';
import { localePath, toLang } from '@/lib/i18n';
import { kickOutbox } from '@/lib/mail/worker';
import { takeRouteAllowance, tooManyRequests } from '@/lib/security/route-limits';
import { fromOtherOrigin } from '@/lib/security/xsrf';
import { giftTexts } from '@/messages/gifts';

import { giftContext, type GiftContext } from './context';
import { providerManageLink, stopMyGift, type StopOutcome } from './manage';

// The manage page's two buttons, plain form posts (docs/product.md §15): checked as the forms' posts
// are for where they came from (a browser must show they came from our pages), limited as the pay
// link is, then given to stopMyGift or providerManageLink, whose refusals are 4xx pages in the giver's
// language that change nothing.
const see = (location: string) =>
  new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });

const STATUS: Record<Exclude<StopOutcome, 'stopped' | 'already'>, number> = {
  'bad-link': 403,
  'not-yours': 403,
  'not-monthly': 409,
  'not-started': 409,
  refused: 409,
  unavailable: 503,
};

export async function giftAction(action: string, request: Request, ctx: GiftContext = giftContext('gifts-manage')) {
  if (action !== 'stop' && action !== 'card') return new Response('There is no such action.\n', { status: 404 });
  const body = await readFormBody(request);
  if (!body.ok) return new Response(`${body.message}\n`, { status: body.status });
  const form = body.formData;
  const lang = toLang(form.get(LANG_FIELD));
  const t = giftTexts[lang];
  const allowed = await takeRouteAllowance('pay', request.headers);
  if (!allowed.ok) return tooManyRequests(lang, allowed.retryAfterSeconds);
  const token = form.get('t');
  const manage = `${localePath(lang, '/donate/manage')}?${new URLSearchParams({ t: String(token ?? '') })}`;
  const refuse = (status: number, message: string) => {
    const page = formAnswerPage({ status: 'error', message }, lang, localePath(lang, '/donate'));
    return new Response(page.body, { status, headers: page.headers });
  };
  const headers = request.headers;
  const ours = headers.get('sec-fetch-site') === 'same-origin' || headers.get('origin') !== null;
  if (fromOtherOrigin(headers) || !ours) {
    ctx.log('warn', `gift ${action}: refused, not posted from our pages`);
    return refuse(403, t.manageBadLink);
  }
  const outcome =
    action === 'stop'
      ? await stopMyGift(ctx, token, form.get('gift'))
      : await providerManageLink(ctx, token, form.get('gift'));
  if (typeof outcome === 'object') return see(outcome.url);
  if (outcome === 'stopped' || outcome === 'already') {
    kickOutbox();
    return see(`${manage}&stopped=1`);
  }
  ctx.log('warn', `gift ${action}: refused (${outcome})`);
  return refuse(STATUS[outcome], outcome === 'bad-link' || outcome === 'not-yours' ? t.manageBadLink : t.stopRefused);
}
