import { verifyBotToken, type RecaptchaSettings } from '@/lib/bot-check';
import { config } from '@/lib/config';
import { formAnswerPage } from '@/lib/forms/answer-page';
import { BOT_TOKEN_FIELD, HONEYPOT_FIELD, LANG_FIELD, type FieldErrors } from '@/lib/forms/state';
import { readFormBody } from '@/lib/http/read-body';
import { localePath, localeUrl, toLang, type Lang } from '@/lib/i18n';
import { kickOutbox } from '@/lib/mail/worker';
import { SUBUNITS } from '@/lib/payments';
import { requestAddress } from '@/lib/security/client-address';
import type { Taken } from '@/lib/security/rate-limit';
import { createSharedRateLimiter } from '@/lib/security/shared-limits';
import { checkXsrf } from '@/lib/security/xsrf';
import { singleton } from '@/lib/singletons';
import type { GiftEntry } from '@/lib/storage';
import { formTexts } from '@/messages/forms';
import { giftTexts } from '@/messages/gifts';

import type { GiftContext } from './context';
import { giftReference, giverKey, newGiftId } from './links';
import { formatGift, giftBounds, isGiftCurrency, readAmount, SUGGESTED, type GiftCurrency } from './money';

// A gift from /donate (docs/product.md §15): a plain form post, with or without JavaScript, checked as
// every form is (lib/forms/submit.ts), in the same order: where it came from, the rate limit (the forms'
// own, under the operation 'give'), what it says, the honeypot, the bot check. Then the pledge is stored
// and the giver is given the link to the provider's page: a gift once as one transaction, a monthly
// gift as a transaction on a plan of its own, which the provider turns into a subscription once paid.
export interface GiveServices {
  // The forms' own limiter (lib/forms/services.ts: one singleton, counted across instances on Firestore).
  rateLimiter: { take(key: string): Taken | Promise<Taken> };
  recaptcha: RecaptchaSettings | null;
}

export function giveServices(): GiveServices {
  const settings = config();
  return {
    rateLimiter: singleton('rateLimiter', () => createSharedRateLimiter('forms', settings.rateLimitPerMinute)),
    recaptcha: settings.recaptcha,
  };
}

