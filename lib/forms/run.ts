import { config } from '@/lib/config';
import { site } from '@/lib/content';
import { newsletterWelcome, type MailContext } from '@/lib/mail/compose';
import { kickOutbox } from '@/lib/mail/worker';
import { localNewsletter, mailchimpNewsletter, type NewsletterProvider } from '@/lib/newsletter';
import { createRateLimiter, type RateLimiter } from '@/lib/security/rate-limit';
import type { RequestMeta } from '@/lib/security/xsrf';
import { getStore } from '@/lib/storage';

import { contactForm, enrolForm, eventForm, newsletterForm, offerForm, type FormDefinition } from './forms';
import type { FormState } from './state';
import { processSubmission } from './submit';

// The five forms under the spec's operation names (docs/product.md §7), reached by the server actions
// (no JavaScript) and by POST /api/forms/{operation} (with JavaScript).
export const formsByOperation: Record<FormDefinition['id'], FormDefinition> = {
  enrol: enrolForm,
  contactUs: contactForm,
  subscribe: newsletterForm,
  registerEvent: eventForm,
  registerOffer: offerForm,
};

export type FormOperation = keyof typeof formsByOperation;

export function isFormOperation(value: string): value is FormOperation {
  return Object.hasOwn(formsByOperation, value);
}

let limiter: RateLimiter | undefined;
let newsletter: NewsletterProvider | undefined;

export async function runForm(operation: FormOperation, formData: FormData, meta: RequestMeta): Promise<FormState> {
  const settings = config();
  limiter ??= createRateLimiter(settings.rateLimitPerMinute);
  const mail: MailContext = { staff: settings.mail.staff, siteUrl: settings.siteUrl, siteName: site.name };
  newsletter ??=
    settings.newsletter.kind === 'mailchimp'
      ? mailchimpNewsletter(settings.newsletter.subscribeUrl)
      : localNewsletter(getStore, (name, email) => newsletterWelcome({ name, email }, mail));
  const state = await processSubmission(formsByOperation[operation], formData, {
    meta,
    recaptcha: settings.recaptcha,
    rateLimiter: limiter,
    now: Date.now,
    store: getStore,
    mail: () => mail,
    newsletter: () => newsletter!,
    log: (message, detail) => console.warn(`[forms] ${message}`, detail ?? ''),
  });
  // New messages are in the outbox: send them now rather than at the next poll.
  if (state.status === 'success') kickOutbox();
  return state;
}
