import { CONTACT_REPLY_DAYS, DAILY_CONFIRMATIONS, SITE_TIME_ZONE } from '@/lib/constants';
import { findEvent, findOffer, offerPath } from '@/lib/content';
import { cohortStart, eventDates, offerEnds } from '@/lib/content/facts';
import { externalRegistration, remindersAhead } from '@/lib/content/schedule';
import type { Course, Offer, SiteEvent } from '@/lib/content/types';
import { degreeLabels, genderLabels } from '@/lib/forms/options';
import type { ContactInput, EnrolmentInput, EventInput, OfferInput } from '@/lib/forms/schemas';
import { defaultLang, locales, localeUrl, type Lang } from '@/lib/i18n';
import { formatCost, formatDates, formatMoney, formatPercent } from '@/lib/i18n/format';
import { receiptOf } from '@/lib/payments/receipt';
import type { NewMail, PayableCollection, RecordData } from '@/lib/storage';
import { staffMails } from '@/messages/mails/staff';
import { visitorMails } from '@/messages/mails/visitor';

import { eventCalendar } from './ics';
import { renderLetter, type Letter } from './letter';

// What each accepted submission sends: a note to the staff inbox (in English, naming the visitor's
// language) and, where it helps, a confirmation to the visitor in the language of their page. The
// spec's mail forwarding of contact messages is the staff note with reply-to set. The course, event or
// offer comes already looked up in the visitor's language (lib/forms/registry.ts).
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

// The day's cap on confirmations to one address, from every form together (NewMail.dailyCap): the day
// is the server's UTC day, as the once-a-day markers count it.
export function confirmationCap(to: string, now: number): NonNullable<NewMail['dailyCap']> {
  const day = new Date(now).toISOString().slice(0, 10);
  return { key: JSON.stringify(['confirmations', to.trim().toLowerCase(), day]), limit: DAILY_CONFIRMATIONS };
}

// A payment taken on this site (docs/product.md §14): the record's pay link, the amount as the visitor's
// language writes it, whether it is an offer's deposit, and for how many days the link works.
export interface PayLink {
  href: string;
  amount: string;
  deposit: boolean;
  days: number;
}

// What a confirmation of a registration carries beyond the item's facts: with places, its place's
// parts; with payments on this site, the record's pay link. A paid registration with places gets both.
export interface ConfirmationParts {
  place?: PlaceParts;
  pay?: PayLink;
}

function mail(to: string, subject: string, letter: Letter, extra: Partial<NewMail> = {}): NewMail {
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
): NewMail {
  const ended = (last?: string) => ({ ...letter, paragraphs: [...letter.paragraphs, ...(last ? [last] : [])] });
  return mail(to, subject, ended(ending.sent), {
    replyTo,
    ifHeldBack: { subject, ...renderLetter(ended(ending.heldBack)) },
  });
}

// A visitor's confirmation: the letter, then why they got it.
function confirmation(to: string, subject: string, letter: Letter & { lang: Lang }, extra: Partial<NewMail> = {}) {
  const notYou = visitorMails[letter.lang].notYou;
  return mail(to, subject, { ...letter, paragraphs: [...letter.paragraphs, notYou] }, extra);
}

const staff = staffMails;
// The staff's notes are in English (the default language) and name the language the visitor used.
const languageNames = new Intl.DisplayNames([locales[defaultLang].htmlLang], { type: 'language' });
const languageName = (lang: Lang) => languageNames.of(locales[lang].htmlLang) ?? lang;
const languageRow = (lang: Lang): [string, string] => [staff.rows.language, languageName(lang)];
const heldBack = (item: string, lang: Lang) => staff.heldBack(item, languageName(lang));

