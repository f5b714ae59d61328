import { remindersBefore } from '../reminders';
import { count } from '../units';
import type { FormTexts } from './types';

const counted = count('fr');

// The forms' words in French, for a West and Central African audience.
export const fr = {
  ui: {
    labels: {
      name: 'Nom',
      fullName: 'Nom complet',
      email: 'E-mail',
      phone: 'Téléphone',
      gender: 'Genre',
      country: 'Pays',
      message: 'Message',
      firstName: 'Prénom',
      lastName: 'Nom de famille',
      degree: 'Diplôme le plus élevé',
      occupation: 'Profession',
      ticket: 'Billet',
    },
    phoneHint: 'Avec l’indicatif du pays, par exemple +225 07 12 34 56 78',
    choose: 'Choisir…',
    genders: { male: 'Homme', female: 'Femme', others: 'Autre' },
    degrees: {
      high_school: 'Baccalauréat ou niveau lycée',
      bachelor: 'Licence',
      master: 'Master',
      phd: 'Doctorat',
      others: 'Autre',
    },
    submit: {
      enrol: 'S’inscrire',
      contactUs: 'Envoyer le message',
      subscribe: 'S’inscrire',
      registerEvent: 'S’inscrire',
      registerOffer: 'Réserver ma place',
    },
    sending: 'Envoi en cours…',
    tryAgain: 'Réessayez',
    timedOut:
      'Réessayez : notre serveur n’a pas répondu en 20 secondes. Vous pouvez renvoyer le formulaire sans risque de doublon.',
    newTab: ' (s’ouvre dans un nouvel onglet)',
    savedOffline:
      'Votre formulaire est enregistré sur cet appareil : il partira dès que vous serez de nouveau en ligne.',
    cancelWaiting: 'Annuler l’envoi',
    waitingCancelled: 'Formulaire non envoyé : il a été retiré de cet appareil.',
    sent: 'Envoyé',
    honeypot: 'Laissez ce champ vide',
    waitlistIntro:
      'Toutes les places sont prises. Inscrivez-vous sur la liste d’attente : quand une place se libère, elle est proposée par e-mail à la première personne de la liste.',
    joinWaitlist: 'Rejoindre la liste d’attente',
  },
  checks: {
    enter: (field) => `Indiquez ${field}`,
    keepUnder: (field, max) => `${capital(field)} doit compter ${counted(max, 'character')} au plus`,
    oneLine: (field) => `Écrivez ${field} sur une seule ligne, sans tabulation`,
    controls: (field) => `Retirez les caractères de contrôle de ${field}`,
    invisible: (field) =>
      `Retirez les caractères invisibles (espaces spéciaux, marques de direction du texte) de ${field}`,
    encoded: (field) => `Retirez le code « =?…?= » de ${field}`,
    fields: {
      name: 'votre nom',
      email: 'votre adresse e-mail',
      country: 'votre pays',
      course: 'la formation',
      message: 'votre message',
      firstName: 'votre prénom',
      lastName: 'votre nom de famille',
      occupation: 'votre profession',
    },
    emailLike: 'Indiquez une adresse e-mail du type nom@exemple.com',
    phoneEnter: 'Indiquez votre numéro de téléphone',
    phonePattern:
      'Indiquez un numéro de 7 à 20 chiffres ; vous pouvez utiliser +, des espaces, des tirets et des parenthèses',
    phoneDigits: 'Indiquez au moins 7 chiffres',
    gender: 'Choisissez un genre',
    degree: 'Choisissez votre diplôme le plus élevé',
    ticket: 'Choisissez un billet',
  },
  answers: {
    xsrf: 'Ce formulaire a expiré ou ne vient pas de notre site. Rechargez la page et envoyez-le à nouveau.',
    rateLimited: (seconds) =>
      `Trop de tentatives depuis votre connexion. Patientez ${counted(seconds, 'second')}, puis réessayez.`,
    invalid: 'Corrigez les champs signalés, puis renvoyez le formulaire.',
    botFailed:
      'Nous n’avons pas pu vérifier que le formulaire vient bien d’un être humain. Patientez un instant, puis renvoyez-le.',
    notStored: 'Nous n’avons pas pu enregistrer votre envoi : rien n’a été conservé. Réessayez dans un instant.',
    notConfirmed:
      'L’enregistrement de votre envoi prend trop de temps : nous ne pouvons pas confirmer sa réception. Réessayez dans quelques minutes.',
    tryAgain: 'Réessayez',
    courseUnknown: 'Choisissez l’une des formations de l’académie',
    eventUnknown: 'Cet événement n’existe pas',
    ticketChoose: 'Choisissez un billet',
    ticketUnknown: 'Ce billet n’est pas proposé pour cet événement : choisissez l’un de ses billets',
    offerUnknown: 'Cette offre n’existe pas',
    enroled: 'Inscription enregistrée',
    enroledPaid: (course, cost) =>
      `Vous êtes inscrit(e) à la formation « ${course} ». Réglez les frais d’inscription de ${cost} sur la page de paiement pour confirmer votre place.`,
    enroledFree: (course) =>
      `Vous êtes inscrit(e) à la formation « ${course} ». Cette formation est gratuite : nous vous enverrons par e-mail les informations pour la rejoindre.`,
    payLink: 'Aller à la page de paiement',
    payNow: (amount, deposit) => (deposit ? `Payer l’acompte de ${amount}` : `Payer ${amount} maintenant`),
    offerPay: (amount, deposit) =>
      deposit
        ? `Réglez l’acompte de ${amount} pour confirmer votre place.`
        : `Réglez ${amount} pour confirmer votre place.`,
    payLater: (days) =>
      `Le lien figure aussi dans votre e-mail de confirmation ; il reste valable ${counted(days, 'day')}.`,
    contactSent: 'Votre message a bien été envoyé',
    contactDetail: 'Nous vous répondrons très bientôt.',
    welcome: 'Bienvenue dans la communauté Baobab Data !',
    checkInbox: 'Consultez votre boîte de réception pour confirmer votre inscription.',
    eventContinue: 'Poursuivez votre inscription',
    eventDetail:
      'Vos informations sont enregistrées. Terminez votre inscription sur la page de l’événement qui va s’ouvrir.',
    eventLink: 'Continuer vers la page d’inscription',
    eventPlace: 'Votre place est réservée',
    eventPlaceDetail: 'Votre confirmation, avec votre code d’entrée, arrive dans votre boîte de réception.',
    eventRegistered: 'Votre inscription est enregistrée',
    eventRegisteredDetail: 'Votre confirmation arrive dans votre boîte de réception.',
    remindersAhead: (days) =>
      days.length === 0 ? '' : `Nous vous enverrons un rappel par e-mail ${remindersBefore.fr(days)}.`,
    offerReserved: 'Votre place est réservée',
    alreadyRegistered: 'Vous êtes déjà inscrit(e)',
    alreadyPaid:
      'Nous avons déjà votre inscription avec cette adresse, et votre place est réglée. Rien de nouveau n’a été enregistré.',
    payLinkMailed:
      'Nous avons déjà votre inscription avec cette adresse : rien de nouveau n’a été enregistré. Le lien pour payer figure dans notre e-mail à cette adresse.',
    alreadyDetail: 'Nous avons déjà votre inscription avec cette adresse : rien de nouveau n’a été enregistré.',
    courseClosed:
      'Cette formation est fermée pour le moment : les inscriptions ne sont pas ouvertes. Rien n’a été enregistré.',
    waitlisted: 'Vous êtes sur la liste d’attente',
    waitlistPosition: (position) =>
      `Votre rang sur la liste d’attente : ${position}. Si une place se libère pour vous, nous vous écrirons pour vous la proposer.`,
    backToPage: 'Revenir à la page',
    eventClosed: 'Les inscriptions à cet événement sont closes : il a déjà eu lieu. Rien n’a été enregistré.',
    eventFull:
      'Toutes les places de cet événement viennent d’être prises : rien n’a été enregistré. Vous pouvez rejoindre la liste d’attente avec le bouton ci-dessous.',
    ticketFull:
      'Toutes les places avec ce billet viennent d’être prises : rien n’a été enregistré. Vous pouvez rejoindre sa liste d’attente avec le bouton ci-dessous, ou choisir un autre billet.',
    offerClosed: 'Cette offre a pris fin : on ne peut plus y réserver de place. Rien n’a été enregistré.',
    offerFull:
      'Toutes les places de cette offre viennent d’être prises : rien n’a été enregistré. Vous pouvez rejoindre la liste d’attente avec le bouton ci-dessous.',
  },
} satisfies FormTexts;

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
