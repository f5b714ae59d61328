/** @jest-environment node */
import { content } from '@/lib/content';
import { contactMails, enrolmentMails, eventMails, offerMails } from '@/lib/forms/mails';
import { confirmationCap } from '@/lib/mail/compose';
import { escapeHtml } from '@/lib/mail/letter';
import { payLinkAgain, paymentReminder } from '@/lib/payments';
import { receiptMail } from '@/lib/payments/mails';
import { offerConfirmation, seatOfferMail, waitlistMails } from '@/lib/places';
import { claimNote, eventReminder } from '@/lib/places/mails';
import type { NewMail } from '@/lib/storage';

// Every kind of mail, written by the capability it belongs to (lib/forms, lib/places, lib/payments) in
// the frame of lib/mail: its key sentences in each language, the staff's note in English naming the
// visitor's language, and what a confirmation carries (the calendar invitation, the check-in code and
// its QR code, the way to give a place back, the pay link). No snapshot: each line below is a sentence a
// reader is meant to see.

const ctx = { staff: 'staff@baobabdata.org', siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' };
const NB = '\u00a0';
const place = {
  cancelUrl: 'https://baobabdata.org/places/cancel?t=x',
  checkIn: { code: 'K7PAMX', png: 'iVBORw0KGgo=' },
};
const pay = { href: 'https://baobabdata.org/pay/x', amount: '$120', deposit: true, days: 30 };
const person = { firstName: 'Ada', lastName: 'X', email: 'ada@example.org' };
const [en, fr] = [content('en'), content('fr')];
const hackathon = { en: en.events[0]!, fr: fr.events[0]! };
const offer = { en: en.offers[0]!, fr: fr.offers[0]! };
const python = (lang: 'en' | 'fr') =>
  content(lang).courses.find((course) => course.slug === 'data-analysis-with-python')!;
const paid = {
  email: 'ada@example.org',
  course: 'Data Analysis with Python',
  paidAt: Date.UTC(2023, 2, 3, 13),
  payAmount: 12_000,
  payCurrency: 'USD',
  payReference: 'ref-1',
  payChannel: 'card',
};

const visitor = (mails: NewMail[]) => mails.find((mail) => mail.to !== ctx.staff)!;
const staffNote = (mails: NewMail[]) => mails.find((mail) => mail.to === ctx.staff)!;
// What a mail says: its subject, sentences of its text, and the same heading in its HTML.
function says(mail: NewMail, subject: string, ...sentences: string[]) {
  expect(mail.subject).toBe(subject);
  for (const sentence of sentences) expect(mail.text).toContain(sentence);
  expect(mail.html).toContain(`<h1 style="font-size:22px;color:#`);
  expect(mail.html).toContain(escapeHtml(mail.text.split('\n')[0]!));
}

it('writes the enrolment confirmation with the pay link, and the staff’s note in English', () => {
  const input = {
    ...{ name: 'Ada', email: 'ada@example.org', phone: '+234', country: 'Nigeria' },
    gender: 'female' as const,
  };
  const mails = enrolmentMails(
    { ...input, course: 'Data Analysis with Python' },
    { ...python('fr'), englishTitle: 'Data Analysis with Python' },
    ctx,
    'fr',
    '2023-03-01',
    pay,
  );
  says(
    visitor(mails),
    `Votre inscription à la formation «${NB}Analyse de données avec Python${NB}»`,
    `Le lien de paiement reste valable 30${NB}jours.`,
  );
  expect(visitor(mails).text).toContain(`Régler les frais d’inscription${NB}: ${pay.href}`);
  says(staffNote(mails), 'New enrolment: Data Analysis with Python', 'Language: French');
  expect(staffNote(mails).replyTo).toBe('ada@example.org');
});

it('acknowledges a contact message without the sender’s words, and forwards them to the staff', () => {
  const mails = contactMails({ name: 'Bola', email: 'bola@example.org', message: 'Hello <there>' }, ctx, 'fr');
  says(visitor(mails), 'Baobab Data a bien reçu votre message', `sous 2${NB}jours ouvrés`);
  expect(visitor(mails).text).not.toContain('Hello');
  expect(staffNote(mails).text).toContain('> Hello <there>');
  expect(staffNote(mails).html).toContain('Hello &lt;there&gt;');
  expect(staffNote(mails).text).toContain('The sender was sent an acknowledgement that contains none of their text.');
});

it('confirms an event with its invitation, check-in code, QR code and the way to give the place back', () => {
  const mails = eventMails(person, { ...hackathon.en, englishTitle: hackathon.en.title }, ctx, 'en', '2023-03-01', {
    place,
  });
  says(
    visitor(mails),
    "You're registered: Baobab Data Hackathon 2023",
    'At the door, show the QR code below or give your check-in code.',
    'Check-in code: K7P AMX',
    'I can’t come: give my place back: https://baobabdata.org/places/cancel?t=x',
  );
  expect(visitor(mails).html).toContain('<img src="cid:check-in" alt="QR code for the check-in code K7P AMX"');
  expect(visitor(mails).attachments?.map((a) => a.filename)).toEqual(['invite.ics', 'check-in.png']);
  expect(staffNote(mails).subject).toContain('Baobab Data Hackathon 2023');
  // Once the event has begun, no calendar invitation.
  expect(
    visitor(eventMails(person, { ...hackathon.en, englishTitle: 'X' }, ctx, 'en', '2030-01-01')).attachments,
  ).toEqual(undefined);
});

it('reminds of an event with the days left, its invitation and the place’s parts, in each language', () => {
  says(
    eventReminder('a@example.org', hackathon.en, ctx, 'en', 7, place),
    'In 7 days: Baobab Data Hackathon 2023',
    'See you in 7 days at the Baobab Data Hackathon 2023',
  );
  says(
    eventReminder('a@example.org', hackathon.fr, ctx, 'fr', 1, place),
    `Demain${NB}: Hackathon Baobab Data 2023`,
    'À demain pour le Hackathon Baobab Data 2023',
  );
  expect(eventReminder('a@example.org', hackathon.fr, ctx, 'fr', 1, place).attachments?.length).toBe(2);
});

it('confirms an offer with its price, deposit and pay link, and names it in English to the staff', () => {
  says(
    offerConfirmation('a@example.org', offer.fr, ctx, 'fr', { pay }),
    `Votre place est réservée${NB}: Devenir analyste de données`,
    'Réglez en ligne l’acompte de $120 pour confirmer votre place.',
    `Payer l’acompte de $120${NB}: https://baobabdata.org/pay/x`,
  );
  const mails = offerMails(
    { ...person, gender: 'female', degree: 'bachelor', occupation: 'Analyst', country: 'Ghana' },
    { ...offer.fr, englishTitle: offer.en.title },
    ctx,
    'fr',
  );
  expect(staffNote(mails).subject).toContain(offer.en.title);
  expect(staffNote(mails).text).toContain("Highest degree: Bachelor's degree");
});

it('writes the waiting list’s mail, the offer of a freed place and the staff’s note when it is taken', () => {
  const item = { title: hackathon.en.title, inSentence: hackathon.en.inSentence, englishTitle: hackathon.en.title };
  says(
    visitor(waitlistMails(person, item, ctx, 'en', 48, place)),
    'You are on the waiting list: Baobab Data Hackathon 2023',
    'the place is then held for you for 48 hours.',
    'Leave the waiting list: https://baobabdata.org/places/cancel?t=x',
  );
  says(
    seatOfferMail('a@example.org', hackathon.fr, 'fr', 'https://b/claim', 'vendredi 3 mars, 14 h'),
    `Une place s’est libérée pour vous${NB}: Hackathon Baobab Data 2023`,
    `Prendre ma place${NB}: https://b/claim`,
  );
  says(claimNote(ctx, 'Ada X', 'Hackathon'), 'Freed place taken: Hackathon', 'Ada X took the place offered to them');
});

it('writes the receipt, the reminder to pay and the pay link again from the stored record', async () => {
  says(
    await receiptMail('enrolment', paid, 'fr', 'https://b/receipt', 'Africa/Lagos'),
    `Votre reçu${NB}: Analyse de données avec Python`,
    `Montant payé${NB}: 120${NB}$US`,
    `Payé le${NB}: 3 mars 2023`,
    `Reçu à imprimer${NB}: https://b/receipt`,
  );
  says(
    await paymentReminder('enrolment', paid, 'en', { href: 'https://b/pay', amount: '$120' }, 'Africa/Lagos'),
    'Your place is waiting: Data Analysis with Python',
    'Pay $120 now: https://b/pay',
  );
  says(
    await payLinkAgain('enrolment', paid, 'fr', { href: 'https://b/pay', amount: '$120' }),
    `Vous êtes déjà inscrit(e)${NB}: Analyse de données avec Python`,
    `Payer $120 maintenant${NB}: https://b/pay`,
  );
});

it('caps confirmations per address and UTC day, whatever the address’s case', () => {
  const cap = confirmationCap(' Ada@Example.org ', Date.UTC(2023, 2, 3, 23, 59));
  expect(cap).toEqual({ key: JSON.stringify(['confirmations', 'ada@example.org', '2023-03-03']), limit: 5 });
});
