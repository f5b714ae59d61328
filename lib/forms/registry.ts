import * as z from 'zod/mini';

import { courses, findCourse, findEvent, findOffer, offers } from '@/lib/content';
import { eventBooking, offerBooking, type Booking } from '@/lib/content/schedule';
import type { Lang, Localised } from '@/lib/i18n';
import { formatCost } from '@/lib/i18n/format';
import { contactMessages, enrolmentMessages, eventMessages, offerMessages, type MailContext } from '@/lib/mail/compose';
import type { NewMessage, RecordData } from '@/lib/storage/types';
import { formTexts, type ServerWords } from '@/messages/forms';

import {
  buildSchemas,
  contactSchema,
  enrolmentSchema,
  eventSchema,
  newsletterSchema,
  offerSchema,
  type FormSchemas,
} from './schemas';
import type { FormState } from './state';

// Every form of the site, declared once. The route handler (JavaScript), the server actions (no
// JavaScript), the storage layer's collections, the export's columns and the browser's operation names
// all come from this table. To add a form: declare it here, write its mail in lib/mail/compose.ts and
// its component in components/forms/.
//
// A declaration says, under the operation's name (docs/product.md §7):
// - `collection`: where its records go (the spec's names, docs/product.md §3);
// - `fields`: the schema the browser form shares with the server; its keys are the fields the server
//   reads and the export's columns;
// - `schema`: the server's check in each language, which also turns a course, event or offer named by the post into
//   that entity, once, or refuses the post;
// - `record`, `messages` and `answer`: what is stored, what is mailed in the same commit, and what the
//   visitor sees once it is stored, in the page's language (messages/forms). Every record also keeps
//   that language (`lang`, added by lib/forms/submit.ts);
// - `item`: the course, event or offer a visitor's confirmation is about (its once-a-day key names it);
// - `booking`: for a registration that follows the calendar, its dates and places, and the form's words
//   when it is closed or full (docs/product.md §9).

type Success = Extract<FormState, { status: 'success' }>;

// What a registration that follows the calendar is for, with the form's words when it is closed or full.
export type FormBooking = Booking & { closed: string; full: string };

interface Declaration<Collection extends string, Fields extends z.ZodMiniObject, Input> {
  collection: Collection;
  fields: Fields;
  // Fields the page adds to the post besides the visitor's (which event or offer it is for).
  hidden?: readonly string[];
  // The server's check in each language: the same rules, the messages of the page's language.
  schema: Localised<z.ZodMiniType<Input, Record<string, unknown>>>;
  answer(input: Input, lang: Lang): Success;
}

interface RecordForm<Collection extends string, Fields extends z.ZodMiniObject, Input> extends Declaration<
  Collection,
  Fields,
  Input
> {
  kind: 'record';
  record(input: Input): RecordData;
  // The staff's note (in English, naming the visitor's language) and the visitor's mails in theirs.
  // `today` is the site's date (lib/content/schedule.ts).
  messages(input: Input, mail: MailContext, lang: Lang, today: string): NewMessage[];
  item?(input: Input): string;
  booking?(input: Input, words: ServerWords): FormBooking;
}

// The newsletter hands its subscriber to the configured provider (lib/newsletter), which keeps them
// and mails them itself.
interface SubscriptionForm<Collection extends string, Fields extends z.ZodMiniObject, Input> extends Declaration<
  Collection,
  Fields,
  Input
> {
  kind: 'subscription';
}

// Turns a post's `field` into the entity it names, or refuses it with `message` beside that field.
function refuse(ctx: z.core.ParsePayload, field: string, message: string): never {
  ctx.issues.push({ code: 'custom', path: [field], message, input: ctx.value });
  return z.NEVER;
}

// One value per language, made from that language's schemas and words.
function perLang<T>(make: (schemas: FormSchemas, words: ServerWords) => T): Localised<T> {
  const one = (lang: Lang) => make(buildSchemas(formTexts[lang].checks), formTexts[lang].server);
  return { en: one('en'), fr: one('fr') };
}

const enrolment = perLang((s, w) =>
  z.pipe(
    s.enrolmentSchema,
    z.transform((input, ctx) => {
      const course = courses.find((c) => c.title === input.course);
      return course ? { ...input, course } : refuse(ctx, 'course', w.courseUnknown);
    }),
  ),
);

const eventRegistration = perLang((s, w) =>
  z.pipe(
    z.extend(s.eventSchema, { event: z.string(w.eventUnknown) }),
    z.transform((input, ctx) => {
      const event = findEvent(input.event);
      return event ? { ...input, event } : refuse(ctx, 'event', w.eventUnknown);
    }),
  ),
);

// A post without an offer (from a page cached before the field existed) is for the first offer.
const offerReservation = perLang((s, w) =>
  z.pipe(
    z.extend(s.offerSchema, { offer: z.optional(z.string(w.offerUnknown)) }),
    z.transform((input, ctx) => {
      const offer = input.offer === undefined ? offers[0] : findOffer(input.offer);
      return offer ? { ...input, offer } : refuse(ctx, 'offer', w.offerUnknown);
    }),
  ),
);

