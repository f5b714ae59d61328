import { randomUUID } from 'node:crypto';

import * as z from 'zod/mini';

import { verifyBotToken } from '@/lib/bot-check';
import { DAY_MS, HONEYPOT_CAP, HONEYPOT_KEEP_DAYS } from '@/lib/constants';
import { sha256 } from '@/lib/hash';
import { defaultLang, toLang, type Lang } from '@/lib/i18n';
import { confirmationCap } from '@/lib/mail/compose';
import { kickOutbox } from '@/lib/mail/worker';
import { NewsletterUnavailable, providerMessage } from '@/lib/newsletter';
import { newPayment, owesNow, paidElsewhere, payLinkAgain, personOf, storedPayLink } from '@/lib/payments';
import { registrationPlace } from '@/lib/places';
import { checkXsrf, type RequestMeta } from '@/lib/security/xsrf';
import {
  duplicateOf,
  isDuplicateError,
  isFullError,
  isPayable,
  isRegisteredError,
  isStoreTimeout,
  type AddOptions,
  type NewMail,
  type RecordData,
} from '@/lib/storage';
import { formTexts } from '@/messages/forms';

import { fieldNames, forms, type Form, type FormBooking, type FormOperation } from './registry';
import type { NewsletterInput } from './schemas';
import { formServices, type FormServices } from './services';
import {
  BOT_TOKEN_FIELD,
  HONEYPOT_FIELD,
  LANG_FIELD,
  SUBMISSION_KEY_FIELD,
  SUBMISSION_KEY_PATTERN,
  WAITLIST_FIELD,
  type FieldErrors,
  type FormState,
} from './state';

// The server's answers in English (the specification's); messages/forms has them in every language.
export const answers = formTexts[defaultLang].answers;

// The language of the page that posted: each form carries it in a hidden field. Anything but a known
// language is English; it chooses the words of the answer and the mails, and nothing else.
export function postLang(formData: FormData): Lang {
  return toLang(formData.get(LANG_FIELD));
}

function readFields(formData: FormData, names: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = formData.get(name);
    if (typeof value === 'string') values[name] = value.slice(0, 10_000);
  }
  return values;
}

// The page's own key for this submission (state.ts), or null for anything but a well-formed UUID.
export function clientKey(formData: FormData): string | null {
  const value = formData.get(SUBMISSION_KEY_FIELD);
  return typeof value === 'string' && SUBMISSION_KEY_PATTERN.test(value) ? value : null;
}

// Fields the page fills in itself (the item a form is for, in a hidden input): a visitor can neither see
// nor correct them, so an error on one (an offer taken off the site while they filled the form in) is
// the answer's message, not a mark beside a field nobody sees.
const PAGE_FIELDS = ['course', 'event', 'offer'];

