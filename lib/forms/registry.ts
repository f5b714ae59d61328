import * as z from 'zod/mini';

import { cmsCourseByKey, cmsCourses, cmsEvent, cmsOffer, cmsOffers } from '@/lib/cms';
import { courseCost } from '@/lib/content/facts';
import {
  eventBooking,
  externalRegistration,
  offerBooking,
  remindersAhead,
  siteToday,
  type Booking,
} from '@/lib/content/schedule';
import type { SiteEvent } from '@/lib/content/types';
import { defaultLang, langs, type DefaultLang, type Lang, type Localised } from '@/lib/i18n';
import type { MailContext } from '@/lib/mail/compose';
import {
  chosenCurrency,
  courseDue,
  eventDue,
  offerDue,
  type PayLink,
  type PaymentCurrency,
  type Price,
} from '@/lib/payments';
import { waitlistMails, type ConfirmationParts, type PlaceParts } from '@/lib/places';
import { formCollections, type FormCollection, type FormOperation, type NewMail, type RecordData } from '@/lib/storage';
import { formTexts, type AnswerWords } from '@/messages/forms';
import { priceTexts } from '@/messages/prices';

import { contactMails, enrolmentMails, eventMails, offerMails } from './mails';
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
// all come from this table. To add a form: declare it here, write its mails in lib/forms/mails.ts and
// its component in components/forms/.
//
// A declaration says, under the operation's name (docs/product.md §7):
// - `collection`: where its records go (the spec's names, docs/product.md §3);
// - `fields`: the schema the browser form shares with the server; its keys are the fields the server
//   reads and the export's columns;
// - `schema`: the server's check in each language, which also turns a course, event or offer named by the post into
//   that entity, once, or refuses the post;
// - `record`, `mails` and `answer`: what is stored, what is mailed in the same commit, and what the
//   visitor sees once it is stored, in the page's language (messages/forms). Every record also keeps
//   that language (`lang`, added by lib/forms/submit.ts);
// - `item`: the course, event or offer a visitor's confirmation is about (its once-a-day key names it);
// - `booking`: for a registration that follows the calendar, its dates and places, and the form's words
//   when it is closed or full (docs/product.md §9);
// - `price`: what a record pays online (docs/product.md §14); with a provider configured, the answer
//   and the visitor's mail carry the record's pay link (`pay`).

type Success = Extract<FormState, { status: 'success' }>;

// What a registration that follows the calendar is for, with the form's words when it is closed or full,
// and, for one with places: its kind and slug (an event's registrations get a check-in code), the answer
// of someone who joined its waiting list, and the mails of the list (lib/places/mails.ts).
export type FormBooking = Booking & {
  closed: string;
  full: string;
  kind: 'event' | 'offer';
  slug: string;
  waitlisted(position: number): Success;
  waitlistMails(mail: MailContext, lang: Lang, offerHours: number, place: PlaceParts): NewMail[];
};

interface Declaration<Collection extends string, Fields extends z.ZodMiniObject, Input> {
  collection: Collection;
  fields: Fields;
  // Fields the page adds to the post besides the visitor's (which event or offer it is for).
  hidden?: readonly string[];
  // Fields the post may carry that are not columns of the record: the currency a priced item is paid in
  // (the page's choice, components/ui/currencies.tsx), which the record keeps as its payment.
  choices?: readonly string[];
  // The server's check in each language: the same rules, the messages of the page's language.
  schema: Localised<z.ZodMiniType<Input, Record<string, unknown>>>;
  answer(input: Input, lang: Lang, pay?: PayLink): Success;
}

interface RecordForm<Collection extends string, Fields extends z.ZodMiniObject, Input> extends Declaration<
  Collection,
  Fields,
  Input
