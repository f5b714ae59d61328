import type { Localised } from '@/lib/i18n';

// The words of the mails a visitor receives, in the language of the page they used. Staff mails stay
// in English (messages/mails/staff.ts) and name the visitor's language. Fees, dates and prices come
// formatted for the language (lib/i18n/format.ts, lib/content/facts.ts).
export interface VisitorMailTexts {
  unsubscribe: string;
  // Between a label and its value in the plain text ("Dates: …"; French puts a space before the colon).
  colon: string;
  enrolment: {
    subject(course: string): string;
    heading(course: string, name: string): string;
    paid(fee: string): string;
    free: string;
    course: string;
    duration: string;
    fee: string;
    // The fee row's value for a free course.
    noFee: string;
    pay: string;
  };
  event: {
    subject(event: string): string;
    heading(event: string, firstName: string): string;
    when(event: string, dates: string, location: string): string;
    finish: string;
    dates: string;
    where: string;
    link: string;
  };
  offer: {
    subject(offer: string): string;
    heading(firstName: string): string;
    thanks: string;
    programme: string;
    start: string;
    price: string;
    priceText(now: string, was: string, off: string, until: string): string;
    link: string;
  };
  newsletter: {
    confirmSubject(site: string): string;
    confirmHeading(name: string): string;
    confirmAsked(site: string): string;
    confirmValid(days: number): string;
    confirmLink: string;
    welcomeSubject(site: string): string;
    welcomeHeading(name: string): string;
    welcomeParagraphs: string[];
    visit(site: string): string;
  };
}

export const visitorMails: Localised<VisitorMailTexts> = {
  en: {
    unsubscribe: 'Unsubscribe',
    colon: ': ',
    enrolment: {
      subject: (course) => `Your enrolment in ${course}`,
      heading: (course, name) => `Welcome to ${course}, ${name}`,
      paid: (fee) =>
        `Thank you for enroling. Your place is confirmed once the registration fee of ${fee} is paid on the payment page.`,
      free: 'Thank you for enroling. This course is free: we will send you the joining details before it starts.',
      course: 'Course',
      duration: 'Duration',
      fee: 'Registration fee',
      noFee: 'None, the course is free',
      pay: 'Pay the registration fee',
    },
    event: {
      subject: (event) => `You're registered: ${event}`,
      heading: (event, firstName) => `See you at ${event}, ${firstName}`,
      when: (event, dates, location) => `Join us for ${event} on ${dates} (${location}).`,
      finish: 'Finish your registration on the event page, and add the attached invitation to your calendar.',
      dates: 'Dates',
      where: 'Where',
      link: 'Finish your registration',
    },
    offer: {
      subject: (offer) => `Your spot is reserved: ${offer}`,
      heading: (firstName) => `Your spot is reserved, ${firstName}`,
      thanks:
        'Thank you. We hold your place at the offer price and will write with the next steps before the cohort starts.',
      programme: 'Programme',
      start: 'Cohort starts',
      price: 'Price',
      priceText: (now, was, off, until) => `${now} (was ${was}, ${off} off until ${until})`,
      link: 'See the offer',
    },
    newsletter: {
      confirmSubject: (site) => `Confirm your subscription to the ${site} newsletter`,
      confirmHeading: (name) => `Please confirm, ${name}`,
      confirmAsked: (site) =>
        `Someone, probably you, asked to receive the ${site} newsletter at this address. Open the link below and press the button to confirm.`,
      confirmValid: (days) =>
        `The link works for ${days} days. If you did not ask for this, ignore this email: without your confirmation you will not receive the newsletter.`,
      confirmLink: 'Confirm my subscription',
      welcomeSubject: (site) => `Welcome to the ${site} community`,
      welcomeHeading: (name) => `Welcome, ${name}`,
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
    enrolment: {
      subject: (course) => `Votre inscription à la formation « ${course} »`,
      heading: (course, name) => `Bienvenue dans la formation « ${course} », ${name}`,
      paid: (fee) =>
        `Merci pour votre inscription. Votre place sera confirmée dès le règlement des frais d’inscription de ${fee} sur la page de paiement.`,
      free: 'Merci pour votre inscription. Cette formation est gratuite : nous vous enverrons les informations pour la rejoindre avant son début.',
      course: 'Formation',
      duration: 'Durée',
      fee: 'Frais d’inscription',
      noFee: 'aucuns, la formation est gratuite',
      pay: 'Régler les frais d’inscription',
    },
    event: {
      subject: (event) => `Votre inscription : ${event}`,
      heading: (event, firstName) => `${firstName}, nous vous attendons pour ${event}`,
      when: (event, dates, location) => `Rendez-vous pour ${event} : ${dates}, ${location}.`,
      finish: 'Terminez votre inscription sur la page de l’événement et ajoutez l’invitation jointe à votre agenda.',
      dates: 'Dates',
      where: 'Lieu',
      link: 'Terminer mon inscription',
    },
    offer: {
      subject: (offer) => `Votre place est réservée : ${offer}`,
      heading: (firstName) => `Votre place est réservée, ${firstName}`,
      thanks:
        'Merci. Nous vous gardons une place au prix de l’offre et vous écrirons pour les prochaines étapes avant le début de la promotion.',
      programme: 'Programme',
      start: 'Début de la promotion',
      price: 'Prix',
      priceText: (now, was, off, until) => `${now} (au lieu de ${was}, soit ${off} de réduction jusqu’au ${until})`,
      link: 'Voir l’offre',
    },
    newsletter: {
      confirmSubject: (site) => `Confirmez votre inscription à la lettre d’information de ${site}`,
      confirmHeading: (name) => `Merci de confirmer, ${name}`,
      confirmAsked: (site) =>
        `Quelqu’un, sans doute vous, a demandé à recevoir la lettre d’information de ${site} à cette adresse. Ouvrez le lien ci-dessous et appuyez sur le bouton pour confirmer.`,
      confirmValid: (days) =>
        `Le lien est valable ${days} jours. Si vous n’avez rien demandé, ignorez cet e-mail : sans votre confirmation, vous ne recevrez pas la lettre.`,
      confirmLink: 'Confirmer mon inscription',
      welcomeSubject: (site) => `Bienvenue dans la communauté ${site}`,
      welcomeHeading: (name) => `Bienvenue, ${name}`,
      welcomeParagraphs: [
        'Votre inscription est confirmée. Environ une fois par mois, nous partageons les nouvelles formations, les projets qui cherchent des bénévoles et les analyses de la communauté.',
        'Chaque lettre comporte en bas de page un lien de désinscription, comme cet e-mail.',
      ],
      visit: (site) => `Visiter ${site}`,
    },
  },
};
