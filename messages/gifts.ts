import type { Localised } from '@/lib/i18n';

// The words of gifts to the organisation (lib/gifts): the /donate page, the thank-you and manage pages
// and the receipts, in every language, each sentence whole; the workspace's words in English (as the
// rest of the workspace). Amounts arrive already written by Intl in the reader's language.
export interface GiftTexts {
  // Where /donate's amounts start for this language's readers: the currency of the region most of them
  // live in (ISO 4217); one Paystack does not settle starts in US dollars (lib/gifts/money.ts).
  regionCurrency: string;
  nav: string;
  aboutLink: string;
  title: string;
  heading: string;
  description: string;
  intro: string;
  currencyHeading: string;
  currencyCurrent(currency: string): string;
  amountLegend: string;
  otherAmount: string;
  otherLabel(currency: string): string;
  frequencyLegend: string;
  once: string;
  monthly: string;
  email: string;
  name: string;
  message: string;
  messageHint: string;
  submit: string;
  onPaystack: string;
  // The form's answer: the gift ready, and the link on to Paystack.
  readyOnce(amount: string): string;
  readyMonthly(amount: string): string;
  toPaystack: string;
  // Refusals of the form.
  badAmount(min: string, max: string): string;
  badEmail: string;
  badMessage: string;
  unavailable: string;
  // The thank-you page.
  thanksTitle: string;
  thanksPaid(amount: string): string;
  thanksMonthly: string;
  thanksPending: string;
  thanksUnknown: string;
  manageLink: string;
  // The manage page.
  manageTitle: string;
  manageIntro: string;
  manageBadLink: string;
  manageNone: string;
  monthlyGift(amount: string): string;
  onceGift(amount: string): string;
  startedOn(date: string): string;
  states: { active: string; pending: string; stopped: string; paid: string; unpaid: string };
  payments(count: string): string;
  failedRenewals(count: string): string;
  stop: string;
  stopped: string;
  stopRefused: string;
  cardOnPaystack: string;
  // The receipts.
  receiptSubject(amount: string): string;
  receiptHeading: string;
  receiptOnce: string;
  receiptFirstMonth: string;
  receiptRenewal: string;
  subscribedSubject: string;
  subscribedText(amount: string): string;
  failedSubject: string;
  failedText(amount: string): string;
  stoppedSubject: string;
  stoppedText(amount: string): string;
  rows: { amount: string; date: string; reference: string; frequency: string };
  notTaxAdvice: string;
}