> {
  kind: 'record';
  record(input: Input): RecordData;
  // The staff's note (in English, naming the visitor's language) and the visitor's mails in theirs.
  // `today` is the site's date (lib/content/schedule.ts); `parts`, what a confirmation carries beyond the
  // item's facts: a registration with places its place's parts (lib/places/links.ts), a record with a
  // price and a provider its pay link (lib/payments).
  mails(input: Input, mail: MailContext, lang: Lang, today: string, parts?: ConfirmationParts): NewMail[];
  item?(input: Input): string;
  booking?(input: Input, words: AnswerWords): FormBooking;
  // What refuses a registration whatever the date, in the form's words: a course staff closed.
  closed?(input: Input, words: AnswerWords): string | null;
  price?(input: Input): Price | null;
  // Whether the one-person-one-payment rule holds for this record (lib/payments/payers.ts): every record
  // of a form with a price, unless this says otherwise (a free event keeps its registrations as before).
  payer?(input: Input): boolean;
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

// The currency a post asks to pay in (docs/product.md §14), checked against the item's own currencies
// below: never a price, which is read from the CMS.
const sentCurrency = z.optional(z.string().check(z.maxLength(8)));

// What a record keeps of the currency its visitor chose, for an item sold in several: a registration
// that waits for its place is charged in it once it takes one (lib/places/visitor.ts).
function payInOf(entity: { payIn?: PaymentCurrency }): RecordData {
  return entity.payIn ? { payIn: entity.payIn } : {};
}

// An answer for an item sold in several currencies, with the one the visitor chose.
function inChosenCurrency(answer: Success, entity: { payIn?: PaymentCurrency }): Success {
  return entity.payIn ? { ...answer, currency: entity.payIn } : answer;
}

// One value per language, made from that language's schemas and words.
function perLang<T>(make: (schemas: FormSchemas, words: AnswerWords, lang: Lang) => T): Localised<T> {
  return Object.fromEntries(
    langs.map((lang) => [lang, make(buildSchemas(formTexts[lang].checks), formTexts[lang].answers, lang)]),
  ) as Localised<T>;
}

// The course, event or offer a post names, looked up once, in the page's language: the record keeps
// its key (the course's key, the event's or offer's slug) and the mails and the answer use
// the entity itself.
// A course is named by its key (lib/cms/shapes.ts) and must be published in the CMS now.
const enrolment = perLang((s, w, lang) =>
  z.pipe(
    z.extend(s.enrolmentSchema, { currency: sentCurrency }),
    z.transform(async ({ currency, ...input }, ctx) => {
      const entity = (await cmsCourses(lang)).find((course) => course.key === input.course);
      if (!entity) return refuse(ctx, 'course', w.courseUnknown);
      const payIn = chosenCurrency(entity, currency, lang);
      if (payIn === null) return refuse(ctx, 'currency', priceTexts[lang].notOffered);
      const english = lang === defaultLang ? entity : await cmsCourseByKey(entity.key, defaultLang);
      return {
        ...input,
        entity: { ...entity, englishTitle: english?.title ?? entity.title, ...(payIn ? { payIn } : {}) },
      };
    }),
  ),
);

const eventRegistration = perLang((s, w, lang) =>
  z.pipe(
    z.extend(s.eventSchema, { event: z.string(w.eventUnknown), currency: sentCurrency }),
    // The event as published in the CMS now: one published since the page was built takes registrations.
    // Its English title names it to the staff (the waiting list's note).
    // A paid event with ticket kinds takes one of its own kinds, named by its id: an unknown kind, one of
    // another event, or a kind sent to an event without kinds is refused beside the field. The price is
    // never read from the post (docs/product.md §14).
    z.transform(async ({ ticket: sent, currency, ...input }, ctx) => {
      const entity = await cmsEvent(input.event, lang);
      if (!entity) return refuse(ctx, 'event', w.eventUnknown);
      const payIn = chosenCurrency(entity, currency, lang);
      if (payIn === null) return refuse(ctx, 'currency', priceTexts[lang].notOffered);
      const ticket = sent === '' ? undefined : sent;
      const kinds = entity.tickets ?? [];
      if (kinds.length > 0 && ticket === undefined) return refuse(ctx, 'ticket', w.ticketChoose);
      if (ticket !== undefined && !kinds.some((kind) => kind.id === ticket)) {
        return refuse(ctx, 'ticket', w.ticketUnknown);
      }
      const english = lang === defaultLang ? entity : await cmsEvent(input.event, defaultLang);
      const englishTicket = (english ?? entity).tickets?.find((kind) => kind.id === ticket)?.name;
      return {
        ...input,
        ...(ticket === undefined ? {} : { ticket }),
        entity: {
          ...entity,
          englishTitle: english?.title ?? entity.title,
          ...(englishTicket === undefined ? {} : { englishTicket }),
          ...(payIn ? { payIn } : {}),
        },
      };
    }),
  ),
);

// A post without an offer (from a page cached before the field existed) is for the first offer.
const offerReservation = perLang((s, w, lang) =>
  z.pipe(
    z.extend(s.offerSchema, { offer: z.optional(z.string(w.offerUnknown)), currency: sentCurrency }),
    // The offers as published in the CMS now.
    z.transform(async ({ currency, ...input }, ctx) => {
      const offers = await cmsOffers(lang);
      const entity = input.offer === undefined ? offers[0] : offers.find((offer) => offer.slug === input.offer);
      if (!entity) return refuse(ctx, 'offer', w.offerUnknown);
      const payIn = chosenCurrency(entity, currency, lang);
      if (payIn === null) return refuse(ctx, 'currency', priceTexts[lang].notOffered);
      const english = lang === defaultLang ? entity : await cmsOffer(entity.slug, defaultLang);
      return {
        ...input,
        entity: { ...entity, englishTitle: english?.title ?? entity.title, ...(payIn ? { payIn } : {}) },
      };
    }),
  ),
);

// The answer of someone who joined a waiting list: their position in it.
const waitlistAnswer =
  (w: AnswerWords) =>
  (position: number): Success => ({ status: 'success', message: w.waitlisted, detail: w.waitlistPosition(position) });

// What a registration for an event answers. With an external registration page (an event with no places
// here), the way on to it; otherwise the site's registration is the only one: the success, and what
// follows (the confirmation, with the check-in code when the site holds the places, and the reminders
// still to come). Never a word of a full event: the place is theirs, even the last one.
function eventAnswer(event: SiteEvent, lang: Lang, pay?: PayLink): Success {
  const w = formTexts[lang].answers;
  const external = externalRegistration(event);
  if (external) {
    return {
      status: 'success',
      message: w.eventContinue,
      detail: w.eventDetail,
      link: { href: external, label: w.eventLink },
    };
  }
  const places = eventBooking(event).capacity !== undefined;
  const next = w.remindersAhead(remindersAhead(event, siteToday()));
  // A paid place (docs/product.md §14): what to pay and the link, as an offer's reservation says it.
  const owed = pay ? [w.offerPay(pay.amount, pay.deposit), w.payLater(pay.days)] : [];
  return {
    status: 'success',
    message: places ? w.eventPlace : w.eventRegistered,
    detail: [places ? w.eventPlaceDetail : w.eventRegisteredDetail, ...owed, next].filter(Boolean).join(' '),
    // In the page's own tab: the site's registration never opens another page.
    ...(pay ? { link: { href: pay.href, label: w.payNow(pay.amount, pay.deposit), sameTab: true as const } } : {}),
  };
}

const contact = perLang((s) => s.contactSchema);
const newsletter = perLang((s) => s.newsletterSchema);

export const forms = {
  enrol: {
    kind: 'record',
    collection: formCollections.enrol,
    fields: enrolmentSchema,
    schema: enrolment,
    choices: ['currency'],
    record: ({ entity, ...input }) => ({ ...input, ...payInOf(entity) }),
    mails: ({ entity, ...input }, mail, lang, today, parts) =>
      enrolmentMails(input, entity, mail, lang, today, parts?.pay),
    closed: ({ entity }, w) => (entity.isActive ? null : w.courseClosed),
    item: ({ entity }) => entity.slug,
    price: ({ entity }) => courseDue(entity, entity.payIn),
    answer: ({ entity: course }, lang, pay?) => {
      const w = formTexts[lang].answers;
      // What the record owes, as stored, when it has a pay link; else the course's fee.
      const paid = w.enroledPaid(course.title, pay?.amount ?? courseCost(course, lang, course.payIn));
      const answer: Success = pay
        ? {
            status: 'success',
            message: w.enroled,
            detail: `${paid} ${w.payLater(pay.days)}`,
            link: { href: pay.href, label: w.payNow(pay.amount, pay.deposit) },
          }
        : {
            status: 'success',
            message: w.enroled,
            detail: course.pay_link ? paid : w.enroledFree(course.title),
            ...(course.pay_link ? { link: { href: course.pay_link, label: w.payLink } } : {}),
          };
      return inChosenCurrency(answer, course);
    },
  } satisfies RecordForm<
    typeof formCollections.enrol,
    typeof enrolmentSchema,
    z.output<(typeof enrolment)[DefaultLang]>
  >,

  contactUs: {
    kind: 'record',
    collection: formCollections.contactUs,
    fields: contactSchema,
    schema: contact,
    record: (input) => input,
    mails: (input, mail, lang) => contactMails(input, mail, lang),
    answer: (_input, lang) => ({
      status: 'success',
      message: formTexts[lang].answers.contactSent,
      detail: formTexts[lang].answers.contactDetail,
    }),
  } satisfies RecordForm<typeof formCollections.contactUs, typeof contactSchema, z.output<typeof contactSchema>>,

  subscribe: {
    kind: 'subscription',
    collection: formCollections.subscribe,
    fields: newsletterSchema,
    schema: newsletter,
    answer: (_input, lang) => ({
      status: 'success',
      message: formTexts[lang].answers.welcome,
      detail: formTexts[lang].answers.checkInbox,
    }),
  } satisfies SubscriptionForm<
    typeof formCollections.subscribe,
    typeof newsletterSchema,
    z.output<typeof newsletterSchema>
  >,

  registerEvent: {
    kind: 'record',
    collection: formCollections.registerEvent,
    fields: eventSchema,
    hidden: ['event'],
    choices: ['currency'],
    schema: eventRegistration,
    record: ({ entity, ...input }) => ({ ...input, event: entity.slug, ...payInOf(entity) }),
    mails: ({ entity, ...input }, mail, lang, today, parts) => eventMails(input, entity, mail, lang, today, parts),
    item: ({ entity }) => entity.slug,
    // The ticket kind was checked against the event's own kinds above: its booking exists.
    booking: ({ entity, ...input }, w) => ({
      ...eventBooking(entity, input.ticket)!,
      closed: w.eventClosed,
      full: input.ticket === undefined ? w.eventFull : w.ticketFull,
      kind: 'event',
      slug: entity.slug,
      waitlisted: waitlistAnswer(w),
      waitlistMails: (mail, lang, hours, place) =>
        waitlistMails(input, { ...entity, englishTitle: entity.englishTitle }, mail, lang, hours, place),
    }),
    price: ({ entity, ticket }) => eventDue(entity, ticket, entity.payIn),
    payer: ({ entity, ticket }) => eventDue(entity, ticket) !== null,
    answer: ({ entity: event }, lang, pay?) => inChosenCurrency(eventAnswer(event, lang, pay), event),
  } satisfies RecordForm<
    typeof formCollections.registerEvent,
    typeof eventSchema,
    z.output<(typeof eventRegistration)[DefaultLang]>
  >,

  registerOffer: {
    kind: 'record',
    collection: formCollections.registerOffer,
    fields: offerSchema,
    hidden: ['offer'],
    choices: ['currency'],
    schema: offerReservation,
    record: ({ entity, ...input }) => ({ ...input, offer: entity.slug, ...payInOf(entity) }),
    mails: ({ entity, ...input }, mail, lang, _today, parts) => offerMails(input, entity, mail, lang, parts),
    item: ({ entity }) => entity.slug,
    booking: ({ entity, ...input }, w) => ({
      ...offerBooking(entity),
      closed: w.offerClosed,
      full: w.offerFull,
      kind: 'offer',
      slug: entity.slug,
      waitlisted: waitlistAnswer(w),
      waitlistMails: (mail, lang, hours, place) =>
        waitlistMails(
          input,
          {
            title: entity.title,
            inSentence: entity.inSentence,
            englishTitle: entity.englishTitle,
          },
          mail,
          lang,
          hours,
          place,
        ),
    }),
    price: ({ entity }) => offerDue(entity, entity.payIn),
    answer: ({ entity: offer }, lang, pay?) => {
      const w = formTexts[lang].answers;
      return inChosenCurrency(
        {
          status: 'success',
          message: w.offerReserved,
          ...(pay
            ? {
                detail: `${w.offerPay(pay.amount, pay.deposit)} ${w.payLater(pay.days)}`,
                link: { href: pay.href, label: w.payNow(pay.amount, pay.deposit) },
              }
            : {}),
        },
        offer,
      );
    },
  } satisfies RecordForm<
    typeof formCollections.registerOffer,
    typeof offerSchema,
    z.output<(typeof offerReservation)[DefaultLang]>
  >,
} satisfies Record<FormOperation, unknown>; // one declaration per entry of lib/storage/collections.ts

export type { FormCollection, FormOperation };
// Any declaration, as the submission pipeline handles it whatever its input.
export type Form =
  | RecordForm<FormCollection, z.ZodMiniObject, unknown>
  | SubscriptionForm<FormCollection, z.ZodMiniObject, z.output<typeof newsletterSchema>>;

export const operations = Object.keys(forms) as FormOperation[];

export function isFormOperation(value: string): value is FormOperation {
  return Object.hasOwn(forms, value);
}

// Each collection's columns: the spec's fields in the order of its form, then the event or offer a
// record is for (records made before that field existed leave it empty).
function columnsOf(form: Form): string[] {
  return [...Object.keys(form.fields.shape), ...(('hidden' in form && form.hidden) || [])];
}

// The names a post of this form is read from: its columns, then the choices it may carry.
export function fieldNames(form: Form): string[] {
  return [...columnsOf(form), ...(('choices' in form && form.choices) || [])];
}

export const columns = Object.fromEntries(
  Object.values(forms).map((form) => [form.collection, columnsOf(form)]),
) as Record<FormCollection, string[]>;