const contact = perLang((s) => s.contactSchema);
const newsletter = perLang((s) => s.newsletterSchema);

export const WELCOME = formTexts.en.server.welcome;
export const CHECK_INBOX = formTexts.en.server.checkInbox;

export const forms = {
  enrol: {
    kind: 'record',
    collection: 'enrolment',
    fields: enrolmentSchema,
    schema: enrolment,
    record: ({ course, ...input }) => ({ ...input, course: course.title }),
    messages: ({ course, ...input }, mail, lang, today) =>
      enrolmentMessages({ ...input, course: course.title }, course, mail, lang, today),
    item: ({ course }) => course.slug,
    answer: ({ course }, lang) => {
      const w = formTexts[lang].server;
      // The course as the page named it, in the visitor's language.
      const title = (findCourse(course.slug, lang) ?? course).title;
      return {
        status: 'success',
        message: w.enroled,
        detail: course.pay_link ? w.enroledPaid(title, formatCost(course.cost, lang)) : w.enroledFree(title),
        ...(course.pay_link ? { link: { href: course.pay_link, label: w.payLink } } : {}),
      };
    },
  } satisfies RecordForm<'enrolment', typeof enrolmentSchema, z.output<(typeof enrolment)['en']>>,

  contactUs: {
    kind: 'record',
    collection: 'contact',
    fields: contactSchema,
    schema: contact,
    record: (input) => input,
    messages: (input, mail, lang) => contactMessages(input, mail, lang),
    answer: (_input, lang) => ({
      status: 'success',
      message: formTexts[lang].server.contactSent,
      detail: formTexts[lang].server.contactDetail,
    }),
  } satisfies RecordForm<'contact', typeof contactSchema, z.output<typeof contactSchema>>,

  subscribe: {
    kind: 'subscription',
    collection: 'newsletter',
    fields: newsletterSchema,
    schema: newsletter,
    answer: (_input, lang) => ({
      status: 'success',
      message: formTexts[lang].server.welcome,
      detail: formTexts[lang].server.checkInbox,
    }),
  } satisfies SubscriptionForm<'newsletter', typeof newsletterSchema, z.output<typeof newsletterSchema>>,

  registerEvent: {
    kind: 'record',
    collection: 'user',
    fields: eventSchema,
    hidden: ['event'],
    schema: eventRegistration,
    record: ({ event, ...input }) => ({ ...input, event: event.slug }),
    messages: ({ event, ...input }, mail, lang, today) => eventMessages(input, event, mail, lang, today),
    item: ({ event }) => event.slug,
    booking: ({ event }, w) => ({ ...eventBooking(event), closed: w.eventClosed, full: w.eventFull }),
    answer: ({ event }, lang) => ({
      status: 'success',
      message: formTexts[lang].server.eventContinue,
      detail: formTexts[lang].server.eventDetail,
      link: { href: event.registrationLink, label: formTexts[lang].server.eventLink },
    }),
  } satisfies RecordForm<'user', typeof eventSchema, z.output<(typeof eventRegistration)['en']>>,

  registerOffer: {
    kind: 'record',
    collection: 'offer',
    fields: offerSchema,
    hidden: ['offer'],
    schema: offerReservation,
    record: ({ offer, ...input }) => ({ ...input, offer: offer.slug }),
    messages: ({ offer, ...input }, mail, lang) => offerMessages(input, offer, mail, lang),
    item: ({ offer }) => offer.slug,
    booking: ({ offer }, w) => ({ ...offerBooking(offer), closed: w.offerClosed, full: w.offerFull }),
    answer: (_input, lang) => ({ status: 'success', message: formTexts[lang].server.offerReserved }),
  } satisfies RecordForm<'offer', typeof offerSchema, z.output<(typeof offerReservation)['en']>>,
};

export type FormOperation = keyof typeof forms;
export type FormCollection = (typeof forms)[FormOperation]['collection'];
// Any declaration, as the submission pipeline handles it whatever its input.
export type Form =
  | RecordForm<FormCollection, z.ZodMiniObject, unknown>
  | SubscriptionForm<FormCollection, z.ZodMiniObject, z.output<typeof newsletterSchema>>;

export const operations = Object.keys(forms) as FormOperation[];

export function isFormOperation(value: string): value is FormOperation {
  return Object.hasOwn(forms, value);
}

// The names a post of this form is read from: its fields, then the hidden ones.
export function fieldNames(form: Form): string[] {
  return [...Object.keys(form.fields.shape), ...(('hidden' in form && form.hidden) || [])];
}

// Where records go, and each collection's columns: the spec's fields in the order of its form, then
// the event or offer a record is for (records made before that field existed leave it empty).
export const collections = Object.values(forms).map((form) => form.collection);

export const columns = Object.fromEntries(
  Object.values(forms).map((form) => [form.collection, fieldNames(form)]),
) as Record<FormCollection, string[]>;