// `input.course` is the course's key, as posted and stored; `course` is the course in the visitor's
// language, with its English title for the staff's note. `today` is the site's date: a next cohort already started is not announced.
// With payments on this site, the confirmation's link is the record's pay link instead of the course's
// external payment page.
export function enrolmentMails(
  input: EnrolmentInput,
  course: Course & { englishTitle?: string },
  ctx: MailContext,
  lang: Lang,
  today: string,
  pay?: PayLink,
): NewMail[] {
  const t = visitorMails[lang].enrolment;
  const fee = formatCost(course.cost, lang);
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

// What a registration with places carries besides the item's facts (lib/places/links.ts makes it): the
// signed link of the page where its place is given back, and for an event the check-in code with its
// QR code (a PNG, base64).
export interface PlaceParts {
  cancelUrl: string;
  checkIn?: { code: string; png: string };
}

// The check-in code as it is read aloud: two groups of three.
export const spokenCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;
const QR_CID = 'check-in';
const QR_SIZE = 200;

// A confirmation's check-in code and the way to give the place back, laid into its letter.
function withPlace(letter: Letter & { lang: Lang }, place: PlaceParts | undefined, extra: Partial<NewMail>) {
  if (!place) return { letter, extra };
  const t = visitorMails[letter.lang];
  const { checkIn } = place;
  return {
    letter: {
      ...letter,
      paragraphs: [...letter.paragraphs, ...(checkIn ? [t.event.atTheDoor] : [])],
      rows: [
        ...(letter.rows ?? []),
        ...(checkIn ? [[t.event.code, spokenCode(checkIn.code)] as [string, string]] : []),
      ],
      ...(checkIn ? { image: { cid: QR_CID, alt: t.event.qrAlt(spokenCode(checkIn.code)), size: QR_SIZE } } : {}),
      footLink: { href: place.cancelUrl, label: t.cantCome },
    },
    extra: {
      ...extra,
      attachments: [
        ...(extra.attachments ?? []),
        ...(checkIn
          ? [
              {
                filename: 'check-in.png',
                contentType: 'image/png',
                content: checkIn.png,
                encoding: 'base64' as const,
                cid: QR_CID,
              },
            ]
          : []),
      ],
    },
  };
}

// `event` is the event in the visitor's language; the staff's note names it by its English title, as
// every other mail, page and download of the staff does, so one event has one name in their mailbox.
// `today` is the site's date: a calendar only wants what is still to come.
export function eventMails(
  input: EventInput,
  event: SiteEvent & { englishTitle?: string },
  ctx: MailContext,
  lang: Lang,
  today: string,
  place?: PlaceParts,
): NewMail[] {
  const name = `${input.firstName} ${input.lastName}`;
  // The English title as the CMS has it now (the form's schema reads it), else data/'s.
  const title = event.englishTitle ?? findEvent(event.slug)?.title ?? event.title;
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
          languageRow(lang),
        ],
      },
      { heldBack: heldBack(title, lang) },
      input.email,
    ),
    eventConfirmation(input.email, event, ctx, lang, today, place),
  ];
}

// The visitor's confirmation of an event: its dates and place, the calendar invitation while it is to
// come, and with places, the check-in code and the way to give the place back.
export function eventConfirmation(
  to: string,
  event: SiteEvent,
  ctx: MailContext,
  lang: Lang,
  today: string,
  place?: PlaceParts,
): NewMail {
  const t = visitorMails[lang].event;
  const dates = eventDates(event, lang);
  const invite = event.startDate >= today;
  // With an external registration page (no places here), the way on to it; else the site's registration
  // is the whole of it. Either way, the reminders still to come are named.
  const external = externalRegistration(event);
  const ahead = remindersAhead(event, today);
  const { letter, extra } = withPlace(
    {
      lang,
      heading: t.heading(event.inSentence),
      paragraphs: [
        t.when(event.inSentence, dates, event.location),
        ...(external ? [invite ? t.finishWithInvite : t.finish] : invite ? [t.invite] : []),
        ...(ahead.length > 0 ? [t.follows(ahead)] : []),
      ],
      rows: [
        [t.dates, dates],
        [t.where, event.location],
      ],
      ...(external ? { link: { href: external, label: t.link } } : {}),
    },
    place,
    invite ? { attachments: [eventInvite(event, ctx, lang)] } : {},
  );
  return confirmation(to, t.subject(event.title), letter, extra);
}