function invalidMessage(errors: FieldErrors, invalid: string): string {
  return PAGE_FIELDS.map((field) => errors[field]).find((message) => message !== undefined) ?? invalid;
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
// the rate limit, what it says, the honeypot, the bot check; then the one write, and the answer, which
// is a success only once the record is stored.
export async function submitForm(
  operation: FormOperation,
  formData: FormData,
  request: RequestMeta,
  services: FormServices = formServices(request, operation),
): Promise<FormState> {
  const form: Form = forms[operation];
  const values = readFields(formData, fieldNames(form));
  const { log } = services;
  const lang = postLang(formData);
  const words = formTexts[lang].answers;

  if (!checkXsrf(request)) {
    log(`${operation}: refused, XSRF check failed`);
    return { status: 'error', message: words.xsrf, values };
  }

  const parsed = await z.safeParseAsync(form.schema[lang], values);

  const allowed = await services.rateLimiter.take(`${request.address}|${operation}`);
  if (!allowed.ok) return { status: 'error', message: words.rateLimited(allowed.retryAfterSeconds), values };

  if (!parsed.success) {
    const errors = firstErrors(parsed.error);
    return { status: 'error', message: invalidMessage(errors, words.invalid), errors, values };
  }

  // A registration for what is over is refused before anything else, for people and bots alike.
  const booking = form.kind === 'record' ? form.booking?.(parsed.data, words) : undefined;
  if (booking && services.today() > booking.lastDay) {
    log(`${operation}: refused, registration closed on ${booking.lastDay}`);
    return { status: 'error', message: booking.closed, values };
  }
  const closed = form.kind === 'record' ? form.closed?.(parsed.data, words) : null;
  if (closed) {
    log(`${operation}: refused, closed`);
    return { status: 'error', message: closed, values };
  }

  // A bot that filled the hidden field gets, up to here and from here, exactly what a person would:
  // the same limit, the same field errors, the same thanks. Nothing is sent; the hit is kept as spam.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === 'string' && honeypot !== '') {
    log(`${operation}: honeypot filled, kept as spam, nothing sent`);
    if (form.kind === 'subscription') return form.answer(parsed.data as NewsletterInput, lang);
    await keepHoneypotHit(form, parsed.data, services, lang);
    // A pay link as a person gets, for a payment that nothing stored owes.
    const key = clientKey(formData);
    const day = new Date(services.now()).toISOString().slice(0, 10);
    const identity = submissionKey(operation, key ? { key } : day, lang, form.record(parsed.data));
    return form.answer(parsed.data, lang, paymentOf(form, parsed.data, identity, lang, services)?.link);
  }

  const token = formData.get(BOT_TOKEN_FIELD);
  const host = request.headers.get('host') ?? '';
  const bot = await verifyBotToken(services.recaptcha, typeof token === 'string' && token ? token : null, host);
  if (bot.verdict === 'failed') {
    log(`${operation}: bot check failed (${bot.reason})`);
    return { status: 'error', message: words.botFailed, values };
  }
  const flags: RecordData = {};
  if (bot.verdict === 'unavailable' || bot.verdict === 'no-token') {
    // Accepted, but flagged for staff: an outage of the bot check never loses a sign-up.
    flags.botCheck = bot.verdict;
    if (bot.verdict === 'unavailable') log(`${operation}: bot check unavailable, accepted unverified (${bot.reason})`);
  }

  try {
    const state =
      form.kind === 'subscription'
        ? await subscribe(form, parsed.data as NewsletterInput, services, values, lang)
        : await storeRecord(
            operation,
            form,
            parsed.data,
            { flags, booking, values, key: clientKey(formData), waitlist: formData.get(WAITLIST_FIELD) === '1' },
            services,
            lang,
          );
    // Its mails are in the outbox: send them now rather than at the next poll.
    if (state.status === 'success') kickOutbox();
    return state;
  } catch (error) {
    log(`${operation}: could not store the submission`, error);
    return { status: 'error', message: isStoreTimeout(error) ? words.notConfirmed : words.notStored, values };
  }
}

// A honeypot hit is kept as spam for staff to review (docs/staff.md): no message, at most HONEYPOT_CAP
// per form in HONEYPOT_KEEP_DAYS (retention removes it after), and storing it never changes the answer.
// The newsletter's are not kept: its list holds people who asked to be on it.
async function keepHoneypotHit(
  form: Extract<Form, { kind: 'record' }>,
  input: unknown,
  services: FormServices,
  lang: Lang,
): Promise<void> {
  try {
    const now = services.now();
    const since = now - HONEYPOT_KEEP_DAYS * DAY_MS;
    const spam = await services.store.inbox({
      collection: form.collection,
      status: 'spam',
      since,
      limit: HONEYPOT_CAP,
    });
    if (spam.filter((row) => row.data.spamSource === 'honeypot').length >= HONEYPOT_CAP) return;
    await services.store.add(form.collection, {
      ...form.record(input),
      lang,
      date: now,
      staffStatus: 'spam',
      spamSource: 'honeypot',
    });
  } catch (error) {
    services.log('honeypot hit not kept', error);
  }
}

