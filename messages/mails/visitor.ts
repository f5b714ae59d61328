import type { Localised } from '@/lib/i18n';

import { remindersBefore } from '../reminders';
import { count, frenchClock } from '../units';

const counted = { en: count('en'), fr: count('fr') };

// The words of the mails a visitor receives, in the language of the page they used. Staff mails stay
// in English (messages/mails/staff.ts) and name the visitor's language. Fees, dates and prices come
// formatted for the language (lib/i18n/format.ts, lib/content/facts.ts).
export interface VisitorMailTexts {
  unsubscribe: string;
  // Between a label and its value in the plain text ("Dates: …"; French puts a space before the colon).
  colon: string;
  // Under every confirmation: anyone can type an address into a form, so its owner is told what to do
  // with a mail they did not ask for. Confirmations carry nothing the sender typed (docs/product.md §7).
  notYou: string;
  enrolment: {
    subject(course: string): string;
    heading(course: string): string;
    paid(fee: string): string;
    free: string;
    course: string;
    duration: string;
    fee: string;
    // The fee row's value for a free course.
    noFee: string;
    pay: string;
    // Under a pay link of this site's (docs/product.md §14): how long it works.
    payValid(days: number): string;
    nextCohort: string;
  };
  event: {
    subject(event: string): string;
    heading(event: string): string;
    when(event: string, dates: string, location: string): string;
    // With an external registration page: the way on to it (and the invitation while it is to come).
    finish: string;
    finishWithInvite: string;
    // The site's own registration: the invitation, while the event is to come.
    invite: string;
    // The reminders still to come, by their days before the event (of REMINDER_DAYS, lib/constants.ts).
    follows(days: readonly number[]): string;
    reminder(event: string): string;
    dates: string;
    where: string;
    link: string;
    // A paid event's ticket kind (docs/product.md §14).
    ticket: string;
    // The check-in code (read aloud at the door) and its QR code.
    code: string;
    atTheDoor: string;
    qrAlt(code: string): string;
  };
  // What every registration with places carries: a way to give the place back (a page with a button).
  cantCome: string;
  // Joining the waiting list of a full event or offer, and leaving it.
  waitlist: {
    subject(item: string): string;
    heading: string;
    text(item: string): string;
    offerHours(hours: number): string;
    leave: string;
  };
  // Before an event, to its registrants, on each of REMINDER_DAYS (lib/constants.ts): `days` is how many
  // days are left, and the words say that number (1 is tomorrow).
  eventReminder: {
    subject(event: string, days: number): string;
    heading(event: string, days: number): string;
    time: string;
    // The event's hours on its first day and its last ('09:00', '17:00'), in its time zone.
    hours(start: string, end: string, zone: string): string;
  };
  // A freed place offered to the first person waiting, held until a time, claimed with a button.
  seatOffer: {
    subject(item: string): string;
    heading: string;
    text(item: string, until: string): string;
    passes: string;
    claim: string;
  };
  offer: {
    subject(offer: string): string;
    heading: string;
    thanks: string;
    programme: string;
    start: string;
    price: string;
    priceText(now: string, was: string, off: string, until: string): string;
    link: string;
    // With payments online: what to pay to confirm the place (the whole price, or the offer's deposit).
    pay(amount: string, deposit: boolean): string;
    payLink(amount: string, deposit: boolean): string;
  };
  // Once paid (docs/product.md §14): the receipt, as a mail and as a printable page, and a reminder to
  // someone who has not paid, mailed by staff.
  receipt: {
    subject(item: string): string;
    heading: string;
    thanks: string;
    keep: string;
    amount: string;
    date: string;
    reference: string;
    course: string;
    programme: string;
    cohort: string;
    // A paid event's place: the event, its dates and the ticket kind.
    event: string;
    eventDates: string;
    ticket: string;
    method: string;
    // How it was paid, by the provider's word for it; staff's when they recorded it.
    channels: Record<string, string>;
    byHand: string;
    receivedBy: string;
    address: string;
    contact: string;
    printable: string;
  };
  reminder: {
    subject(item: string): string;
    heading: string;
    text(amount: string, item: string): string;
    link(amount: string): string;
  };
  // The pay link again, to someone who registered a second time for what they have not paid yet.
  payAgain: {
    subject(item: string): string;
    heading: string;
    text(amount: string, item: string): string;
    link(amount: string): string;
  };
  contact: {
    subject(site: string): string;
    heading: string;
    received(site: string): string;
    answer(days: number): string;
  };
  // A reply written by staff in the workspace: its subject, and the frame of the text the form starts
  // with (the staff member writes the rest).
  reply: {
    subject(site: string): string;
    greeting(name: string): string;
    body: string;
    signOff(site: string): string;
  };
  newsletter: {
    confirmSubject(site: string): string;
    confirmHeading: string;
    confirmAsked(site: string): string;
    confirmValid(days: number): string;
    confirmLink: string;
    welcomeSubject(site: string): string;
    welcomeHeading: string;
    welcomeParagraphs: string[];
    visit(site: string): string;
  };
}

