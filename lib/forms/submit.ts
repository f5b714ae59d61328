import * as z from 'zod/mini';

import { verifyBotToken, type RecaptchaSettings } from '@/lib/bot-check';
import { clientAddress, type RateLimiter } from '@/lib/security/rate-limit';
import { passesXsrfCheck, type RequestMeta } from '@/lib/security/xsrf';
import { isStoreTimeout, type RecordData, type Store } from '@/lib/storage';

import type { FormDefinition, FormServices } from './forms';
import { BOT_TOKEN_FIELD, HONEYPOT_FIELD, type FieldErrors, type FormState } from './state';

export interface SubmissionContext extends FormServices {
  meta: RequestMeta;
  recaptcha: RecaptchaSettings | null;
  rateLimiter: RateLimiter;
  now: () => number;
}

export const messages = {
  xsrf: 'This form has expired or did not come from our site. Reload the page and send it again.',
  rateLimited: (seconds: number) =>
    `Too many attempts from your connection. Please wait ${seconds} seconds and try again.`,
  invalid: 'Please correct the fields marked below.',
  botFailed: 'We could not confirm that you are a person. Please wait a moment and send the form again.',
  notStored: 'We could not save your submission and nothing was stored. Please try again in a moment.',
  notConfirmed:
    'Saving your submission is taking too long, so we cannot confirm it arrived. Please try again in a few minutes.',
};

function strings(formData: FormData, fields: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = formData.get(field);
    if (typeof value === 'string') values[field] = value.slice(0, 10_000);
  }
  return values;
}

function firstErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

// Every form submission, with or without JavaScript: check where it came from, drop bots quietly,
// limit the rate, validate, verify the bot check, and answer success only once the record is stored.
export async function processSubmission(
  form: FormDefinition,
  formData: FormData,
  context: SubmissionContext,
): Promise<FormState> {
  const values = strings(formData, form.fields);

  if (!passesXsrfCheck(context.meta, formData)) {
    context.log(`${form.id}: refused, XSRF check failed`);
    return { status: 'error', message: messages.xsrf, values };
  }

  const parsed = z.safeParse(form.schema, values);
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === 'string' && honeypot !== '') {
    context.log(`${form.id}: honeypot filled, dropped`);
    // Answer as a real submission would, so the bot learns nothing.
    return parsed.success
      ? form.accept(
          parsed.data,
          context.now(),
          {},
          { ...context, store: () => dropStore, newsletter: () => dropNewsletter },
        )
      : { status: 'success', message: 'Thank you' };
  }

  const allowed = context.rateLimiter.take(`${clientAddress(context.meta.headers)}|${form.id}`);
  if (!allowed.ok) return { status: 'error', message: messages.rateLimited(allowed.retryAfterSeconds), values };

  if (!parsed.success) return { status: 'error', message: messages.invalid, errors: firstErrors(parsed.error), values };

  const token = formData.get(BOT_TOKEN_FIELD);
  const host = context.meta.headers.get('x-forwarded-host') ?? context.meta.headers.get('host') ?? '';
  const bot = await verifyBotToken(context.recaptcha, typeof token === 'string' && token ? token : null, host);
  if (bot.verdict === 'failed') {
    context.log(`${form.id}: bot check failed (${bot.reason})`);
    return { status: 'error', message: messages.botFailed, values };
  }
  const extra: RecordData = {};
  if (bot.verdict === 'unavailable' || bot.verdict === 'no-token') {
    // Accepted, but flagged for staff: an outage of the bot check never loses a sign-up.
    extra.botCheck = bot.verdict;
    if (bot.verdict === 'unavailable')
      context.log(`${form.id}: bot check unavailable, accepted unverified (${bot.reason})`);
  }

  try {
    return await form.accept(parsed.data, context.now(), extra, context);
  } catch (error) {
    context.log(`${form.id}: could not store the submission`, error);
    return { status: 'error', message: isStoreTimeout(error) ? messages.notConfirmed : messages.notStored, values };
  }
}

// What a bot's submission is "stored" in: nothing.
const dropStore: Store = {
  kind: 'sqlite',
  add: async () => ({ id: 'dropped' }),
  list: async () => [],
  claimMessages: async () => [],
  markSent: async () => {},
  markAttemptFailed: async () => {},
  releaseMessages: async () => {},
  retryWaitingNow: async () => 0,
  outboxCounts: async () => ({ pending: 0, sent: 0, failed: 0 }),
  findEmail: async () => ({ records: [], messages: [] }),
  forgetEmail: async () => ({ records: [], messages: [] }),
  getSubscriber: async () => null,
  updateSubscriber: async () => false,
  purgeRecords: async () => 0,
  clearSentBodies: async () => 0,
  claimJob: async () => false,
  hasJob: async () => false,
  lastJob: async () => null,
  ping: async () => {},
  close: async () => {},
};
const dropNewsletter = {
  kind: 'local' as const,
  subscribe: async () => ({ result: 'success', msg: '' }),
};