// A registrant's reminder of an event, `days` before it starts (7 or 1), in their language: when and where,
// the calendar invitation, their check-in code with its QR code and the way to give the place back.
export function eventReminder(
  to: string,
  event: SiteEvent,
  ctx: MailContext,
  lang: Lang,
  days: number,
  place: PlaceParts,
): NewMail {
  const t = visitorMails[lang];
  const dates = eventDates(event, lang);
  const zone = event.timeZone ?? SITE_TIME_ZONE;
  const { letter, extra } = withPlace(
    {
      lang,
      heading: t.eventReminder.heading(event.inSentence, days),
      // A week before, the day before's reminder is still to come.
      paragraphs: [t.event.when(event.inSentence, dates, event.location), ...(days > 1 ? [t.event.follows([1])] : [])],
      rows: [
        [t.event.dates, dates],
        ...(event.startTime && event.endTime
          ? [
              [
                t.eventReminder.time,
                t.eventReminder.hours(event.startTime, event.endTime, zone.split('/').at(-1)!.replaceAll('_', ' ')),
              ] as [string, string],
            ]
          : []),
        [t.event.where, event.location],
      ],
    },
    place,
    { attachments: [eventInvite(event, ctx, lang)] },
  );
  return confirmation(to, t.eventReminder.subject(event.title, days), letter, extra);
}

// The calendar invitation of an event, in the visitor's language.
export function eventInvite(event: SiteEvent, ctx: MailContext, lang: Lang) {
  return {
    filename: 'invite.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: eventCalendar(event, lang, {
      siteUrl: ctx.siteUrl,
      organizerEmail: ctx.staff,
      organizerName: ctx.siteName,
    }),
  };
}

