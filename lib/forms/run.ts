import { config } from '@/lib/config';
import { localNewsletter, mailchimpNewsletter, type NewsletterProvider } from '@/lib/newsletter';
import { createRateLimiter, type RateLimiter } from '@/lib/security/rate-limit';
import type { RequestMeta } from '@/lib/security/xsrf';
import { getStore } from '@/lib/storage';
import { contactForm, enrolForm, eventForm, newsletterForm, offerForm, type FormDefinition } from './forms';
import type { FormState } from './state';
import { processSubmission } from './submit';

// The five forms under the spec's operation names (SPEC.md §7), reached by the server actions
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

export function runForm(operation: FormOperation, formData: FormData, meta: RequestMeta): Promise<FormState> {
  const settings = config();
  limiter ??= createRateLimiter(settings.rateLimitPerMinute);
  newsletter ??=
    settings.newsletter.kind === 'mailchimp' ? mailchimpNewsletter(settings.newsletter.subscribeUrl) : localNewsletter(getStore);
  return processSubmission(formsByOperation[operation], formData, {
    meta,
    recaptcha: settings.recaptcha,
    rateLimiter: limiter,
    now: Date.now,
    store: getStore,
    newsletter: () => newsletter!,
    log: (message, detail) => console.warn(`[forms] ${message}`, detail ?? ''),
  });
}