export const giftTexts: Localised<GiftTexts> = {
  en: {
    // Naira: Nigeria, the organisation's home.
    regionCurrency: 'NGN',
    nav: 'Give',
    aboutLink: 'Support our work: give once or every month',
    title: 'Give',
    heading: 'Give to Baobab Data',
    description: 'Give to Baobab Data once or every month, in your currency, through Paystack.',
    intro:
      'Your gift pays for free courses, mentors and the community’s projects across Africa. Give once, or every month until you stop.',
    currencyHeading: 'Amounts in',
    currencyCurrent: (currency) => `Amounts are shown in ${currency}.`,
    amountLegend: 'Amount',
    otherAmount: 'Another amount',
    otherLabel: (currency) => `Another amount, in ${currency}`,
    frequencyLegend: 'How often',
    once: 'Once',
    monthly: 'Every month',
    email: 'Email (for your receipt)',
    name: 'Name (optional)',
    message: 'A message for the team (optional)',
    messageHint: 'Up to 500 characters. Only the team reads it.',
    submit: 'Continue to payment',
    onPaystack:
      'You pay on Paystack’s secure page, by card, bank transfer or mobile money. Each receipt has a link to see your gifts and stop a monthly one.',
    readyOnce: (amount) => `Your gift of ${amount}, once, is ready.`,
    readyMonthly: (amount) => `Your gift of ${amount} every month is ready.`,
    toPaystack: 'Continue to Paystack to pay',
    badAmount: (min, max) => `Choose an amount, or enter one between ${min} and ${max}.`,
    badEmail: 'Enter the email address your receipt should go to.',
    badMessage: 'Your message is too long: 500 characters at most.',
    unavailable: 'Payments cannot be taken right now. Please try again in a few minutes.',
    thanksTitle: 'Thank you',
    thanksPaid: (amount) => `Thank you: your gift of ${amount} has been received. Your receipt is on its way.`,
    thanksMonthly: 'Your gift will be taken again every month until you stop it.',
    thanksPending: 'Thank you. We are waiting for Paystack to confirm your payment; your receipt will follow.',
    thanksUnknown: 'We could not find this gift. If you paid, your receipt will reach you by email.',
    manageLink: 'See or stop my gifts',
    manageTitle: 'Your gifts',
    manageIntro: 'The gifts made with this email address. Nobody else sees this page without your link.',
    manageBadLink: 'This link is not valid. Use the link in your latest receipt.',
    manageNone: 'No gift has been received from this address yet.',
    monthlyGift: (amount) => `${amount} every month`,
    onceGift: (amount) => `${amount}, once`,
    startedOn: (date) => `Since ${date}`,
    states: { active: 'Active', pending: 'Starting', stopped: 'Stopped', paid: 'Received', unpaid: 'Not paid' },
    payments: (count) => `Payments received: ${count}`,
    failedRenewals: (count) => `Months that could not be charged: ${count}`,
    stop: 'Stop this monthly gift',
    stopped: 'Your monthly gift has been stopped. Nothing more will be taken.',
    stopRefused: 'It could not be stopped right now. Please try again in a few minutes.',
    cardOnPaystack: 'Change the card on Paystack',
    receiptSubject: (amount) => `Thank you for your gift of ${amount}`,
    receiptHeading: 'Thank you for your gift',
    receiptOnce: 'We have received your gift. Thank you for supporting Baobab Data’s work.',
    receiptFirstMonth:
      'We have received the first month of your monthly gift. It will be taken every month until you stop it.',
    receiptRenewal: 'We have received this month’s gift. Thank you for giving every month.',
    subscribedSubject: 'Your monthly gift is set up',
    subscribedText: (amount) => `Your gift of ${amount} will be taken every month until you stop it.`,
    failedSubject: 'This month’s gift could not be taken',
    failedText: (amount) =>
      `Paystack could not take this month’s gift of ${amount}. You can change your card, or stop the gift, from the link below.`,
    stoppedSubject: 'Your monthly gift has stopped',
    stoppedText: (amount) => `Your monthly gift of ${amount} has stopped. Nothing more will be taken. Thank you.`,
    rows: { amount: 'Amount', date: 'Date', reference: 'Reference', frequency: 'Frequency' },
    notTaxAdvice: 'Keep this receipt: it is your proof of the gift.',
  },
  fr: {
    // The West African CFA franc: Senegal, Côte d'Ivoire, Benin and their neighbours.
    regionCurrency: 'XOF',
    nav: 'Faire un don',
    aboutLink: 'Soutenez notre travail\u00a0: donnez une fois ou chaque mois',
    title: 'Faire un don',
    heading: 'Faire un don à Baobab Data',
    description: 'Donnez à Baobab Data une fois ou chaque mois, dans votre monnaie, par Paystack.',
    intro:
      'Votre don finance des formations gratuites, des mentors et les projets de la communauté à travers l’Afrique. Donnez une fois, ou chaque mois jusqu’à ce que vous arrêtiez.',
    currencyHeading: 'Montants en',
    currencyCurrent: (currency) => `Les montants sont indiqués en ${currency}.`,
    amountLegend: 'Montant',
    otherAmount: 'Un autre montant',
    otherLabel: (currency) => `Un autre montant, en ${currency}`,
    frequencyLegend: 'Fréquence',
    once: 'Une fois',
    monthly: 'Chaque mois',
    email: 'E-mail (pour votre reçu)',
    name: 'Nom (facultatif)',
    message: 'Un message pour l’équipe (facultatif)',
    messageHint: '500 caractères au plus. Seule l’équipe le lit.',
    submit: 'Continuer vers le paiement',
    onPaystack:
      'Vous payez sur la page sécurisée de Paystack, par carte, virement ou mobile money. Chaque reçu contient un lien pour voir vos dons et arrêter un don mensuel.',
    readyOnce: (amount) => `Votre don de ${amount}, une fois, est prêt.`,
    readyMonthly: (amount) => `Votre don de ${amount} chaque mois est prêt.`,
    toPaystack: 'Continuer vers Paystack pour payer',
    badAmount: (min, max) => `Choisissez un montant, ou saisissez-en un entre ${min} et ${max}.`,
    badEmail: 'Saisissez l’adresse e-mail à laquelle envoyer votre reçu.',
    badMessage: 'Votre message est trop long\u00a0: 500 caractères au plus.',
    unavailable: 'Les paiements sont impossibles pour le moment. Réessayez dans quelques minutes.',
    thanksTitle: 'Merci',
    thanksPaid: (amount) => `Merci\u00a0: votre don de ${amount} a bien été reçu. Votre reçu est en route.`,
    thanksMonthly: 'Votre don sera prélevé chaque mois jusqu’à ce que vous l’arrêtiez.',
    thanksPending: 'Merci. Nous attendons la confirmation de Paystack\u00a0; votre reçu suivra.',
    thanksUnknown: 'Nous ne trouvons pas ce don. Si vous avez payé, votre reçu vous parviendra par e-mail.',
    manageLink: 'Voir ou arrêter mes dons',
    manageTitle: 'Vos dons',
    manageIntro: 'Les dons faits avec cette adresse e-mail. Personne d’autre ne voit cette page sans votre lien.',
    manageBadLink: 'Ce lien n’est pas valide. Utilisez le lien de votre dernier reçu.',
    manageNone: 'Aucun don n’a encore été reçu de cette adresse.',
    monthlyGift: (amount) => `${amount} chaque mois`,
    onceGift: (amount) => `${amount}, une fois`,
    startedOn: (date) => `Depuis le ${date}`,
    states: {
      active: 'Actif',
      pending: 'En cours de mise en place',
      stopped: 'Arrêté',
      paid: 'Reçu',
      unpaid: 'Non payé',
    },
    payments: (count) => `Paiements reçus\u00a0: ${count}`,
    failedRenewals: (count) => `Mois non prélevés\u00a0: ${count}`,
    stop: 'Arrêter ce don mensuel',
    stopped: 'Votre don mensuel est arrêté. Plus rien ne sera prélevé.',
    stopRefused: 'Il n’a pas pu être arrêté pour le moment. Réessayez dans quelques minutes.',
    cardOnPaystack: 'Changer de carte sur Paystack',
    receiptSubject: (amount) => `Merci pour votre don de ${amount}`,
    receiptHeading: 'Merci pour votre don',
    receiptOnce: 'Nous avons bien reçu votre don. Merci de soutenir le travail de Baobab Data.',
    receiptFirstMonth:
      'Nous avons bien reçu le premier mois de votre don mensuel. Il sera prélevé chaque mois jusqu’à ce que vous l’arrêtiez.',
    receiptRenewal: 'Nous avons bien reçu le don de ce mois-ci. Merci de donner chaque mois.',
    subscribedSubject: 'Votre don mensuel est en place',
    subscribedText: (amount) => `Votre don de ${amount} sera prélevé chaque mois jusqu’à ce que vous l’arrêtiez.`,
    failedSubject: 'Le don de ce mois-ci n’a pas pu être prélevé',
    failedText: (amount) =>
      `Paystack n’a pas pu prélever votre don de ${amount} ce mois-ci. Vous pouvez changer de carte, ou arrêter le don, depuis le lien ci-dessous.`,
    stoppedSubject: 'Votre don mensuel est arrêté',
    stoppedText: (amount) => `Votre don mensuel de ${amount} est arrêté. Plus rien ne sera prélevé. Merci.`,
    rows: { amount: 'Montant', date: 'Date', reference: 'Référence', frequency: 'Fréquence' },
    notTaxAdvice: 'Gardez ce reçu\u00a0: il atteste votre don.',
  },
};

// The workspace's words (English, as the rest of the workspace).
export const giftStaffText = {
  title: 'Gifts',
  nav: 'Gifts',
  filters: 'Filter',
  frequency: 'Frequency',
  currency: 'Currency',
  month: 'Month (YYYY-MM)',
  any: 'Any',
  once: 'Once',
  monthly: 'Monthly',
  apply: 'Apply',
  totals: 'Received, per currency and month',
  totalsHead: ['Month', 'Currency', 'Payments', 'Total'],
  failed: 'Renewals that failed',
  failedNone: 'No renewal has failed.',
  payments: 'Payments received',
  none: 'No payment matches these filters.',
  head: ['Date', 'Giver', 'Frequency', 'Amount', 'Kind', 'Reference'],
  first: 'First payment',
  renewal: 'Renewal',
  csv: 'Download CSV',
  xlsx: 'Download XLSX',
  columns: [
    'Date',
    'Email',
    'Name',
    'Language',
    'Frequency',
    'Kind',
    'Currency',
    'Amount',
    'Reference',
    'Gift',
    'Message',
  ],
  sheet: 'Gifts',
} as const;
