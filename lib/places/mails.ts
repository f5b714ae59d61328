import { REMINDER_DAYS, SITE_TIME_ZONE, type PaymentCurrency } from '@/lib/constants';
import { offerPath } from '@/lib/content';
import { cohortStart, eventDates, offerAmountsText, offerEnds } from '@/lib/content/facts';
import { externalRegistration, remindersAhead } from '@/lib/content/schedule';
import type { Offer, SiteEvent } from '@/lib/content/types';
import { localeUrl, type Lang } from '@/lib/i18n';
import { formatPercent } from '@/lib/i18n/format';
import { confirmation, heldBack, languageRow, newMail, staffNote, type MailContext } from '@/lib/mail/compose';
import { eventCalendar } from '@/lib/mail/ics';
import type { Letter } from '@/lib/mail/letter';
import type { PayLink } from '@/lib/payments';
import type { NewMail } from '@/lib/storage';
import { staffMails as staff } from '@/messages/mails/staff';
import { visitorMails } from '@/messages/mails/visitor';

// The event day's mails (docs/product.md §9): the confirmations of an event or offer with their place,
// the reminders before an event, the waiting list's, the offer of a freed place and the staff's note
// when it is taken. The event or offer comes already looked up in the visitor's language.

// What a registration with places carries besides the item's facts (./links.ts makes it): the signed
// link of the page where its place is given back, and for an event the check-in code with its QR code
// (a PNG, base64).
export interface PlaceParts {
  cancelUrl: string;
  checkIn?: { code: string; png: string };
}

// What a confirmation of a registration carries beyond the item's facts: with places, its place's
// parts; with payments on this site, the record's pay link. A paid registration with places gets both.
export interface ConfirmationParts {
  place?: PlaceParts;
  pay?: PayLink;
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

// The visitor's confirmation of an event: its dates and place, the calendar invitation while it is to
// come, and with places, the check-in code and the way to give the place back. `today` is the site's
// date: a calendar only wants what is still to come.
export function eventConfirmation(
  to: string,
  event: SiteEvent,
  ctx: MailContext,
  lang: Lang,
  today: string,
  place?: PlaceParts,
  paid: { pay?: PayLink; ticket?: string } = {},
): NewMail {
  const t = visitorMails[lang].event;
  const { pay, ticket } = paid;
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
        // A paid place (docs/product.md §14): what to pay, as an offer's confirmation says it.
        ...(pay
          ? [visitorMails[lang].offer.pay(pay.amount, pay.deposit), visitorMails[lang].enrolment.payValid(pay.days)]
          : []),
      ],
      rows: [[t.dates, dates], [t.where, event.location], ...(ticket ? [[t.ticket, ticket] as [string, string]] : [])],
      ...(external
        ? { link: { href: external, label: t.link } }
        : pay
          ? { link: { href: pay.href, label: visitorMails[lang].offer.payLink(pay.amount, pay.deposit) } }
          : {}),
    },
    place,
    invite ? { attachments: [eventInvite(event, ctx, lang)] } : {},
  );
  return confirmation(to, t.subject(event.title), letter, extra);
}

// A registrant's reminder of an event, `days` before it starts (one of REMINDER_DAYS, lib/constants.ts),
// in their language: when and where, the calendar invitation, their check-in code with its QR code and
// the way to give the place back.
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
  // The reminders still to come after this one: those of REMINDER_DAYS nearer the event.
  const later = REMINDER_DAYS.filter((day) => day < days);
  const { letter, extra } = withPlace(
    {
      lang,
      heading: t.eventReminder.heading(event.inSentence, days),
      paragraphs: [
        t.event.when(event.inSentence, dates, event.location),
        ...(later.length > 0 ? [t.event.follows(later)] : []),
      ],
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

// The visitor's confirmation of an offer. With payments on this site, it asks for the price (or the
// deposit) and links to the record's pay link instead of the offer's page; with places, it carries the
// way to give the place back.
export function offerConfirmation(
  to: string,
  offer: Offer & { payIn?: PaymentCurrency },
  ctx: MailContext,
  lang: Lang,
  { place, pay }: ConfirmationParts = {},
) {
  const t = visitorMails[lang].offer;
  // In the currency the visitor chose, for an offer sold in several.
  const amounts = offerAmountsText(offer, lang, offer.payIn);
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
          t.priceText(amounts.now, amounts.was, formatPercent(offer.discountPercent, lang), offerEnds(offer, lang)),
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
  return newMail(ctx.staff, staff.claimed.subject(englishTitle), {
    heading: staff.claimed.subject(englishTitle),
    paragraphs: [staff.claimed.text(person, englishTitle)],
  });
}
