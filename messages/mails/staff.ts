import { DAILY_CONFIRMATIONS } from '@/lib/constants';

// The words of the mails the staff receive: the note about each submission and the daily digest. In
// English only, whatever the visitor's language (each note names it in a row); whole sentences, with
// their values as parameters.
export const staffMails = {
  rows: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    gender: 'Gender',
    country: 'Country',
    course: 'Course',
    fee: 'Registration fee',
    firstName: 'First name',
    lastName: 'Last name',
    degree: 'Highest degree',
    occupation: 'Occupation',
    language: 'Language',
    nextCohort: 'Next cohort starts',
    ticket: 'Ticket',
  },
  // When a visitor's confirmation is held back (at most one a day per address, item and language), the
  // staff's note says so; a contact message's note says what the sender was sent.
  heldBack: (item: string, language: string) =>
    `No confirmation was sent for this submission: this address already received today the confirmation about ${item} in ${language}, with everything it needs (the same dates, prices and links), or the day's ${DAILY_CONFIRMATIONS} confirmations from our forms (the limit that keeps anyone from flooding an inbox through them).`,
  acknowledged: 'The sender was sent an acknowledgement that contains none of their text.',
  contactHeldBack: `No acknowledgement was sent for this message: this address already received one today in the same language, or the day's ${DAILY_CONFIRMATIONS} confirmations from our forms.`,
  enrolment: {
    subject: (course: string) => `New enrolment: ${course}`,
    heading: 'New enrolment',
    text: (name: string, course: string) => `${name} enroled in ${course}.`,
  },
  contact: {
    subject: (name: string) => `Message from ${name} via the website`,
    heading: (name: string) => `Message from ${name}`,
    text: (name: string, email: string) =>
      `${name} <${email}> wrote through the contact form. Reply to this email to answer them.`,
  },
  event: {
    subject: (event: string) => `New registration: ${event}`,
    heading: (event: string) => `New registration for ${event}`,
    text: (name: string, event: string) => `${name} registered for ${event}.`,
  },
  offer: {
    subject: (offer: string) => `Spot reserved: ${offer}`,
    heading: (offer: string) => `New reservation for ${offer}`,
    text: (name: string) => `${name} reserved a spot.`,
  },
  // The waiting list of a full event or offer, and a freed place taken from it.
  waitlist: {
    subject: (item: string) => `Waiting list: ${item}`,
    heading: (item: string) => `Someone is waiting for ${item}`,
    text: (name: string, item: string) => `${name} joined the waiting list for ${item}: every place was taken.`,
  },
  claimed: {
    subject: (item: string) => `Freed place taken: ${item}`,
    text: (name: string, item: string) =>
      `${name} took the place offered to them from the waiting list for ${item}. They were sent their confirmation (for an event, with their check-in code).`,
  },
  digest: {
    subject: (site: string, total: number, date: string) =>
      `${site} digest: ${total} new submission${total === 1 ? '' : 's'} (${date})`,
    heading: (total: number) => `${total} new submission${total === 1 ? '' : 's'}`,
    period: (from: string, to: string, timeZone: string) => `From ${from} to ${to} (${timeZone} time).`,
    nothingNew: 'Nothing new came in.',
    // A form's line: its name, the latest few names, how many more, and its page in the workspace.
    form: (form: string, names: string[], more: number, link: string) =>
      `${form}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}. ${link}`,
    // `atLeast`: the count reached the cap it was counted up to.
    waiting: (n: number, atLeast: boolean, link: string) =>
      `${atLeast ? `${n} or more` : n} contact ${n === 1 ? 'message still needs' : 'messages still need'} a reply: ${link}`,
    everything: (workspace: string) => `Everything is in the staff workspace: ${workspace}`,
    tooBig: (workspace: string) => `Too many to attach: download them from the staff workspace, ${workspace}`,
    attached: 'Each form’s new submissions are attached as a CSV file, which opens in any spreadsheet.',
    // Payments marked paid in the period, and what came in, per currency ('USD 315.00').
    payments: (count: number, totals: string[], link: string) =>
      `${count} payment${count === 1 ? '' : 's'} came in: ${totals.join(', ')}. ${link}`,
    gifts: (count: number, totals: string[], link: string) =>
      `${count} gift payment${count === 1 ? '' : 's'} came in (first payments and monthly renewals): ${totals.join(', ')}. ${link}`,
  },
};