export interface GiftInput {
  currency: GiftCurrency;
  amount: number;
  frequency: 'once' | 'monthly';
  email: string;
  name: string;
  message: string;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

// What the form says, or the fields it gets wrong, in the page's language.
export function readGift(form: FormData, lang: Lang): { input: GiftInput } | { errors: FieldErrors } {
  const t = giftTexts[lang];
  const errors: FieldErrors = {};
  const currency = field(form, 'currency');
  const chosen = isGiftCurrency(currency) ? currency : null;
  const choice = field(form, 'amount');
  let units: number | null = null;
  if (chosen) {
    const suggested = Number(choice);
    units = SUGGESTED[chosen].includes(suggested) ? suggested : readAmount(field(form, 'other').slice(0, 40));
    const { min, max } = giftBounds(chosen);
    if (units === null || units < min || units > max) {
      const bound = (value: number) => formatGift(value * SUBUNITS, chosen, lang);
      errors.amount = t.badAmount(bound(min), bound(max));
    }
  } else {
    errors.amount = t.badAmount('', '');
  }
  const frequency = field(form, 'frequency');
  if (frequency !== 'once' && frequency !== 'monthly') errors.frequency = formTexts[lang].answers.invalid;
  const email = field(form, 'email').trim();
  if (email.length > 254 || !EMAIL.test(email)) errors.email = t.badEmail;
  const name = field(form, 'name').trim();
  const message = field(form, 'message').trim();
  if (name.length > 100 || CONTROL.test(name)) errors.name = formTexts[lang].answers.invalid;
  if (message.length > 500 || CONTROL.test(message)) errors.message = t.badMessage;
  if (Object.keys(errors).length > 0 || !chosen || units === null) return { errors };
  return {
    input: {
      currency: chosen,
      amount: Math.round(units * SUBUNITS),
      frequency: frequency as GiftInput['frequency'],
      email,
      name,
      message,
    },
  };
}

// The gift as it will be charged, and the way on to the provider's page: a link, not a redirect, since
// the site's Content-Security-Policy lets a form lead only to the site itself (form-action 'self').
function ready(input: GiftInput, lang: Lang, href: string, page: string): Response {
  const t = giftTexts[lang];
  const amount = formatGift(input.amount, input.currency, lang);
  return formAnswerPage(
    {
      status: 'success',
      message: input.frequency === 'monthly' ? t.readyMonthly(amount) : t.readyOnce(amount),
      detail: t.onPaystack,
      link: { href, label: t.toPaystack },
    },
    lang,
    page,
  );
}

export async function give(
  ctx: GiftContext,
  request: Request,
  services: GiveServices = giveServices(),
): Promise<Response> {
  const body = await readFormBody(request);
  if (!body.ok) return new Response(`${body.message}\n`, { status: body.status });
  const form = body.formData;
  const lang = toLang(form.get(LANG_FIELD));
  const words = formTexts[lang].answers;
  const currency = field(form, 'currency');
  const page = localePath(lang, isGiftCurrency(currency) ? `/donate/${currency.toLowerCase()}` : '/donate');
  const refuse = (message: string, errors?: FieldErrors, status = 400) => {
    const answer = formAnswerPage({ status: 'error', message, ...(errors ? { errors } : {}) }, lang, page);
    return status === 400 ? answer : new Response(answer.body, { status, headers: answer.headers });
  };
  const headers = request.headers;
  const cookies = new Map(
    (headers.get('cookie') ?? '').split(/;\s*/).map((pair) => [pair.split('=')[0]!, pair.slice(pair.indexOf('=') + 1)]),
  );
  const meta = { headers, cookie: (name: string) => cookies.get(name), address: requestAddress(headers) };
  if (!checkXsrf(meta)) {
    ctx.log('warn', 'give: refused, XSRF check failed');
    return refuse(words.xsrf, undefined, 403);
  }
  const allowed = await services.rateLimiter.take(`${meta.address}|give`);
  if (!allowed.ok) return refuse(words.rateLimited(allowed.retryAfterSeconds), undefined, 429);

  const read = readGift(form, lang);
  if ('errors' in read) return refuse(words.invalid, read.errors);
  const { input } = read;

  // A bot that filled the hidden field gets the page a person gets; nothing is stored or charged.
  if (field(form, HONEYPOT_FIELD) !== '') {
    ctx.log('info', 'give: honeypot filled, nothing stored');
    return ready(input, lang, localePath(lang, '/donate/thanks'), page);
  }
  const token = field(form, BOT_TOKEN_FIELD);
  const bot = await verifyBotToken(services.recaptcha, token || null, headers.get('host') ?? '');
  if (bot.verdict === 'failed') {
    ctx.log('warn', `give: bot check failed (${bot.reason})`);
    return refuse(words.botFailed);
  }

  const unavailable = () => refuse(giftTexts[lang].unavailable, undefined, 503);
  const { provider } = ctx;
  if (!provider || (input.frequency === 'monthly' && !provider.subscriptions)) return unavailable();
  const giftId = newGiftId();
  const reference = giftReference(ctx.secret, giftId);
  try {
    const planCode =
      input.frequency === 'monthly'
        ? await provider.subscriptions!.createPlan({
            name: `Baobab Data monthly gift ${giftId.slice(0, 8)}`,
            amount: input.amount,
            currency: input.currency,
          })
        : null;
    const pledge: GiftEntry = {
      key: `gift:${giftId}`,
      giftId,
      kind: 'pledge',
      at: ctx.now(),
      email: giverKey(input.email),
      name: input.name,
      message: input.message,
      lang,
      frequency: input.frequency,
      amount: input.amount,
      currency: input.currency,
      reference,
      planCode,
      ...(bot.verdict === 'unavailable' || bot.verdict === 'no-token' ? { botCheck: bot.verdict } : {}),
    };
    await ctx.store.recordGift(pledge);
    const { url } = await provider.initialise({
      reference,
      amount: input.amount,
      currency: input.currency,
      email: input.email,
      callbackUrl: localeUrl(ctx.siteUrl, lang, '/donate/thanks'),
      metadata: { gift: giftId, frequency: input.frequency },
      ...(planCode ? { plan: planCode } : {}),
    });
    kickOutbox();
    return ready(input, lang, url, page);
  } catch (error) {
    ctx.log('warn', `give: not sent to the provider: ${(error as Error).message}`);
    return unavailable();
  }
}