// `offer` is the offer in the visitor's language, named by its English title for the staff, as for events.
// With payments on this site, the confirmation asks for the price (or the deposit) and links to the
// record's pay link instead of the offer's page; with places, it carries the way to give the place back.
export function offerMails(
  input: OfferInput,
  offer: Offer & { englishTitle?: string },
  ctx: MailContext,
  lang: Lang,
  parts: ConfirmationParts = {},
): NewMail[] {
  const title = offer.englishTitle ?? findOffer(offer.slug)?.title ?? offer.title;
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

export function offerConfirmation(
  to: string,
  offer: Offer,
  ctx: MailContext,
  lang: Lang,
  { place, pay }: ConfirmationParts = {},
) {
  const t = visitorMails[lang].offer;
  const { letter, extra } = withPlace(
    {
      lang,
      heading: t.heading,
      paragraphs: [
        t.thanks,
        ...(pay ? [t.pay(pay.amount, pay.deposit), visitorMails[lang].enrolment.payValid(pay.days)] : []),
      ],
      rows: [
        [t.programme, offer.title],
        [t.start, cohortStart(offer, lang)],
        [
          t.price,
          t.priceText(
            formatMoney(offer.nowPrice, lang),
            formatMoney(offer.wasPrice, lang),
            formatPercent(offer.discountPercent, lang),
            offerEnds(offer, lang),
          ),
        ],
      ],
      link: pay
        ? { href: pay.href, label: t.payLink(pay.amount, pay.deposit) }
        : { href: localeUrl(ctx.siteUrl, lang, offerPath(offer)), label: t.link },
    },
    place,
    {},
  );
  return confirmation(to, t.subject(offer.title), letter, extra);
}

// A full event or offer's waiting list (docs/product.md §9): the staff's note, and the visitor's mail
// saying they wait, with the way to leave the list. `item` is in the visitor's language; the staff's
// note names it by its English title.
export function waitlistMails(
  person: { firstName: string; lastName: string; email: string },
  item: { title: string; inSentence: string; englishTitle: string },
  ctx: MailContext,
  lang: Lang,
  offerHours: number,
  place: PlaceParts,
): NewMail[] {
  const t = visitorMails[lang].waitlist;
  const name = `${person.firstName} ${person.lastName}`;
  return [
    staffNote(
      ctx.staff,
      staff.waitlist.subject(item.englishTitle),
      {
        heading: staff.waitlist.heading(item.englishTitle),
        paragraphs: [staff.waitlist.text(name, item.englishTitle)],
        rows: [
          [staff.rows.firstName, person.firstName],
          [staff.rows.lastName, person.lastName],
          [staff.rows.email, person.email],
          languageRow(lang),
        ],
      },
      { heldBack: heldBack(item.englishTitle, lang) },
      person.email,
    ),
    confirmation(person.email, t.subject(item.title), {
      lang,
      heading: t.heading,
      paragraphs: [t.text(item.inSentence), t.offerHours(offerHours)],
      footLink: { href: place.cancelUrl, label: t.leave },
    }),
  ];
}

// A freed place offered to the first person waiting, held for them until `until` (written in their
// language): the link opens a page whose button takes it.
export function seatOfferMail(
  to: string,
  item: { title: string; inSentence: string },
  lang: Lang,
  claimUrl: string,
  until: string,
): NewMail {
  const t = visitorMails[lang].seatOffer;
  return confirmation(to, t.subject(item.title), {
    lang,
    heading: t.heading,
    paragraphs: [t.text(item.inSentence, until), t.passes],
    link: { href: claimUrl, label: t.claim },
  });
}

// A freed place taken: the staff's note, and the visitor's confirmation made by the caller.
export function claimNote(ctx: MailContext, person: string, englishTitle: string): NewMail {
  return mail(ctx.staff, staff.claimed.subject(englishTitle), {
    heading: staff.claimed.subject(englishTitle),
    paragraphs: [staff.claimed.text(person, englishTitle)],
  });
}

// The receipt of a paid record, in the visitor's language, with a link to its printable page: the same
// words whoever paid (docs/product.md §14).
export async function receiptMail(
  collection: PayableCollection,
  data: RecordData,
  lang: Lang,
  receiptHref: string,
  timeZone: string,
): Promise<NewMail> {
  const t = visitorMails[lang].receipt;
  const receipt = await receiptOf(collection, data, lang, timeZone);
  return mail(String(data.email), t.subject(receipt.item), {
    lang,
    heading: t.heading,
    paragraphs: [t.thanks, t.keep],
    rows: [...receipt.rows, ...receipt.organisation],
    link: { href: receiptHref, label: t.printable },
  });
}

// A reminder staff send to someone who has not paid (docs/product.md §14): the amount due and the pay link.
export async function paymentReminder(
  collection: PayableCollection,
  data: RecordData,
  lang: Lang,
  pay: { href: string; amount: string },
  timeZone: string,
): Promise<NewMail> {
  const t = visitorMails[lang].reminder;
  const { item } = await receiptOf(collection, data, lang, timeZone);
  return confirmation(String(data.email), t.subject(item), {
    lang,
    heading: t.heading,
    paragraphs: [t.text(pay.amount, item)],
    link: { href: pay.href, label: t.link(pay.amount) },
  });
}

// The pay link again, to someone who registered a second time for what they have not paid (lib/forms/
// submit.ts): the stored record's own link, in the language they posted in.
export async function payLinkAgain(
  collection: PayableCollection,
  data: RecordData,
  lang: Lang,
  pay: { href: string; amount: string },
): Promise<NewMail> {
  const t = visitorMails[lang].payAgain;
  const { item } = await receiptOf(collection, data, lang, SITE_TIME_ZONE);
  return confirmation(String(data.email), t.subject(item), {
    lang,
    heading: t.heading,
    paragraphs: [t.text(pay.amount, item)],
    link: { href: pay.href, label: t.link(pay.amount) },
  });
}
