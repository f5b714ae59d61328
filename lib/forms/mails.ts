import { CONTACT_REPLY_DAYS, type PaymentCurrency } from '@/lib/constants';
import { courseCost } from '@/lib/content/facts';
import type { Course, Offer, SiteEvent } from '@/lib/content/types';
import { defaultLang, type Lang } from '@/lib/i18n';
import { formatCost, formatDates } from '@/lib/i18n/format';
import { confirmation, heldBack, languageRow, staffNote, type MailContext } from '@/lib/mail/compose';
import type { PayLink } from '@/lib/payments';
import { eventConfirmation, offerConfirmation, type ConfirmationParts } from '@/lib/places';
import type { NewMail } from '@/lib/storage';
import { staffMails as staff } from '@/messages/mails/staff';
import { visitorMails } from '@/messages/mails/visitor';

import { degreeLabels, genderLabels } from './options';
import type { ContactInput, EnrolmentInput, EventInput, OfferInput } from './schemas';

// What each accepted form mails (./registry.ts): the staff's note and the visitor's confirmation
// (lib/mail/compose.ts). The course, event or offer comes already looked up in the CMS in the visitor's
// language, with its English title for the staff's note, which names it as every other mail, page and
// download of the staff does, so one item has one name in their mailbox.

// `input.course` is the course's key, as posted and stored. `today` is the site's date: a next cohort
// already started is not announced. With payments on this site, the confirmation's link is the record's
// pay link instead of the course's external payment page.
export function enrolmentMails(
  input: EnrolmentInput,
  course: Course & { englishTitle?: string; payIn?: PaymentCurrency },
  ctx: MailContext,
  lang: Lang,
  today: string,
  pay?: PayLink,
): NewMail[] {
  const t = visitorMails[lang].enrolment;
  // In the currency the visitor chose, for a course sold in several.
  const fee = courseCost(course, lang, course.payIn);
  const nextCohort = course.nextCohortDate && course.nextCohortDate >= today ? course.nextCohortDate : null;
  const named = course.englishTitle ?? input.course;
  return [
    staffNote(
      ctx.staff,
      staff.enrolment.subject(named),
      {
        heading: staff.enrolment.heading,
        paragraphs: [staff.enrolment.text(input.name, named)],
        rows: [
          [staff.rows.name, input.name],
          [staff.rows.email, input.email],
          [staff.rows.phone, input.phone],
          [staff.rows.gender, genderLabels[input.gender]],
          [staff.rows.country, input.country],
          [staff.rows.course, named],
          [staff.rows.fee, formatCost(course.cost, defaultLang)],
          ...(nextCohort
            ? [[staff.rows.nextCohort, formatDates(nextCohort, undefined, defaultLang)] as [string, string]]
            : []),
          languageRow(lang),
        ],
      },
      { heldBack: heldBack(named, lang) },
      input.email,
    ),
    confirmation(input.email, t.subject(course.title), {
      lang,
      heading: t.heading(course.title),
      paragraphs: [course.pay_link ? t.paid(fee) : t.free, ...(pay ? [t.payValid(pay.days)] : [])],
      rows: [
        [t.course, course.title],
        [t.duration, course.duration],
        [t.fee, course.pay_link ? fee : t.noFee],
        ...(nextCohort ? [[t.nextCohort, formatDates(nextCohort, undefined, lang)] as [string, string]] : []),
      ],
      ...(pay
        ? { link: { href: pay.href, label: t.pay } }
        : course.pay_link
          ? { link: { href: course.pay_link, label: t.pay } }
          : {}),
    }),
  ];
}

export function contactMails(input: ContactInput, ctx: MailContext, lang: Lang): NewMail[] {
  const t = visitorMails[lang].contact;
  return [
    staffNote(
      ctx.staff,
      staff.contact.subject(input.name),
      {
        heading: staff.contact.heading(input.name),
        paragraphs: [staff.contact.text(input.name, input.email)],
        quote: input.message,
        rows: [languageRow(lang)],
      },
      { sent: staff.acknowledged, heldBack: staff.contactHeldBack },
      input.email,
    ),
    // The acknowledgement: none of the sender's words, so the form cannot carry a text to a stranger.
    confirmation(input.email, t.subject(ctx.siteName), {
      lang,
      heading: t.heading,
      paragraphs: [t.received(ctx.siteName), t.answer(CONTACT_REPLY_DAYS)],
    }),
  ];
}

// With places, the visitor's confirmation carries its place's parts (lib/places/mails.ts).
// A paid place's confirmation carries its ticket kind and its pay link (docs/product.md §14).
export function eventMails(
  input: EventInput,
  event: SiteEvent & { englishTitle: string; englishTicket?: string },
  ctx: MailContext,
  lang: Lang,
  today: string,
  parts: ConfirmationParts = {},
): NewMail[] {
  const name = `${input.firstName} ${input.lastName}`;
  const title = event.englishTitle;
  const ticket = event.tickets?.find((kind) => kind.id === input.ticket)?.name;
  return [
    staffNote(
      ctx.staff,
      staff.event.subject(title),
      {
        heading: staff.event.heading(title),
        paragraphs: [staff.event.text(name, title)],
        rows: [
          [staff.rows.firstName, input.firstName],
          [staff.rows.lastName, input.lastName],
          [staff.rows.email, input.email],
          ...(event.englishTicket ? [[staff.rows.ticket, event.englishTicket] as [string, string]] : []),
          languageRow(lang),
        ],
      },
      { heldBack: heldBack(title, lang) },
      input.email,
    ),
    eventConfirmation(input.email, event, ctx, lang, today, parts.place, { pay: parts.pay, ticket }),
  ];
}

// With payments on this site, the confirmation asks for the price (or the deposit); with places, it
// carries the way to give the place back (lib/places/mails.ts).
export function offerMails(
  input: OfferInput,
  offer: Offer & { englishTitle: string },
  ctx: MailContext,
  lang: Lang,
  parts: ConfirmationParts = {},
): NewMail[] {
  const title = offer.englishTitle;
  return [
    staffNote(
      ctx.staff,
      staff.offer.subject(title),
      {
        heading: staff.offer.heading(title),
        paragraphs: [staff.offer.text(`${input.firstName} ${input.lastName}`)],
        rows: [
          [staff.rows.email, input.email],
          [staff.rows.firstName, input.firstName],
          [staff.rows.lastName, input.lastName],
          [staff.rows.gender, genderLabels[input.gender]],
          [staff.rows.degree, degreeLabels[input.degree]],
          [staff.rows.occupation, input.occupation],
          [staff.rows.country, input.country],
          languageRow(lang),
        ],
      },
      { heldBack: heldBack(title, lang) },
      input.email,
    ),
    offerConfirmation(input.email, offer, ctx, lang, parts),
  ];
}
