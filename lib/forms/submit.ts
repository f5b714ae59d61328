import * as z from 'zod/mini';

import { verifyBotToken } from '@/lib/bot-check';
import { kickOutbox } from '@/lib/mail/worker';
import { NewsletterUnavailable, providerMessage } from '@/lib/newsletter';
import { clientAddress } from '@/lib/security/rate-limit';
import { passesXsrfCheck, type RequestMeta } from '@/lib/security/xsrf';
import { isStoreTimeout, type RecordData } from '@/lib/storage/types';

import { fieldNames, forms, type Form, type FormOperation } from './registry';
import type { NewsletterInput } from './schemas';
import { formServices, type FormServices } from './services';
import { BOT_TOKEN_FIELD, HONEYPOT_FIELD, type FieldErrors, type FormState } from './state';

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

function readFields(formData: FormData, names: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = formData.get(name);
    if (typeof value === 'string') values[name] = value.slice(0, 10_000);
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

// Every form submission, with or without JavaScript, in the order it is checked: where it came from,
// what it says, the honeypot, the rate limit, the bot check; then the one write, and the answer, which
// is a success only once the record is stored.
export async function submitForm(
  operation: FormOperation,
  formData: FormData,
  request: RequestMeta,
  services: FormServices = formServices(),
): Promise<FormState> {
  const form: Form = forms[operation];
  const values = readFields(formData, fieldNames(form));
  const { log } = services;

  if (!passesXsrfCheck(request, formData)) {
    log(`${operation}: refused, XSRF check failed`);
    return { status: 'error', message: messages.xsrf, values };
  }

  const parsed = z.safeParse(form.schema, values);

  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === 'string' && honeypot !== '') {
    log(`${operation}: honeypot filled, dropped`);
    // Answered as a person would be, so the bot learns nothing; nothing is stored or sent.
    return parsed.success ? form.answer(parsed.data as NewsletterInput) : { status: 'success', message: 'Thank you' };
  }

  const allowed = services.rateLimiter.take(`${clientAddress(request.headers)}|${operation}`);
  if (!allowed.ok) return { status: 'error', message: messages.rateLimited(allowed.retryAfterSeconds), values };

  if (!parsed.success) return { status: 'error', message: messages.invalid, errors: firstErrors(parsed.error), values };

  const token = formData.get(BOT_TOKEN_FIELD);
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? '';
  const bot = await verifyBotToken(services.recaptcha, typeof token === 'string' && token ? token : null, host);
  if (bot.verdict === 'failed') {
    log(`${operation}: bot check failed (${bot.reason})`);
    return { status: 'error', message: messages.botFailed, values };
  }
  const flags: RecordData = {};
  if (bot.verdict === 'unavailable' || bot.verdict === 'no-token') {
    // Accepted, but flagged for staff: an outage of the bot check never loses a sign-up.
    flags.botCheck = bot.verdict;
    if (bot.verdict === 'unavailable') log(`${operation}: bot check unavailable, accepted unverified (${bot.reason})`);
  }

  let state: FormState;
  try {
    if (form.kind === 'subscription') {
      state = await subscribe(form, parsed.data as NewsletterInput, services, values);
    } else {
      const input = parsed.data;
      await services.store.add(
        form.collection,
        { ...form.record(input), date: services.now(), ...flags },
        { messages: form.messages(input, services.mail) },
      );
      state = form.answer(input);
    }
  } catch (error) {
    log(`${operation}: could not store the submission`, error);
    return { status: 'error', message: isStoreTimeout(error) ? messages.notConfirmed : messages.notStored, values };
  }
  // Its messages are in the outbox: send them now rather than at the next poll.
  if (state.status === 'success') kickOutbox();
  return state;
}

// The newsletter hands the subscriber to its provider: the local list (which stores them) or Mailchimp.
async function subscribe(
  form: Extract<Form, { kind: 'subscription' }>,
  input: NewsletterInput,
  services: FormServices,
  values: Record<string, string>,
): Promise<FormState> {
  let answer;
  try {
    answer = await services.newsletter.subscribe(input.name, input.email, services.now());
  } catch (error) {
    if (!(error instanceof NewsletterUnavailable)) throw error;
    // docs/product.md §8: a network or HTTP failure shows 'Try again' and is logged.
    services.log('newsletter provider unavailable', error.message);
    return { status: 'error', message: 'Try again', values };
  }
  if (answer.result === undefined || answer.result === 'error') {
    return { status: 'error', message: providerMessage(answer.msg) || 'Try again', values };
  }
  return form.answer(input);
}
