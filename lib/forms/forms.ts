import { randomUUID } from 'node:crypto';

import * as z from 'zod/mini';

import { courses, events, findEvent, findOffer, offers } from '@/lib/content';
import { contactMessages, enrolmentMessages, eventMessages, offerMessages, type MailContext } from '@/lib/mail/compose';
import { NewsletterUnavailable, providerMessage, type NewsletterProvider } from '@/lib/newsletter';
import type { Collection, NewMessage, RecordData, Store } from '@/lib/storage';

import { contactSchema, enrolmentSchema, eventSchema, newsletterSchema, offerSchema } from './schemas';
import type { FormState } from './state';

export interface FormServices {
  store: () => Store;
  mail: () => MailContext;
  newsletter: () => NewsletterProvider;
  log: (message: string, detail?: unknown) => void;
}

// How the server handles one form: its schema, what it stores, and what the visitor sees on success.
// `extra` holds the flag fields the pipeline adds (e.g. an unverified bot check).
export interface FormDefinition<S extends z.ZodMiniType = z.ZodMiniType> {
  id: 'enrol' | 'contactUs' | 'subscribe' | 'registerEvent' | 'registerOffer';
  schema: S;
  fields: string[];
  accept(input: z.output<S>, now: number, extra: RecordData, services: FormServices): Promise<FormState>;
}

// The record and the messages about it, committed together.
async function store(services: FormServices, collection: Collection, record: RecordData, messages: NewMessage[]) {
  await services.store().add(collection, record, { messages });
}

const enrolmentServerSchema = enrolmentSchema.check(
  z.refine((input) => courses.some((c) => c.title === input.course), {
    path: ['course'],
    message: 'Choose one of the academy’s courses',
  }),
);

export const enrolForm: FormDefinition<typeof enrolmentServerSchema> = {
  id: 'enrol',
  schema: enrolmentServerSchema,
  fields: ['name', 'email', 'phone', 'gender', 'country', 'course'],
  async accept(input, now, extra, services) {
    const course = courses.find((c) => c.title === input.course)!;
    await store(
      services,
      'enrolment',
      { ...input, date: now, ...extra },
      enrolmentMessages(input, course, services.mail()),
    );
    return {
      status: 'success',
      message: 'Enroled',
      detail: course.pay_link
        ? `You are enroled in ${course.title}. Pay the ${course.cost} registration fee on the payment page to confirm your place.`
        : `You are enroled in ${course.title}. This course is free: we will email you the details.`,
      ...(course.pay_link ? { link: { href: course.pay_link, label: 'Go to the payment page' } } : {}),
    };
  },
};

export const contactForm: FormDefinition<typeof contactSchema> = {
  id: 'contactUs',
  schema: contactSchema,
  fields: ['name', 'email', 'message'],
  async accept(input, now, extra, services) {
    await store(services, 'contact', { ...input, date: now, ...extra }, contactMessages(input, services.mail()));
    return { status: 'success', message: 'Message sent successfully', detail: 'We will get in touch soon' };
  },
};

const eventServerSchema = z.extend(eventSchema, {
  event: z
    .string('This event does not exist')
    .check(z.refine((slug) => findEvent(slug) !== undefined, 'This event does not exist')),
});

export const eventForm: FormDefinition<typeof eventServerSchema> = {
  id: 'registerEvent',
  schema: eventServerSchema,
  fields: ['firstName', 'lastName', 'email', 'event'],
  async accept({ event: slug, ...input }, now, extra, services) {
    const event = findEvent(slug) ?? events[0]!;
    await store(
      services,
      'user',
      { ...input, date: now, ...extra },
      eventMessages(input, event, services.mail(), randomUUID()),
    );
    return {
      status: 'success',
      message: 'Continue your registration',
      detail: 'Your details are saved. Finish your registration on the event page that opens next.',
      link: { href: event.registrationLink, label: 'Continue to the registration page' },
    };
  },
};

// The offer page names its offer in a hidden field; a post without one (a page cached before the field
// existed) is for the first offer, as before.
const offerServerSchema = z.extend(offerSchema, {
  offer: z.optional(
    z
      .string('This offer does not exist')
      .check(z.refine((slug) => findOffer(slug) !== undefined, 'This offer does not exist')),
  ),
});

export const offerForm: FormDefinition<typeof offerServerSchema> = {
  id: 'registerOffer',
  schema: offerServerSchema,
  fields: ['email', 'firstName', 'lastName', 'gender', 'degree', 'occupation', 'country', 'offer'],
  async accept({ offer: slug, ...input }, now, extra, services) {
    const offer = (slug === undefined ? undefined : findOffer(slug)) ?? offers[0]!;
    await store(services, 'offer', { ...input, date: now, ...extra }, offerMessages(input, offer, services.mail()));
    return { status: 'success', message: 'Your Spot has been Reserved' };
  },
};

export const WELCOME = 'Welcome to the Baobab Data community!';

export const newsletterForm: FormDefinition<typeof newsletterSchema> = {
  id: 'subscribe',
  schema: newsletterSchema,
  fields: ['name', 'email'],
  async accept(input, now, _extra, services) {
    let answer;
    try {
      answer = await services.newsletter().subscribe(input.name, input.email, now);
    } catch (error) {
      if (!(error instanceof NewsletterUnavailable)) throw error;
      // docs/product.md §8: a network or HTTP failure shows 'Try again' and is logged.
      services.log('newsletter provider unavailable', error.message);
      return { status: 'error', message: 'Try again', values: input };
    }
    if (answer.result === undefined || answer.result === 'error') {
      return { status: 'error', message: providerMessage(answer.msg) || 'Try again', values: input };
    }
    return { status: 'success', message: WELCOME, detail: 'Look out for our next newsletter in your inbox.' };
  },
};
