import { CONTACT_REPLY_DAYS, SITE_TIME_ZONE } from '@/lib/constants';
import { findCourse, findEvent, findOffer, site } from '@/lib/content';
import { cohortStart, eventDates, offerEnds } from '@/lib/content/facts';
import type { Course, Offer, SiteEvent } from '@/lib/content/types';
import { degreeLabels, genderLabels } from '@/lib/forms/options';
import type { ContactInput, EnrolmentInput, EventInput, OfferInput } from '@/lib/forms/schemas';
import { intlLocale, localeUrl, type Lang } from '@/lib/i18n';
import { formatCost, formatDates, formatMoney } from '@/lib/i18n/format';
import type { NewMessage } from '@/lib/storage';
import { mailTexts, staffMailTexts } from '@/messages/mail';

import { calendarInvite } from './ics';
import { renderLetter, type Letter } from './letter';

// What each accepted submission sends: a note to the staff inbox (in English, naming the visitor's
// language) and a confirmation to the visitor in the language of their page. The spec's mail
// forwarding of contact messages is the staff note with reply-to set.
//
// Anyone can type anyone's address, so a confirmation carries nothing the sender typed, not even a
// name: only what the site itself says about the course, event or offer (docs/product.md §7). Whoever
// submits first with an address therefore cannot choose what its owner reads, and when a later
// confirmation is held back (lib/forms/submit.ts) the owner already has the same dates and links.
export interface MailContext {
  staff: string;
  siteUrl: string;
  siteName: string;
}

function message(to: string, subject: string, letter: Letter, extra: Partial<NewMessage> = {}): NewMessage {
  return { to, subject, ...renderLetter(letter), ...extra };
}

// The staff's note, ending with what the visitor was sent, or, when their confirmation is held back,
// saying so.
function staffNote(
  to: string,
  subject: string,
  letter: Letter,
  ending: { sent?: string; heldBack: string },
  replyTo: string,
): NewMessage {
  const ended = (last?: string) => ({ ...letter, paragraphs: [...letter.paragraphs, ...(last ? [last] : [])] });
  return message(to, subject, ended(ending.sent), {
    replyTo,
    ifHeldBack: { subject, ...renderLetter(ended(ending.heldBack)) },
  });
}

// A visitor's confirmation: the letter, then why they got it.
function confirmation(to: string, subject: string, letter: Letter & { lang: Lang }, extra: Partial<NewMessage> = {}) {
  const t = mailTexts[letter.lang];
  return message(to, subject, { ...letter, paragraphs: [...letter.paragraphs, t.notYou] }, extra);
}

// The staff's notes are in English and say which language the visitor used.
const languageRow = (lang: Lang): [string, string] => ['Language', mailTexts[lang].languageName];

export function enrolmentMessages(
  input: EnrolmentInput,
  course: Course,
  ctx: MailContext,
  lang: Lang,
  today: string,
): NewMessage[] {
  // The course in the visitor's language; the staff read the English one.
  const rows = (l: Lang): [string, string][] => {
    const local = findCourse(course.slug, l) ?? course;
    return [
      [mailTexts[l].enrolment.course, local.title],
      [mailTexts[l].enrolment.duration, local.duration],
      [mailTexts[l].enrolment.fee, formatCost(course.cost, l)],
      ...(course.nextCohortDate && course.nextCohortDate >= today
        ? [[mailTexts[l].enrolment.nextCohort, formatDates(course.nextCohortDate, undefined, l)] as [string, string]]
        : []),
    ];
  };
  const t = mailTexts[lang];
  const title = (findCourse(course.slug, lang) ?? course).title;
  return [
    staffNote(
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
          ...rows('en'),
          languageRow(lang),
        ],
      },
      { heldBack: staffMailTexts.heldBack(course.title, mailTexts[lang].languageName) },
      input.email,
    ),
    confirmation(input.email, t.enrolment.subject(title), {
      lang,
      heading: t.enrolment.heading(title),
      paragraphs: [course.pay_link ? t.enrolment.paid(formatCost(course.cost, lang)) : t.enrolment.free],
      rows: rows(lang),
      ...(course.pay_link ? { link: { href: course.pay_link, label: t.enrolment.pay } } : {}),
    }),
  ];
}