// The one write: the record with its mails, or, for the same submission again (a retry after a
// timeout, a double click, a refreshed answer page), nothing new and the first answer. A registration
// with places takes one in the same write, with its check-in code (an event's) and its mails' signed
// links, named by the record's id chosen here; once they are all gone it is refused with the form's
// words and the offer of the waiting list, or, when the visitor asked for it, joins the list and is told
// their position (docs/product.md §9).
async function storeRecord(
  operation: FormOperation,
  form: Extract<Form, { kind: 'record' }>,
  input: unknown,
  about: {
    flags: RecordData;
    booking?: FormBooking;
    values: Record<string, string>;
    key: string | null;
    waitlist: boolean;
  },
  services: FormServices,
  lang: Lang,
): Promise<FormState> {
  const { flags, booking, values, key } = about;
  const record = form.record(input);
  const now = services.now();
  const day = new Date(now).toISOString().slice(0, 10);
  const item = form.item?.(input) ?? '';
  const once = (mail: NewMail) => confirmOnce(mail, { operation, item, lang, day }, services);
  const id = randomUUID();
  const identity = submissionKey(operation, key ? { key } : day, lang, record);
  // What a record with a price owes, and with a provider its pay link (docs/product.md §14). A
  // registration with places owes it only once it holds one: on the waiting list it owes nothing, and
  // its mails and answer carry no pay link until a place is claimed or given (lib/places/visitor.ts).
  const payment = paymentOf(form, input, identity, lang, services);
  // A form that takes payments keeps one record per person and item (lib/payments/payers.ts); a free
  // event's registrations are kept as before.
  const person = form.price && (form.payer?.(input) ?? true) ? personOf(form.collection, record) : null;
  // Every registration for an event or offer can be given back, and an event's is let in at the door by
  // its code; only those with places take a seat.
  const place = booking
    ? registrationPlace(booking, { collection: form.collection, id }, lang, now, {
        seated: payment?.fields,
        waitlist: about.waitlist
          ? (links) =>
              booking
                .waitlistMails(services.mail, lang, services.offerHours ?? 48, { cancelUrl: links.cancelUrl })
                .map(once)
          : undefined,
      })
    : undefined;
  const places = place?.seat && booking ? { ...booking, capacity: place.seat.capacity } : undefined;
  const options: AddOptions = {
    id,
    submissionKey: identity,
    ...(person ? { payer: person } : {}),
    mails: form
      .mails(input, services.mail, lang, services.today(), { place: place?.links, pay: payment?.link })
      .map(once),
    ...(place?.seat ? { seat: place.seat } : {}),
  };
  const data: RecordData = {
    ...record,
    lang,
    date: now,
    ...flags,
    ...place?.fields,
    ...(places ? {} : payment?.fields),
  };
  let pay = payment?.link;
  try {
    const { waiting } = await services.store.add(form.collection, data, options);
    services.log(`${operation}: stored`, { recordId: id, ...(waiting === undefined ? {} : { waiting }) });
    if (places && waiting !== undefined) return places.waitlisted(waiting);
    if (places) await afterPlaceTaken(places, services);
  } catch (error) {
    if (places && isFullError(error)) {
      services.log(`${operation}: refused, every place of ${places.seat} is taken`);
      return { status: 'error', message: places.full, values, waitlist: true };
    }
    if (isRegisteredError(error)) {
      return alreadyRegistered(operation, form, input, duplicateOf(error), places, services, lang);
    }
    if (!isDuplicateError(error)) throw error;
    services.log(`${operation}: a repeat of a stored submission, answered as the first`);
    // Someone on the waiting list hears their position again.
    const first = duplicateOf(error);
    const stored = (places || payment) && first ? await services.store.getRecord(form.collection, first) : null;
    if (places && stored?.data.booking === 'waiting' && typeof stored.data.waitPosition === 'number') {
      return places.waitlisted(stored.data.waitPosition);
    }
    // What the stored record owes, under its own reference (given a place from the waiting list since, it
    // owes under its record's, if at all), for the amount and currency stored with it: an editor's change
    // of the price since changes nothing it owes (docs/product.md §14).
    if (stored) pay = storedPaymentLink(form, input, stored.data, lang, services);
  }
  return form.answer(input, lang, pay);
}

// The same person again for the same course or offer (AddOptions.payer): nothing new is stored, and the
// form's answer says they are registered (on the waiting list, their position). Owing, their record's
// own pay link goes again to the address as a confirmation: at most once per item, language and day,
// within the address's daily cap. Whoever typed the address, the mail reaches only its owner and
// carries nothing typed (docs/product.md §7).
async function alreadyRegistered(
  operation: FormOperation,
  form: Extract<Form, { kind: 'record' }>,
  input: unknown,
  recordId: string | undefined,
  places: FormBooking | undefined,
  services: FormServices,
  lang: Lang,
): Promise<FormState> {
  const words = formTexts[lang].answers;
  services.log(`${operation}: the same person again for the same item, nothing stored`, { recordId });
  const stored = recordId === undefined ? null : await services.store.getRecord(form.collection, recordId);
  if (places && stored?.data.booking === 'waiting' && typeof stored.data.waitPosition === 'number') {
    return places.waitlisted(stored.data.waitPosition);
  }
  const answer = (detail: string): FormState => ({ status: 'success', message: words.alreadyRegistered, detail });
  if (!stored || !isPayable(form.collection)) return answer(words.alreadyDetail);
  if (
    stored.data.payStatus === 'paid' ||
    (await paidElsewhere(services.store, { collection: form.collection, ...stored }))
  ) {
    return answer(words.alreadyPaid);
  }
  // In the language of this post, under that language's once-only key of the day: whoever typed the
  // address first cannot keep its owner from the link in their own language.
  const link =
    stored.data.payStatus === 'unpaid' && owesNow(stored.data)
      ? storedPaymentLink(form, input, stored.data, lang, services)
      : undefined;
  if (!link) return answer(words.alreadyDetail);
  const now = services.now();
  const item = form.item?.(input) ?? '';
  const mail = confirmOnce(
    await payLinkAgain(form.collection, stored.data, lang, { href: link.href, amount: link.amount }),
    { operation, item, lang, day: new Date(now).toISOString().slice(0, 10) },
    services,
  );
  await services.store.mailAboutRecord(form.collection, stored.id, { payLinkMailedAt: now }, mail);
  return answer(words.payLinkMailed);
}

