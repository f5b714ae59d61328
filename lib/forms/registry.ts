import { randomUUID } from 'node:crypto';

import * as z from 'zod/mini';

import { courses, findEvent, findOffer, offers } from '@/lib/content';
import { contactMessages, enrolmentMessages, eventMessages, offerMessages, type MailContext } from '@/lib/mail/compose';
import type { NewMessage, RecordData } from '@/lib/storage/types';

import { contactSchema, enrolmentSchema, eventSchema, newsletterSchema, offerSchema } from './schemas';
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
// - `schema`: the server's check, which also turns a course, event or offer named by the post into
//   that entity, once, or refuses the post;
// - `record`, `messages` and `answer`: what is stored, what is mailed in the same commit, and what the
//   visitor sees once it is stored.

type Success = Extract<FormState, { status: 'success' }>;

interface Declaration<Collection extends string, Fields extends z.ZodMiniObject, Input> {
  collection: Collection;
  fields: Fields;
  // Fields the page adds to the post besides the visitor's (which event or offer it is for).
  hidden?: readonly string[];
  schema: z.ZodMiniType<Input, Record<string, unknown>>;
  answer(input: Input): Success;
}

interface RecordForm<Collection extends string, Fields extends z.ZodMiniObject, Input> extends Declaration<
  Collection,
  Fields,
  Input
> {
  kind: 'record';
  record(input: Input): RecordData;
  messages(input: Input, mail: MailContext): NewMessage[];
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

const enrolment = z.pipe(
  enrolmentSchema,
  z.transform((input, ctx) => {
    const course = courses.find((c) => c.title === input.course);
    return course ? { ...input, course } : refuse(ctx, 'course', 'Choose one of the academy’s courses');
  }),
);

const eventRegistration = z.pipe(
  z.extend(eventSchema, { event: z.string('This event does not exist') }),
  z.transform((input, ctx) => {
    const event = findEvent(input.event);
    return event ? { ...input, event } : refuse(ctx, 'event', 'This event does not exist');
  }),
);

// A post without an offer (from a page cached before the field existed) is for the first offer.
const offerReservation = z.pipe(
  z.extend(offerSchema, { offer: z.optional(z.string('This offer does not exist')) }),
  z.transform((input, ctx) => {
    const offer = input.offer === undefined ? offers[0] : findOffer(input.offer);
    return offer ? { ...input, offer } : refuse(ctx, 'offer', 'This offer does not exist');
  }),
);

export const WELCOME = 'Welcome to the Baobab Data community!';
// What every sign-up hears, new, pending, confirmed or unsubscribed alike, so the form tells nobody
// whether an address is on the list; the local list and Mailchimp both ask the address to confirm.
export const CHECK_INBOX = 'Check your inbox to confirm your subscription.';

export const forms = {
  enrol: {
    kind: 'record',
    collection: 'enrolment',
    fields: enrolmentSchema,
    schema: enrolment,
    record: ({ course, ...input }) => ({ ...input, course: course.title }),
    messages: ({ course, ...input }, mail) => enrolmentMessages({ ...input, course: course.title }, course, mail),
    answer: ({ course }) => ({
      status: 'success',
      message: 'Enroled',
      detail: course.pay_link
        ? `You are enroled in ${course.title}. Pay the ${course.cost} registration fee on the payment page to confirm your place.`
        : `You are enroled in ${course.title}. This course is free: we will email you the details.`,
      ...(course.pay_link ? { link: { href: course.pay_link, label: 'Go to the payment page' } } : {}),
    }),
  } satisfies RecordForm<'enrolment', typeof enrolmentSchema, z.output<typeof enrolment>>,

  contactUs: {
    kind: 'record',
    collection: 'contact',
    fields: contactSchema,
    schema: contactSchema,
    record: (input) => input,
    messages: (input, mail) => contactMessages(input, mail),
    answer: () => ({ status: 'success', message: 'Message sent successfully', detail: 'We will get in touch soon' }),
  } satisfies RecordForm<'contact', typeof contactSchema, z.output<typeof contactSchema>>,

  subscribe: {
    kind: 'subscription',
    collection: 'newsletter',
    fields: newsletterSchema,
    schema: newsletterSchema,
    answer: () => ({ status: 'success', message: WELCOME, detail: CHECK_INBOX }),
  } satisfies SubscriptionForm<'newsletter', typeof newsletterSchema, z.output<typeof newsletterSchema>>,

  registerEvent: {
    kind: 'record',
    collection: 'user',
    fields: eventSchema,
    hidden: ['event'],
    schema: eventRegistration,
    record: ({ event, ...input }) => ({ ...input, event: event.slug }),
    // The record's key names the calendar invitation, so a resent invitation updates the first one.
    messages: ({ event, ...input }, mail) => eventMessages(input, event, mail, randomUUID()),
    answer: ({ event }) => ({
      status: 'success',
      message: 'Continue your registration',
      detail: 'Your details are saved. Finish your registration on the event page that opens next.',
      link: { href: event.registrationLink, label: 'Continue to the registration page' },
    }),
  } satisfies RecordForm<'user', typeof eventSchema, z.output<typeof eventRegistration>>,

  registerOffer: {
    kind: 'record',
    collection: 'offer',
    fields: offerSchema,
    hidden: ['offer'],
    schema: offerReservation,
    record: ({ offer, ...input }) => ({ ...input, offer: offer.slug }),
    messages: ({ offer, ...input }, mail) => offerMessages(input, offer, mail),
    answer: () => ({ status: 'success', message: 'Your Spot has been Reserved' }),
  } satisfies RecordForm<'offer', typeof offerSchema, z.output<typeof offerReservation>>,
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