export function contactMessages(input: ContactInput, ctx: MailContext, lang: Lang): NewMessage[] {
  const t = mailTexts[lang].contact;
  return [
    staffNote(
      ctx.staff,
      `Message from ${input.name} via the website`,
      {
        heading: `Message from ${input.name}`,
        paragraphs: [
          `${input.name} <${input.email}> wrote through the contact form. Reply to this email to answer them.`,
        ],
        quote: input.message,
        rows: [languageRow(lang)],
      },
      { sent: staffMailTexts.acknowledged, heldBack: staffMailTexts.contactHeldBack },
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

export function eventMessages(
  input: EventInput,
  event: SiteEvent,
  ctx: MailContext,
  lang: Lang,
  today: string,
): NewMessage[] {
  const name = `${input.firstName} ${input.lastName}`;
  const eventUrl = localeUrl(ctx.siteUrl, lang, `/events/${event.slug}`);
  const t = mailTexts[lang];
  // The event in the visitor's language, for their mail and their calendar.
  const local = findEvent(event.slug, lang) ?? event;
  const dates = eventDates(local, lang);
  // A calendar only wants what is still to come.
  const invite = event.startDate >= today;
  return [
    staffNote(
      ctx.staff,
      `New registration: ${event.title}`,
      {
        heading: `New registration for ${event.title}`,
        paragraphs: [`${name} registered for ${event.title}.`],
        rows: [
          ['First name', input.firstName],
          ['Last name', input.lastName],
          ['Email', input.email],
          languageRow(lang),
        ],
      },
      { heldBack: staffMailTexts.heldBack(event.title, mailTexts[lang].languageName) },
      input.email,
    ),
    confirmation(
      input.email,
      t.event.subject(local.title),
      {
        lang,
        heading: t.event.heading(local.title),
        paragraphs: [
          t.event.when(local.title, dates, local.location),
          invite ? t.event.finishWithInvite : t.event.finish,
        ],
        rows: [
          [t.event.dates, dates],
          [t.event.where, local.location],
        ],
        link: { href: event.registrationLink, label: t.event.link },
      },
      invite
        ? {
            attachments: [
              {
                filename: 'invite.ics',
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                content: calendarInvite({
                  // One per event: a second invitation updates the first in the calendar.
                  uid: `event-${event.slug}@${site.domain}`,
                  title: local.title,
                  description: `${local.tagline} ${eventUrl}`,
                  location: local.location,
                  startDate: event.startDate,
                  endDate: event.endDate,
                  ...(event.startTime && event.endTime
                    ? {
                        times: {
                          start: event.startTime,
                          end: event.endTime,
                          timeZone: event.timeZone ?? SITE_TIME_ZONE,
                        },
                      }
                    : {}),
                  reminder: t.event.reminder(local.title),
                  url: eventUrl,
                  organizerEmail: ctx.staff,
                  organizerName: ctx.siteName,
                }),
              },
            ],
          }
        : {},
    ),
  ];
}

export function offerMessages(input: OfferInput, offer: Offer, ctx: MailContext, lang: Lang): NewMessage[] {
  const t = mailTexts[lang];
  const local = findOffer(offer.slug, lang) ?? offer;
  const percent = new Intl.NumberFormat(intlLocale[lang], { style: 'percent' }).format(offer.discountPercent / 100);
  return [
    staffNote(
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
          languageRow(lang),
        ],
      },
      { heldBack: staffMailTexts.heldBack(offer.title, mailTexts[lang].languageName) },
      input.email,
    ),
    confirmation(input.email, t.offer.subject(local.title), {
      lang,
      heading: t.offer.heading,
      paragraphs: [t.offer.thanks],
      rows: [
        [t.offer.programme, local.title],
        [t.offer.start, cohortStart(local, lang)],
        [
          t.offer.price,
          t.offer.priceText(
            formatMoney(offer.nowPrice, lang),
            formatMoney(offer.wasPrice, lang),
            percent,
            offerEnds(local, lang),
          ),
        ],
      ],
      link: { href: localeUrl(ctx.siteUrl, lang, `/offers/${offer.slug}`), label: t.offer.link },
    }),
  ];
}