// Once the last place is gone, or few are left (a page then says how many), the pages that show it are
// made again. The record is stored whatever happens here: a failure is only logged, and the pages change
// at their next regeneration.
async function afterPlaceTaken(booking: FormBooking & { capacity: number }, services: FormServices) {
  try {
    const left = booking.capacity - (await services.store.seatsTaken(booking.seat));
    if (left <= 0 || left < booking.capacity * (services.placesLeftShare ?? 0)) services.placesChanged?.();
  } catch (error) {
    services.log(`could not tell whether ${booking.seat} is full`, error);
  }
}

// A course with a fee or an offer: what the record owes and, with a provider, its pay link, made from the
// submission's identity (so the same submission sent again answers with the stored record's link).
function paymentOf(
  form: Extract<Form, { kind: 'record' }>,
  input: unknown,
  identity: string,
  lang: Lang,
  services: FormServices,
) {
  const price = form.price?.(input) ?? null;
  return price && services.payments ? newPayment(price, identity, lang, services.payments, services.now()) : null;
}

function storedPaymentLink(
  form: Extract<Form, { kind: 'record' }>,
  input: unknown,
  stored: RecordData,
  lang: Lang,
  services: FormServices,
) {
  const price = form.price?.(input) ?? null;
  return price && services.payments ? storedPayLink(price, stored, lang, services.payments, services.now()) : undefined;
}

// What makes two posts the same submission: the same form, language and stored fields, sent the same
// day or under the same key from the page (a submission that waited on the visitor's phone arrives days
// later, perhaps twice). Pages are prerendered and identical for everyone, so the identity comes from
// what was sent. The fields are always part of it: a key alone never stands for other details, so
// knowing someone's key cannot suppress or replace what they sent. The language too: someone who sends
// another's exact fields first, in another language, must not make the owner's own post a repeat whose
// only confirmation is in the language the stranger chose (docs/product.md §7).
function submissionKey(
  operation: FormOperation,
  when: string | { key: string },
  lang: Lang,
  record: RecordData,
): string {
  return sha256(JSON.stringify([operation, when, lang, record]));
}

// A mail to anyone but the staff is a visitor's confirmation: at most one per address, course, event
// or offer, language and day, and at most DAILY_CONFIRMATIONS to one address in a day from every form
// together (the first ones committed), so the site cannot be used to flood someone's inbox, while two
// enrolments in two courses still bring two confirmations, and whoever first types someone's address
// cannot keep them from one in their own language. What the confirmation says is the same whoever
// sent the form (lib/mail/compose.ts), so one held back deprives its owner of nothing; the staff's
// note then says so. The record is kept either way.
function confirmOnce(
  mail: NewMail,
  about: { operation: FormOperation; item: string; lang: Lang; day: string },
  services: FormServices,
): NewMail {
  if (mail.to === services.mail.staff) return mail;
  const { operation, item, lang, day } = about;
  return {
    ...mail,
    onceKey: JSON.stringify([operation, item, lang, mail.to.toLowerCase(), day]),
    dailyCap: confirmationCap(mail.to, services.now()),
  };
}

// The newsletter hands the subscriber to its provider: the local list (which stores them) or Mailchimp.
async function subscribe(
  form: Extract<Form, { kind: 'subscription' }>,
  input: NewsletterInput,
  services: FormServices,
  values: Record<string, string>,
  lang: Lang,
): Promise<FormState> {
  const words = formTexts[lang].answers;
  let answer;
  try {
    answer = await services.newsletter.subscribe(input.name, input.email, services.now(), lang);
  } catch (error) {
    if (!(error instanceof NewsletterUnavailable)) throw error;
    // docs/product.md §8: a network or HTTP failure shows 'Try again' and is logged.
    services.log('newsletter provider unavailable', error.message);
    return { status: 'error', message: words.tryAgain, values };
  }
  if (answer.result === undefined || answer.result === 'error') {
    // The provider's own message (docs/product.md §8) is in English: a French page says 'Try again'.
    return {
      status: 'error',
      message: (lang === defaultLang && providerMessage(answer.msg)) || words.tryAgain,
      values,
    };
  }
  return form.answer(input, lang);
}