export const visitorMails: Localised<VisitorMailTexts> = {
  en: {
    unsubscribe: 'Unsubscribe',
    colon: ': ',
    notYou:
      'You receive this email because this address was entered in a form on our website. If it was not you, please ignore it.',
    enrolment: {
      subject: (course) => `Your enrolment in ${course}`,
      heading: (course) => `Welcome to ${course}`,
      paid: (fee) =>
        `Thank you for enroling. Your place is confirmed once the registration fee of ${fee} is paid on the payment page.`,
      free: 'Thank you for enroling. This course is free: we will send you the joining details before it starts.',
      course: 'Course',
      duration: 'Duration',
      fee: 'Registration fee',
      noFee: 'None, the course is free',
      pay: 'Pay the registration fee',
      payValid: (days) =>
        `The payment link works for ${counted.en(days, 'day')}. After that, write to us for a new one.`,
      nextCohort: 'Next cohort starts',
    },
    event: {
      subject: (event) => `You're registered: ${event}`,
      heading: (event) => `See you at ${event}`,
      when: (event, dates, location) => `Join us for ${event} on ${dates} (${location}).`,
      finish: 'Finish your registration on the event page.',
      finishWithInvite: 'Finish your registration on the event page, and add the attached invitation to your calendar.',
      invite: 'Add the attached invitation to your calendar.',
      follows: (days) => `We will send you a reminder ${remindersBefore.en(days)}.`,
      reminder: (event) => `Reminder: ${event} starts tomorrow.`,
      dates: 'Dates',
      where: 'Where',
      link: 'Finish your registration',
      ticket: 'Ticket',
      code: 'Check-in code',
      atTheDoor: 'At the door, show the QR code below or give your check-in code.',
      qrAlt: (code) => `QR code for the check-in code ${code}`,
    },
    cantCome: 'I can’t come: give my place back',
    waitlist: {
      subject: (item) => `You are on the waiting list: ${item}`,
      heading: 'You are on the waiting list',
      text: (item) => `Every place for ${item} is taken, so you are on its waiting list, in the order you joined.`,
      offerHours: (hours) =>
        `If a place frees up and you are first in line, we mail you at once; the place is then held for you for ${counted.en(hours, 'hour')}.`,
      leave: 'Leave the waiting list',
    },
    eventReminder: {
      subject: (event, days) => (days === 1 ? `Tomorrow: ${event}` : `In ${counted.en(days, 'day')}: ${event}`),
      heading: (event, days) =>
        days === 1 ? `See you tomorrow at ${event}` : `See you in ${counted.en(days, 'day')} at ${event}`,
      time: 'Time',
      hours: (start, end, zone) => `${start} to ${end} (${zone} time)`,
    },
    seatOffer: {
      subject: (item) => `A place is free for you: ${item}`,
      heading: 'A place is yours if you want it',
      text: (item, until) =>
        `A place for ${item} freed up and you are first on the waiting list. It is held for you until ${until}: open the link and press the button to take it.`,
      passes: 'If you do not take it by then, it goes to the next person waiting.',
      claim: 'Take my place',
    },
    offer: {
      subject: (offer) => `Your spot is reserved: ${offer}`,
      heading: 'Your spot is reserved',
      thanks:
        'Thank you. We hold your place at the offer price and will write with the next steps before the cohort starts.',
      programme: 'Programme',
      start: 'Cohort starts',
      price: 'Price',
      priceText: (now, was, off, until) => `${now} (was ${was}, ${off} off until ${until})`,
      link: 'See the offer',
      pay: (amount, deposit) =>
        deposit
          ? `Pay the ${amount} deposit online to confirm your place.`
          : `Pay ${amount} online to confirm your place.`,
      payLink: (amount, deposit) => (deposit ? `Pay the ${amount} deposit now` : `Pay ${amount} now`),
    },
    receipt: {
      subject: (item) => `Your receipt: ${item}`,
      heading: 'Payment received',
      thanks: 'Thank you: we received your payment.',
      keep: 'Keep this mail as your receipt, or print the page it links to.',
      amount: 'Amount paid',
      date: 'Paid on',
      reference: 'Reference',
      course: 'Course',
      programme: 'Programme',
      cohort: 'Cohort starts',
      event: 'Event',
      eventDates: 'Dates',
      ticket: 'Ticket',
      method: 'Paid by',
      channels: {
        card: 'Card',
        bank: 'Bank account',
        bank_transfer: 'Bank transfer',
        ussd: 'USSD',
        mobile_money: 'Mobile money',
        qr: 'QR code',
        apple_pay: 'Apple Pay',
      },
      byHand: 'Cash or bank transfer, recorded by our team',
      receivedBy: 'Received by',
      address: 'Address',
      contact: 'Contact',
      printable: 'Printable receipt',
    },
    reminder: {
      subject: (item) => `Your place is waiting: ${item}`,
      heading: 'Your place is not confirmed yet',
      text: (amount, item) =>
        `We have not received the ${amount} for ${item} yet. Pay online with the link below to confirm your place. If you already paid another way, tell us and we will record it.`,
      link: (amount) => `Pay ${amount} now`,
    },
    payAgain: {
      subject: (item) => `You are already registered: ${item}`,
      heading: 'You are already registered',
      text: (amount, item) =>
        `We received a second registration for ${item} with this address. Your first one stands, so nothing new was recorded. To confirm your place, pay ${amount} online with the link below.`,
      link: (amount) => `Pay ${amount} now`,
    },
    contact: {
      subject: (site) => `We received your message to ${site}`,
      heading: 'We received your message',
      received: (site) => `Thank you for writing to ${site}. Your message reached our team.`,
      answer: (days) =>
        `We answer every message within ${counted.en(days, 'workingDay')}, from our own address, to the address you gave.`,
    },
    reply: {
      subject: (site) => `Your message to ${site}`,
      greeting: (name) => `Hello ${name},`,
      body: 'Thank you for writing to us.',
      signOff: (site) => `The ${site} team`,
    },
    newsletter: {
      confirmSubject: (site) => `Confirm your subscription to the ${site} newsletter`,
      confirmHeading: 'Please confirm your subscription',
      confirmAsked: (site) =>
        `Someone, probably you, asked to receive the ${site} newsletter at this address. Open the link below and press the button to confirm.`,
      confirmValid: (days) =>
        `The link works for ${counted.en(days, 'day')}. If you did not ask for this, ignore this email: without your confirmation you will not receive the newsletter.`,
      confirmLink: 'Confirm my subscription',
      welcomeSubject: (site) => `Welcome to the ${site} community`,
      welcomeHeading: 'Welcome to the community',
      welcomeParagraphs: [
        'Your subscription is confirmed. Every month or so we share new courses, projects looking for volunteers and insights from the community.',
        'Every newsletter has an unsubscribe link at the bottom, as this email does.',
      ],
      visit: (site) => `Visit ${site}`,
    },
  },
  fr: {
    unsubscribe: 'Se désinscrire',
    colon: ' : ',
    notYou:
      'Vous recevez cet e-mail parce que cette adresse a été saisie dans un formulaire de notre site. Si ce n’était pas vous, ne tenez pas compte de ce message.',
    enrolment: {
      subject: (course) => `Votre inscription à la formation « ${course} »`,
      heading: (course) => `Bienvenue dans la formation « ${course} »`,
      paid: (fee) =>
        `Merci pour votre inscription. Votre place sera confirmée dès le règlement des frais d’inscription de ${fee} sur la page de paiement.`,
      free: 'Merci pour votre inscription. Cette formation est gratuite : nous vous enverrons les informations pour la rejoindre avant son début.',
      course: 'Formation',
      duration: 'Durée',
      fee: 'Frais d’inscription',
      noFee: 'Offerts',
      pay: 'Régler les frais d’inscription',
      payValid: (days) =>
        `Le lien de paiement reste valable ${counted.fr(days, 'day')}. Passé ce délai, écrivez-nous pour en recevoir un nouveau.`,
      nextCohort: 'Début de la prochaine promotion',
    },
    event: {
      subject: (event) => `Votre inscription : ${event}`,
      heading: (event) => `Nous vous attendons pour ${event}`,
      when: (event, dates, location) => `Rendez-vous pour ${event} : ${dates}, ${location}.`,
      finish: 'Terminez votre inscription sur la page de l’événement.',
      finishWithInvite:
        'Terminez votre inscription sur la page de l’événement et ajoutez l’invitation jointe à votre agenda.',
      invite: 'Ajoutez l’invitation jointe à votre agenda.',
      follows: (days) => `Nous vous enverrons un rappel ${remindersBefore.fr(days)}.`,
      reminder: (event) => `Rappel : ${event} commence demain.`,
      dates: 'Dates',
      where: 'Lieu',
      link: 'Terminer mon inscription',
      ticket: 'Billet',
      code: 'Code d’entrée',
      atTheDoor: 'À l’entrée, montrez le code QR ci-dessous ou donnez votre code d’entrée.',
      qrAlt: (code) => `Code QR d’entrée ${code}`,
    },
    cantCome: 'Libérer ma place si je ne peux pas venir',
    waitlist: {
      subject: (item) => `Vous êtes sur la liste d’attente : ${item}`,
      heading: 'Vous êtes sur la liste d’attente',
      text: (item) =>
        `Toutes les places pour ${item} sont prises : vous êtes sur sa liste d’attente, par ordre d’arrivée.`,
      offerHours: (hours) =>
        `Si une place se libère et que vous êtes le premier ou la première de la liste, nous vous écrivons aussitôt ; la place vous est alors réservée pendant ${counted.fr(hours, 'hour')}.`,
      leave: 'Quitter la liste d’attente',
    },
    eventReminder: {
      subject: (event, days) => (days === 1 ? `Demain : ${event}` : `Dans ${counted.fr(days, 'day')} : ${event}`),
      heading: (event, days) =>
        days === 1 ? `À demain pour ${event}` : `Plus que ${counted.fr(days, 'day')} avant ${event}`,
      time: 'Horaires',
      hours: (start, end, zone) => `de ${frenchClock(start)} à ${frenchClock(end)} (heure de ${zone})`,
    },
    seatOffer: {
      subject: (item) => `Une place s’est libérée pour vous : ${item}`,
      heading: 'Une place vous attend',
      text: (item, until) =>
        `Une place pour ${item} s’est libérée et vous êtes en tête de la liste d’attente. Elle vous est réservée jusqu’au ${until} : ouvrez le lien et appuyez sur le bouton pour la prendre.`,
      passes: 'Passé ce délai, elle sera proposée à la personne suivante.',
      claim: 'Prendre ma place',
    },
    offer: {
      subject: (offer) => `Votre place est réservée : ${offer}`,
      heading: 'Votre place est réservée',
      thanks:
        'Merci. Nous vous réservons une place au prix de l’offre et vous enverrons la marche à suivre avant le début de la promotion.',
      programme: 'Programme',
      start: 'Début de la promotion',
      price: 'Prix',
      priceText: (now, was, off, until) => `${now} (au lieu de ${was}, soit ${off} de réduction jusqu’au ${until})`,
      link: 'Voir l’offre',
      pay: (amount, deposit) =>
        deposit
          ? `Réglez en ligne l’acompte de ${amount} pour confirmer votre place.`
          : `Réglez ${amount} en ligne pour confirmer votre place.`,
      payLink: (amount, deposit) => (deposit ? `Payer l’acompte de ${amount}` : `Payer ${amount} maintenant`),
    },
    receipt: {
      subject: (item) => `Votre reçu : ${item}`,
      heading: 'Paiement reçu',
      thanks: 'Merci : nous avons bien reçu votre paiement.',
      keep: 'Conservez cet e-mail comme reçu, ou imprimez la page vers laquelle il renvoie.',
      amount: 'Montant payé',
      date: 'Payé le',
      reference: 'Référence',
      course: 'Formation',
      programme: 'Programme',
      cohort: 'Début de la promotion',
      event: 'Événement',
      eventDates: 'Dates',
      ticket: 'Billet',
      method: 'Moyen de paiement',
      channels: {
        card: 'Carte bancaire',
        bank: 'Compte bancaire',
        bank_transfer: 'Virement bancaire',
        ussd: 'USSD',
        mobile_money: 'Mobile money',
        qr: 'Code QR',
        apple_pay: 'Apple Pay',
      },
      byHand: 'Paiement en espèces ou par virement bancaire, enregistré par notre équipe',
      receivedBy: 'Reçu par',
      address: 'Adresse',
      contact: 'Coordonnées',
      printable: 'Reçu à imprimer',
    },
    reminder: {
      subject: (item) => `Votre place vous attend : ${item}`,
      heading: 'Votre place n’est pas encore confirmée',
      text: (amount, item) =>
        `Nous n’avons pas encore reçu les ${amount} pour « ${item} ». Réglez en ligne avec le lien ci-dessous pour confirmer votre place. Si vous avez déjà payé autrement, dites-le-nous et nous enregistrerons votre paiement.`,
      link: (amount) => `Payer ${amount} maintenant`,
    },
    payAgain: {
      subject: (item) => `Vous êtes déjà inscrit(e) : ${item}`,
      heading: 'Vous êtes déjà inscrit(e)',
      text: (amount, item) =>
        `Nous avons reçu une seconde inscription à « ${item} » avec cette adresse. La première reste valable : rien de nouveau n’a été enregistré. Pour confirmer votre place, réglez ${amount} en ligne avec le lien ci-dessous.`,
      link: (amount) => `Payer ${amount} maintenant`,
    },
    contact: {
      subject: (site) => `${site} a bien reçu votre message`,
      heading: 'Nous avons bien reçu votre message',
      received: (site) => `Merci d’avoir écrit à ${site}. Votre message est bien parvenu à notre équipe.`,
      answer: (days) =>
        `Nous répondons à chaque message sous ${counted.fr(days, 'workingDay')}, par e-mail, à l’adresse que vous avez indiquée.`,
    },
    reply: {
      subject: (site) => `Votre message à ${site}`,
      greeting: (name) => `Bonjour ${name},`,
      body: 'Merci de nous avoir écrit.',
      signOff: (site) => `L’équipe ${site}`,
    },
    newsletter: {
      confirmSubject: (site) => `Confirmez votre inscription à la lettre d’information de ${site}`,
      confirmHeading: 'Merci de confirmer votre inscription',
      confirmAsked: (site) =>
        `Quelqu’un, sans doute vous, a demandé à recevoir la lettre d’information de ${site} à cette adresse. Ouvrez le lien ci-dessous et appuyez sur le bouton pour confirmer.`,
      confirmValid: (days) =>
        `Le lien est valable ${counted.fr(days, 'day')}. Si vous n’avez rien demandé, ignorez cet e-mail : sans votre confirmation, vous ne recevrez pas la lettre.`,
      confirmLink: 'Confirmer mon inscription',
      welcomeSubject: (site) => `Bienvenue dans la communauté ${site}`,
      welcomeHeading: 'Bienvenue dans la communauté',
      welcomeParagraphs: [
        'Votre inscription est confirmée. Environ une fois par mois, nous partageons les nouvelles formations, les projets qui cherchent des bénévoles et les analyses de la communauté.',
        'Comme cet e-mail, chaque lettre comporte en bas de page un lien de désinscription.',
      ],
      visit: (site) => `Découvrir le site de ${site}`,
    },
  },
};
