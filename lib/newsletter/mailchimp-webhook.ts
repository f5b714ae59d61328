import { createHash, timingSafeEqual } from 'node:crypto';

import { z } from 'zod';

import { readRawBody } from '@/lib/http/read-body';
import { subscriberKey, type RecordStore } from '@/lib/storage';

// Mailchimp's webhook for the audience, /api/newsletter/mailchimp?secret=… (docs/security.md, "Mailchimp
// webhook"): posted server to server, so no origin or XSRF rule applies. Mailchimp signs nothing, so
// the proof is the secret in the address (MAILCHIMP_WEBHOOK_SECRET), compared in constant time; then
// the event must be about the configured audience. Mailchimp checks the address with a GET when it is
// added: that GET, with the secret, is answered 200 and changes nothing.
//
// What it changes in the local list (the subscribers kept from before Mailchimp, or both lists run
// side by side): an `unsubscribe` marks the address unsubscribed, a `cleaned` (Mailchimp gave up on an
// address that bounced or complained) stops it as two permanent refusals would. A repeat changes nothing
// and is acknowledged. Other events (subscribe, profile, upemail, campaign) are acknowledged without a
// change: an address changed in Mailchimp stays as it was here, and staff see the log line. Anything
// else is a 4xx in words and one log line; only a store that fails to commit is a 503, so Mailchimp
// delivers again.

export const MAILCHIMP_WEBHOOK_BODY_LIMIT = 16 * 1024;

export interface MailchimpWebhookContext {
  store: RecordStore;
  // None when the webhook is not configured: every request is then a 404.
  secret: string | null;
  listId: string | null;
  // How many refusals make a stopped address (lib/letters/recipients.ts).
  stopAfter: number;
  now: () => number;
  log: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
}

const answer = (status: number, text: string) =>
  new Response(`${text}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

// Equal secrets, in a time that says nothing of how much of them matched (both are hashed first, so
// their lengths need not agree).
export function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected)) && presented.length === expected.length;
}

const email = z.string().trim().max(320).pipe(z.email());
// The fields of the events the site acts on, as Mailchimp posts them (data[…] keys, form-encoded).
const event = z.object({
  type: z.string().max(40),
  fired_at: z.string().max(40).optional(),
  'data[list_id]': z.string().max(60),
  'data[email]': email.optional(),
});

type Refuse = (status: number, text: string, reason: string, fields?: Record<string, unknown>) => Response;

function checkAddress(ctx: MailchimpWebhookContext, request: Request, refuse: Refuse): Response | null {
  if (!ctx.secret || !ctx.listId) return refuse(404, 'No Mailchimp webhook is set up here.', 'not configured');
  const presented = new URL(request.url).searchParams.get('secret');
  if (presented === null) return refuse(401, 'This webhook address needs its secret.', 'no secret');
  if (!sameSecret(presented, ctx.secret)) return refuse(403, 'This webhook address is not valid.', 'wrong secret');
  return null;
}

function refusal(ctx: MailchimpWebhookContext): Refuse {
  return (status, text, reason, fields = {}) => {
    ctx.log('warn', `Mailchimp webhook refused: ${reason}`, fields);
    return answer(status, text);
  };
}

// Mailchimp's check of the address when the webhook is added.
export function mailchimpWebhookGet(ctx: MailchimpWebhookContext, request: Request): Response {
  return checkAddress(ctx, request, refusal(ctx)) ?? answer(200, 'This is the Mailchimp webhook of this site.');
}

export async function mailchimpWebhookPost(ctx: MailchimpWebhookContext, request: Request): Promise<Response> {
  const refuse = refusal(ctx);
  const bad = checkAddress(ctx, request, refuse);
  if (bad) return bad;
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')) {
    return refuse(415, 'Mailchimp posts a form (application/x-www-form-urlencoded).', 'not a form body');
  }
  const body = await readRawBody(request, MAILCHIMP_WEBHOOK_BODY_LIMIT);
  if (!(body instanceof Uint8Array)) return refuse(body.status, 'The body is too large or unreadable.', body.reason);
  let fields: Record<string, string>;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    fields = Object.fromEntries(new URLSearchParams(text));
  } catch {
    return refuse(400, 'The body is not a form.', 'not UTF-8');
  }
  const parsed = event.safeParse(fields);
  if (!parsed.success) return refuse(400, 'This is not a Mailchimp event.', 'malformed event');
  const { type } = parsed.data;
  const listId = parsed.data['data[list_id]'];
  const logged = { type: type.slice(0, 40), listId: listId.slice(0, 60) };
  if (listId !== ctx.listId) {
    return refuse(422, 'This event is about another audience: nothing changed.', 'another list', logged);
  }
  if (type !== 'unsubscribe' && type !== 'cleaned') {
    if (type === 'upemail') {
      ctx.log(
        'info',
        'Mailchimp webhook: an address was changed in Mailchimp; the local list keeps the old one',
        logged,
      );
    }
    return answer(200, `Nothing to do for ${type}.`);
  }
  const address = parsed.data['data[email]'];
  if (!address) return refuse(400, 'This event names no address.', 'no address', logged);

  try {
    const changed = await apply(ctx, type, subscriberKey(address));
    ctx.log(
      'info',
      `Mailchimp webhook: ${type} ${changed ? 'recorded' : 'already recorded or not on the local list'}`,
      logged,
    );
    return answer(200, changed ? 'Recorded.' : 'Nothing changed.');
  } catch (error) {
    ctx.log(
      'warn',
      `Mailchimp webhook not committed, Mailchimp will deliver it again: ${(error as Error).message}`,
      logged,
    );
    return answer(503, 'Not recorded yet: deliver it again later.');
  }
}

// Whether the local list changed: a repeat, or an address the local list does not have, changes nothing.
async function apply(ctx: MailchimpWebhookContext, type: 'unsubscribe' | 'cleaned', key: string): Promise<boolean> {
  const subscriber = await ctx.store.getSubscriber(key);
  if (!subscriber) return false;
  const now = ctx.now();
  if (type === 'unsubscribe') {
    if (subscriber.data.status === 'unsubscribed') return false;
    return ctx.store.updateSubscriber(key, { status: 'unsubscribed', statusDate: now });
  }
  if (Number(subscriber.data.bounces ?? 0) >= ctx.stopAfter) return false;
  return ctx.store.updateSubscriber(key, { bounces: ctx.stopAfter, bouncedAt: now, stoppedAt: now });
}
