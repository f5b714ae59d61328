import { findCourse, findEvent, findOffer, site } from '@/lib/content';
import { cohortStart, eventDates, offerEnds } from '@/lib/content/facts';
import type { Course, Offer, SiteEvent } from '@/lib/content/types';
import { degreeLabels, genderLabels } from '@/lib/forms/options';
import type { ContactInput, EnrolmentInput, EventInput, OfferInput } from '@/lib/forms/schemas';
import { locales, localeUrl, type Lang } from '@/lib/i18n';
import { formatCost, formatMoney } from '@/lib/i18n/format';
import type { NewMessage } from '@/lib/storage';
import { mailTexts } from '@/messages/mail';

import { calendarInvite } from './ics';
import { renderLetter, type Letter } from './letter';

// What each accepted submission sends: a note to the staff inbox (in English, naming the visitor's
// language) and, where it helps, a confirmation to the visitor in the language of their page. The
// spec's mail forwarding of contact messages is the staff note with reply-to set.
export interface MailContext {
  staff: string;
  siteUrl: string;
  siteName: string;
}

function message(to: string, subject: string, letter: Letter, extra: Partial<NewMessage> = {}): NewMessage {
  return { to, subject, ...renderLetter(letter), ...extra };
}

// The staff's notes are in English and say which language the visitor used.
const languageRow = (lang: Lang): [string, string] => ['Language', mailTexts[lang].languageName];

export function enrolmentMessages(input: EnrolmentInput, course: Course, ctx: MailContext, lang: Lang): NewMessage[] {
  // The course in the visitor's language; the staff read the English one.
  const rows = (l: Lang): [string, string][] => {
    const local = findCourse(course.slug, l) ?? course;
    return [
      [mailTexts[l].enrolment.course, local.title],
      [mailTexts[l].enrolment.duration, local.duration],
      [mailTexts[l].enrolment.fee, formatCost(course.cost, l)],
    ];
  };
  const t = mailTexts[lang];
  const title = (findCourse(course.slug, lang) ?? course).title;
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
          ...rows('en'),
          languageRow(lang),
        ],
      },
      { replyTo: input.email },
    ),
    message(input.email, t.enrolment.subject(title), {
      lang,
      heading: t.enrolment.heading(title, input.name),
      paragraphs: [course.pay_link ? t.enrolment.paid(formatCost(course.cost, lang)) : t.enrolment.free],
      rows: rows(lang),
      ...(course.pay_link ? { link: { href: course.pay_link, label: t.enrolment.pay } } : {}),
    }),
  ];
}

export function contactMessages(input: ContactInput, ctx: MailContext, lang: Lang): NewMessage[] {
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
        rows: [languageRow(lang)],
      },
      { replyTo: input.email },
    ),
  ];
}

export function eventMessages(
  input: EventInput,
  event: SiteEvent,
  ctx: MailContext,
  recordKey: string,
  lang: Lang,
): NewMessage[] {
  const name = `${input.firstName} ${input.lastName}`;
  const eventUrl = localeUrl(ctx.siteUrl, lang, `/events/${event.slug}`);
  const t = mailTexts[lang];
  // The event in the visitor's language, for their mail and their calendar.
  const local = findEvent(event.slug, lang) ?? event;
  const dates = eventDates(local, lang);
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
          languageRow(lang),
        ],
      },
      { replyTo: input.email },
    ),
    message(
      input.email,
      t.event.subject(local.title),
      {
        lang,
        heading: t.event.heading(local.title, input.firstName),
        paragraphs: [t.event.when(local.title, dates, local.location), t.event.finish],
        rows: [
          [t.event.dates, dates],
          [t.event.where, local.location],
        ],
        link: { href: event.registrationLink, label: t.event.link },
      },
      {
        attachments: [
          {
            filename: 'invite.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: calendarInvite({
              uid: `${recordKey}@${site.domain}`,
              title: local.title,
              description: `${local.tagline} ${eventUrl}`,
              location: local.location,
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

export function offerMessages(input: OfferInput, offer: Offer, ctx: MailContext, lang: Lang): NewMessage[] {
  const t = mailTexts[lang];
  const local = findOffer(offer.slug, lang) ?? offer;
  const percent = new Intl.NumberFormat(locales[lang].intl, { style: 'percent' }).format(offer.discountPercent / 100);
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
          languageRow(lang),
        ],
      },
      { replyTo: input.email },
    ),
    message(input.email, t.offer.subject(local.title), {
      lang,
      heading: t.offer.heading(input.firstName),
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
