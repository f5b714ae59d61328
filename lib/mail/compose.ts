import { site } from '@/lib/content';
import type { Course, Offer, SiteEvent } from '@/lib/content/types';
import { degreeLabels, genderLabels } from '@/lib/forms/options';
import type { ContactInput, EnrolmentInput, EventInput, OfferInput } from '@/lib/forms/schemas';
import type { NewMessage } from '@/lib/storage';

import { calendarInvite } from './ics';
import { renderLetter, type Letter } from './letter';

// What each accepted submission sends: a note to the staff inbox and, where it helps, a confirmation
// to the visitor. The spec's mail forwarding of contact messages is the staff note with reply-to set.
export interface MailContext {
  staff: string;
  siteUrl: string;
  siteName: string;
}

function message(to: string, subject: string, letter: Letter, extra: Partial<NewMessage> = {}): NewMessage {
  return { to, subject, ...renderLetter(letter), ...extra };
}

export function enrolmentMessages(input: EnrolmentInput, course: Course, ctx: MailContext): NewMessage[] {
  const rows: [string, string][] = [
    ['Course', course.title],
    ['Duration', course.duration],
    ['Registration fee', course.cost],
  ];
  return [
    message(
      ctx.staff,
      `New enrolment: ${course.title}`,
      {
        heading: 'New enrolment',
        paragraphs: [`${input.name} enroled in ${course.title}.`],
        rows: [
          ['Name', input.name],
          ['Email', input.email],
          ['Phone', input.phone],
          ['Gender', genderLabels[input.gender]],
          ['Country', input.country],
          ...rows,
        ],
      },
      { replyTo: input.email },
    ),
    message(input.email, `Your enrolment in ${course.title}`, {
      heading: `Welcome to ${course.title}, ${input.name}`,
      paragraphs: course.pay_link
        ? [
            `Thank you for enroling. Your place is confirmed once the registration fee of ${course.cost} is paid on the payment page.`,
          ]
        : ['Thank you for enroling. This course is free: we will send you the joining details before it starts.'],
      rows,
      ...(course.pay_link ? { link: { href: course.pay_link, label: 'Pay the registration fee' } } : {}),
    }),
  ];
}

export function contactMessages(input: ContactInput, ctx: MailContext): NewMessage[] {
  return [
    message(
      ctx.staff,
      `Message from ${input.name} via the website`,
      {
        heading: `Message from ${input.name}`,
        paragraphs: [
          `${input.name} <${input.email}> wrote through the contact form. Reply to this email to answer them.`,
        ],
        quote: input.message,
      },
      { replyTo: input.email },
    ),
  ];
}

export function eventMessages(input: EventInput, event: SiteEvent, ctx: MailContext, recordKey: string): NewMessage[] {
  const name = `${input.firstName} ${input.lastName}`;
  const eventUrl = `${ctx.siteUrl}/events/${event.slug}`;
  return [
    message(
      ctx.staff,
      `New registration: ${event.title}`,
      {
        heading: `New registration for ${event.title}`,
        paragraphs: [`${name} registered for ${event.title}.`],
        rows: [
          ['First name', input.firstName],
          ['Last name', input.lastName],
          ['Email', input.email],
        ],
      },
      { replyTo: input.email },
    ),
    message(
      input.email,
      `You're registered: ${event.title}`,
      {
        heading: `See you at ${event.title}, ${input.firstName}`,
        paragraphs: [
          `${event.title} takes place on ${event.dates} (${event.location}).`,
          'Finish your registration on the event page, and add the attached invitation to your calendar.',
        ],
        rows: [
          ['Dates', event.dates],
          ['Where', event.location],
        ],
        link: { href: event.registrationLink, label: 'Finish your registration' },
      },
      {
        attachments: [
          {
            filename: 'invite.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: calendarInvite({
              uid: `${recordKey}@${site.domain}`,
              title: event.title,
              description: `${event.tagline} ${eventUrl}`,
              location: event.location,
              startDate: event.startDate,
              endDate: event.endDate,
              url: eventUrl,
              organizerEmail: ctx.staff,
              organizerName: ctx.siteName,
            }),
          },
        ],
      },
    ),
  ];
}

export function offerMessages(input: OfferInput, offer: Offer, ctx: MailContext): NewMessage[] {
  const rows: [string, string][] = [
    ['Programme', offer.title],
    ['Cohort starts', offer.cohortStart],
    ['Price', `$${offer.nowPrice} (was $${offer.wasPrice}, ${offer.discountPercent}% off until ${offer.endsOn})`],
  ];
  return [
    message(
      ctx.staff,
      `Spot reserved: ${offer.title}`,
      {
        heading: `New reservation for ${offer.title}`,
        paragraphs: [`${input.firstName} ${input.lastName} reserved a spot.`],
        rows: [
          ['Email', input.email],
          ['First name', input.firstName],
          ['Last name', input.lastName],
          ['Gender', genderLabels[input.gender]],
          ['Highest degree', degreeLabels[input.degree]],
          ['Occupation', input.occupation],
          ['Country', input.country],
        ],
      },
      { replyTo: input.email },
    ),
    message(input.email, `Your spot is reserved: ${offer.title}`, {
      heading: `Your spot is reserved, ${input.firstName}`,
      paragraphs: [
        'Thank you. We hold your place at the offer price and will write with the next steps before the cohort starts.',
      ],
      rows,
      link: { href: `${ctx.siteUrl}/offers/${offer.slug}`, label: 'See the offer' },
    }),
  ];
}
