import type { degrees, genders } from '@/lib/forms/options';

// The shape of the forms' words in one language (en.ts, fr.ts); index.ts pairs them as a Localised
// record, so a text missing in either language fails the type check.

// What the browser shows before the server answers: labels, hints, options, buttons and the texts of
// a send that never reached the server. Plain strings, passed from the page (a server component) to
// the form, so a page carries only its own language.
export interface FormUi {
  labels: {
    name: string;
    fullName: string;
    email: string;
    phone: string;
    gender: string;
    country: string;
    message: string;
    firstName: string;
    lastName: string;
    degree: string;
    occupation: string;
    // A paid event's ticket kind (docs/product.md §14).
    ticket: string;
  };
  phoneHint: string;
  choose: string;
  genders: Record<(typeof genders)[number], string>;
  degrees: Record<(typeof degrees)[number], string>;
  submit: { enrol: string; contactUs: string; subscribe: string; registerEvent: string; registerOffer: string };
  sending: string;
  tryAgain: string;
  timedOut: string;
  // Read by screen readers after a link that opens a new tab.
  newTab: string;
  // A form sent without a network waits on the device (lib/offline/waiting-forms.ts): what the visitor
  // sees meanwhile, the button that drops it, and the word shown when it finally went.
  savedOffline: string;
  cancelWaiting: string;
  waitingCancelled: string;
  sent: string;
  // The label of the field people never see (the honeypot), read by bots and assistive tools alike.
  honeypot: string;
  // A full event's or offer's form (docs/product.md §9): what it says above its fields, and its button.
  waitlistIntro: string;
  joinWaitlist: string;
}

// A field as the checks' sentences name it ('your name').
export type CheckedField = 'name' | 'country' | 'course' | 'message' | 'firstName' | 'lastName' | 'occupation';

// The checks' messages (lib/forms/schemas.ts builds the schemas of a language from them). Loaded by the
// browser on demand, with the schemas.
export interface CheckWords {
  enter(field: string): string;
  keepUnder(field: string, max: number): string;
  oneLine(field: string): string;
  controls(field: string): string;
  invisible(field: string): string;
  encoded(field: string): string;
  fields: Record<CheckedField | 'email', string>;
  emailLike: string;
  phoneEnter: string;
  phonePattern: string;
  phoneDigits: string;
  gender: string;
  degree: string;
  // A paid event's ticket kind, none chosen or not one of the form's.
  ticket: string;
}

// What the server answers (lib/forms/submit.ts, lib/forms/registry.ts).
export interface AnswerWords {
  xsrf: string;
  rateLimited(seconds: number): string;
  invalid: string;
  botFailed: string;
  notStored: string;
  notConfirmed: string;
  tryAgain: string;
  courseUnknown: string;
  eventUnknown: string;
  // A paid event's ticket kind: none chosen, or one the event does not sell (a forged or stale post).
  ticketChoose: string;
  ticketUnknown: string;
  offerUnknown: string;
  enroled: string;
  enroledPaid(course: string, cost: string): string;
  enroledFree(course: string): string;
  payLink: string;
  // With payments online (docs/product.md §14): the answer's pay link, what an offer's reservation
  // pays, and how long the link in the confirmation mail works.
  payNow(amount: string, deposit: boolean): string;
  offerPay(amount: string, deposit: boolean): string;
  payLater(days: number): string;
  contactSent: string;
  contactDetail: string;
  welcome: string;
  checkInbox: string;
  // An event whose registration an external page takes (no places here): the way on to it.
  eventContinue: string;
  eventDetail: string;
  eventLink: string;
  // An event whose registration is the site's: with places (a check-in code follows), or without.
  eventPlace: string;
  eventPlaceDetail: string;
  eventRegistered: string;
  eventRegisteredDetail: string;
  // The reminders still to come, by their days before the event (of REMINDER_DAYS, lib/constants.ts),
  // said after the detail; none: nothing.
  remindersAhead(days: readonly number[]): string;
  offerReserved: string;
  // The same person again for the same course or offer (nothing stored): whether their place is paid,
  // and, owing, that the mail to their address has the link to pay (sent again once a day).
  alreadyRegistered: string;
  alreadyPaid: string;
  payLinkMailed: string;
  alreadyDetail: string;
  // On the waiting list of a full event or offer, at a position.
  waitlisted: string;
  waitlistPosition(position: number): string;
  // The link under the answer to a form of a page from another build (lib/forms/answer-page.ts).
  backToPage: string;
  // A registration refused by the calendar or the capacity (docs/product.md §9); a full one is offered
  // the waiting list.
  eventClosed: string;
  eventFull: string;
  // A ticket kind whose places are all taken, while others may still be open.
  ticketFull: string;
  // An enrolment in a course staff closed (isActive off in the content).
  courseClosed: string;
  offerClosed: string;
  offerFull: string;
}

export interface FormTexts {
  ui: FormUi;
  checks: CheckWords;
  answers: AnswerWords;
}
