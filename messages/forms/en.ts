import { degreeLabels, genderLabels } from '@/lib/forms/options';

import { remindersBefore } from '../reminders';
import { count } from '../units';
import type { FormTexts } from './types';

const counted = count('en');

// The forms' words in English: the specification's texts (docs/product.md §4-5, §8).
export const en = {
  ui: {
    labels: {
      name: 'Name',
      fullName: 'Full name',
      email: 'Email',
      phone: 'Phone',
      gender: 'Gender',
      country: 'Country',
      message: 'Message',
      firstName: 'First name',
      lastName: 'Last name',
      degree: 'Highest degree',
      occupation: 'Occupation',
      ticket: 'Ticket',
    },
    phoneHint: 'With your country code, e.g. +234 801 234 5678',
    choose: 'Choose…',
    genders: genderLabels,
    degrees: degreeLabels,
    submit: {
      enrol: 'Enrol',
      contactUs: 'Send message',
      subscribe: 'Subscribe',
      registerEvent: 'Register',
      registerOffer: 'Save My Spot',
    },
    sending: 'Sending…',
    tryAgain: 'Try again',
    timedOut: 'Try again: our server did not answer within 20 seconds. Sending again is safe.',
    newTab: ' (opens in a new tab)',
    savedOffline: 'Saved on this phone. It will be sent when you are back online.',
    cancelWaiting: 'Cancel sending',
    waitingCancelled: 'Not sent: removed from this phone.',
    sent: 'Sent',
    honeypot: 'Leave this field empty',
    waitlistIntro:
      'Every place is taken. Join the waiting list: when a place frees up, it is offered by email to the first person waiting.',
    joinWaitlist: 'Join the waiting list',
  },
  checks: {
    enter: (field) => `Enter ${field}`,
    keepUnder: (field, max) => `Keep ${field} under ${counted(max + 1, 'character')}`,
    oneLine: (field) => `Keep ${field} on one line, without tabs`,
    controls: (field) => `Remove the control characters from ${field}`,
    invisible: (field) => `Remove the invisible or text-direction characters from ${field}`,
    encoded: (field) => `Remove the "=?…?=" code from ${field}`,
    fields: {
      name: 'your name',
      email: 'your email address',
      country: 'your country',
      course: 'the course',
      message: 'your message',
      firstName: 'your first name',
      lastName: 'your last name',
      occupation: 'your occupation',
    },
    emailLike: 'Enter an email address like name@example.com',
    phoneEnter: 'Enter your phone number',
    phonePattern: 'Enter a phone number of 7 to 20 digits; you may use +, spaces, dashes and brackets',
    phoneDigits: 'Enter at least 7 digits',
    gender: 'Choose a gender',
    degree: 'Choose your highest degree',
    ticket: 'Choose a ticket',
  },
  answers: {
    xsrf: 'This form has expired or did not come from our site. Reload the page and send it again.',
    rateLimited: (seconds) =>
      `Too many attempts from your connection. Please wait ${counted(seconds, 'second')} and try again.`,
    invalid: 'Please correct the fields marked below.',
    botFailed: 'We could not confirm that you are a person. Please wait a moment and send the form again.',
    notStored: 'We could not save your submission and nothing was stored. Please try again in a moment.',
    notConfirmed:
      'Saving your submission is taking too long, so we cannot confirm it arrived. Please try again in a few minutes.',
    tryAgain: 'Try again',
    courseUnknown: 'Choose one of the academy’s courses',
    eventUnknown: 'This event does not exist',
    ticketChoose: 'Choose a ticket',
    ticketUnknown: 'This ticket is not sold for this event: choose one of its tickets',
    offerUnknown: 'This offer does not exist',
    enroled: 'Enroled',
    enroledPaid: (course, cost) =>
      `You are enroled in ${course}. Pay the ${cost} registration fee on the payment page to confirm your place.`,
    enroledFree: (course) => `You are enroled in ${course}. This course is free: we will email you the details.`,
    payLink: 'Go to the payment page',
    payNow: (amount, deposit) => (deposit ? `Pay the ${amount} deposit now` : `Pay ${amount} now`),
    offerPay: (amount, deposit) =>
      deposit ? `Pay the ${amount} deposit to confirm your place.` : `Pay ${amount} to confirm your place.`,
    payLater: (days) => `The link is in your confirmation mail too, and works for ${counted(days, 'day')}.`,
    contactSent: 'Message sent successfully',
    contactDetail: 'We will get in touch soon',
    welcome: 'Welcome to the Baobab Data community!',
    // What every sign-up hears, new, pending, confirmed or unsubscribed alike, so the form tells nobody
    // whether an address is on the list; the local list and Mailchimp both ask the address to confirm.
    checkInbox: 'Check your inbox to confirm your subscription.',
    eventContinue: 'Continue your registration',
    eventDetail: 'Your details are saved. Finish your registration on the event page that opens next.',
    eventLink: 'Continue to the registration page',
    eventPlace: 'Your place is booked',
    eventPlaceDetail: 'Your confirmation, with your check-in code, is on its way to your inbox.',
    eventRegistered: 'You are registered',
    eventRegisteredDetail: 'Your confirmation is on its way to your inbox.',
    remindersAhead: (days) => (days.length === 0 ? '' : `We will remind you by email ${remindersBefore.en(days)}.`),
    offerReserved: 'Your Spot has been Reserved',
    alreadyRegistered: 'You are already registered',
    alreadyPaid: 'We already have your registration with this address, and your place is paid. Nothing new was saved.',
    payLinkMailed:
      'We already have your registration with this address, so nothing new was saved. The link to pay is in our mail to that address.',
    alreadyDetail: 'We already have your registration with this address, so nothing new was saved.',
    courseClosed: 'This course is closed for now, so it takes no enrolments. Nothing was saved.',
    waitlisted: 'You are on the waiting list',
    waitlistPosition: (position) =>
      `You are number ${position} on the waiting list. If a place frees up for you, we will email you an offer.`,
    backToPage: 'Back to the page',
    eventClosed: 'Registration for this event is closed: it has already taken place. Nothing was saved.',
    eventFull:
      'Every place for this event is now taken, so nothing was saved. You can join the waiting list with the button below.',
    ticketFull:
      'Every place with this ticket is now taken, so nothing was saved. You can join its waiting list with the button below, or choose another ticket.',
    offerClosed: 'This offer has ended, so it cannot be reserved any more. Nothing was saved.',
    offerFull:
      'Every spot of this offer is now taken, so nothing was saved. You can join the waiting list with the button below.',
  },
} satisfies FormTexts;
