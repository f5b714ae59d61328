import { config } from '@/lib/config';
import { BOUNCE_LIMIT } from '@/lib/letters';
import { log } from '@/lib/log';
import {
  mailchimpWebhookGet,
  mailchimpWebhookPost,
  type MailchimpWebhookContext,
} from '@/lib/newsletter/mailchimp-webhook';
import { getStore } from '@/lib/storage';

// Mailchimp's webhook for the audience: POST /api/newsletter/mailchimp?secret=… (docs/security.md,
// "Mailchimp webhook"), and the GET with which Mailchimp checks the address.
export const dynamic = 'force-dynamic';

function context(): MailchimpWebhookContext {
  const { mailchimp } = config();
  const logger = log.child({ component: 'mailchimp-webhook' });
  return {
    store: getStore(),
    secret: mailchimp.webhookSecret,
    listId: mailchimp.listId,
    stopAfter: BOUNCE_LIMIT,
    now: Date.now,
    log: (level, message, fields = {}) => logger[level](fields, message),
  };
}

export function GET(request: Request) {
  return mailchimpWebhookGet(context(), request);
}

export function POST(request: Request) {
  return mailchimpWebhookPost(context(), request);
}
