/** @jest-environment node */
import * as z from 'zod/mini';

import { readConfig } from '@/lib/config';
import { content } from '@/lib/content';
import * as facts from '@/lib/content/facts';
import { forms } from '@/lib/forms/registry';
import type { MailContext } from '@/lib/mail/compose';
import { confirmationMail, welcomeMail } from '@/lib/mail/newsletter';
import { privacySections } from '@/lib/privacy/policy';
import { fill, messages } from '@/messages';
import { formTexts } from '@/messages/forms';
import { visitorMails as visitorMailTexts } from '@/messages/mails/visitor';

import { sampleEnrolment } from '../helpers/samples';

const lang = 'fr';
const french = content(lang);
const N = '\u00a0';

// Everything a careful French reader would stop at, in what a French visitor receives: each rule has a
// bad sample below that it must catch.
export function frenchProblems(text: string): string[] {
  // Addresses, clock times and the code a refusal quotes are not prose.
  const prose = text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\d:\d/g, '')
    .replace('=?…?=', 'code');
  const problems: string[] = [];
  if (/['"]/.test(prose)) problems.push('a straight quote or apostrophe (use ’ or « »)');
  if (/[^\u00a0\u202f][:;!?]/.test(prose)) problems.push('no no-break space before : ; ! or ?');
  if (/«[^\u00a0]|[^\u00a0]»/.test(prose)) problems.push('no no-break space inside « »');
  if (prose.includes('\u202f')) problems.push('a narrow no-break space (this site uses U+00A0)');
  if (/ [,.)]| {2}|\( /.test(prose)) problems.push('a stray space');
  if (/\u00a0: (Gratuit|Gratuite|Le|La|Les|Un|Une|Des|Du|Au|Aux|Votre|Vos|Nos|Notre|Pour|Avec|Sans)\b/.test(prose))
    problems.push('a capital after a colon');
  if (/\b(the|and|was|now|off|free|leave|this|field|empty|your|with|price|cohort|ends)\b/i.test(prose))
    problems.push('English words');
  if (/moins de \d+ caractères/.test(prose)) problems.push('“moins de 101”: say “100 au plus”');
  if (/(?<!\p{L})(à|de) (le|les) /iu.test(prose)) problems.push('à le / de le instead of au / du');
  if (/au lieu de .*désormais|désormais .*au lieu de/.test(prose)) problems.push('a price glued from fragments');
  if (/\d[\u00a0 ]?\$(?!US)|\$\d/.test(prose)) problems.push('a dollar amount not written “120 $US”');
  if (/abonn/i.test(prose)) problems.push('“abonnement” where the site says “inscription”');
  if (/inscrit(?![(a-z])/.test(prose)) problems.push('“inscrit” where the forms say “inscrit(e)”');
  for (const event of french.events) {
    if (new RegExp(`(?<!\\p{L})(à|de|pour|dans) ${event.title}`, 'iu').test(prose))
      problems.push(`“${event.title}” without its article`);
  }
  return problems;
}

// Every string of a dictionary, with its placeholders filled the way pages fill them.
const samples = { count: '3', date: '25 mars 2023', brand: 'Baobab Data', email: 'ada@example.org', age: '13' };
function strings(value: unknown, path: string): [string, string][] {
  // A placeholder pages fill with a figure or a name stands in as a neutral word.
  if (typeof value === 'string') return [[path, fill(value, samples).replace(/\{\w+\}/g, 'X')]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => strings(v, `${path}.${key}`));
  return [];
}

const ctx = { staff: 'staff@baobabdata.org', siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' };
const person = { firstName: 'Awa', lastName: 'Diop', email: 'awa@example.org' };
const reservation = { ...person, gender: 'female', degree: 'master', occupation: 'Enseignante', country: 'Sénégal' };

// What the visitor reads of a mail: its subject and its text (the HTML part says the same).
const visitorMail = (mail: { to: string; subject: string; text: string }) => `${mail.subject}\n${mail.text}`;

// The site's date before everything (events to come, a next cohort to announce, a calendar invitation)
// and after everything (events past, cohorts started): the mails differ.
const todays = ['2000-01-01', '2999-01-01'];
const visitorMails = (
  form: {
    mails(input: never, mail: MailContext, lang: 'fr', today: string): { to: string; subject: string; text: string }[];
  },
  post: unknown,
) =>
  todays.flatMap((today) =>
    form
      .mails(post as never, ctx, lang, today)
      .filter((m) => m.to !== ctx.staff)
      .map(visitorMail),
  );

// Every composed sentence, answer and mail, for every course, event and offer.
function received(): [string, string][] {
  const out: [string, string][] = [...strings(messages(lang), 'messages')];
  const words = formTexts[lang];
  out.push(...strings(words.ui, 'forms.ui'));
  for (const [name, check] of Object.entries(words.checks)) {
    const text = typeof check === 'function' ? (check as (f: string, n: number) => string)('votre nom', 100) : check;
    out.push(...strings(text, `forms.checks.${name}`));
  }
  // Every course with a next cohort planned, so its mail's line is read too.
  for (const course of french.courses.map((c) => ({ ...c, nextCohortDate: '2500-04-03' }))) {
    const title = content('en').courses.find((c) => c.id === course.id)!.title;
    out.push([`${course.slug} facts`, facts.courseFacts(course, lang)]);
    out.push([`${course.slug} fee`, facts.courseFee(course, lang)]);
    out.push([`${course.slug} description`, facts.courseDescription(course, lang)]);
    const post = z.parse(forms.enrol.schema.fr, { ...sampleEnrolment, course: title });
    const answer = forms.enrol.answer(post, lang);
    out.push([`${course.slug} answer`, `${answer.message} ${answer.detail ?? ''} ${answer.link?.label ?? ''}`.trim()]);
    for (const mail of visitorMails(forms.enrol, { ...post, entity: { ...post.entity, nextCohortDate: '2500-04-03' } }))
      out.push([`${course.slug} mail`, mail]);
  }
  for (const event of french.events) {
    out.push([`${event.slug} description`, facts.eventDescription(event, lang)]);
    const post = z.parse(forms.registerEvent.schema.fr, { ...person, event: event.slug });
    const answer = forms.registerEvent.answer(post, lang);
    out.push([`${event.slug} answer`, `${answer.message} ${answer.detail ?? ''} ${answer.link?.label ?? ''}`.trim()]);
    for (const mail of visitorMails(forms.registerEvent, post)) out.push([`${event.slug} mail`, mail]);
    for (const state of ['closed', 'full'] as const)
      out.push([`${event.slug} ${state}`, facts.eventClosedText(event, state, lang)]);
    // A single day is said otherwise than several.
    out.push([
      `${event.slug} closed, one day`,
      facts.eventClosedText({ ...event, endDate: event.startDate }, 'closed', lang),
    ]);
    out.push([`${event.slug} calendar reminder`, visitorMailTexts.fr.event.reminder(event.inSentence)]);
  }
  for (const offer of french.offers) {
    out.push([`${offer.slug} description`, facts.offerDescription(offer, lang)]);
    out.push([`${offer.slug} price`, facts.offerPrice(offer, lang)]);
    out.push([`${offer.slug} discount`, facts.offerDiscount(offer, lang)]);
    out.push([`${offer.slug} deadline`, facts.offerDeadline(offer, lang)]);
    out.push([`${offer.slug} card`, facts.offerCard(offer, lang)]);
    const post = z.parse(forms.registerOffer.schema.fr, { ...reservation, offer: offer.slug });
    const answer = forms.registerOffer.answer(post, lang);
    out.push([`${offer.slug} answer`, answer.message]);
    for (const mail of visitorMails(forms.registerOffer, post)) out.push([`${offer.slug} mail`, mail]);
    for (const state of ['closed', 'full'] as const)
      out.push([`${offer.slug} ${state}`, facts.offerClosedText(offer, state, lang)]);
    const list = facts.offerListLines(offer, lang);
    out.push([`${offer.slug} in the list`, `${list.when}\n${list.detail}`]);
  }
  for (const [name, answer] of Object.entries(words.answers)) {
    if (typeof answer === 'string') out.push([`forms.answers.${name}`, answer]);
  }
  const contactPost = { name: 'Awa', email: 'awa@example.org', message: 'Bonjour' };
  const contact = forms.contactUs.answer(contactPost, lang);
  out.push(['contact answer', `${contact.message} ${contact.detail ?? ''}`]);
  for (const mail of visitorMails(forms.contactUs, contactPost)) out.push(['contact acknowledgement', mail]);
  for (const state of ['open', 'full', 'closed'] as const)
    for (const kind of ['event', 'offer'] as const)
      out.push([`${kind} ${state} label`, facts.stateLabel(state, kind, lang)]);
  const subscribe = forms.subscribe.answer({ name: 'Awa', email: 'awa@example.org' }, lang);
  out.push(['newsletter answer', `${subscribe.message} ${subscribe.detail ?? ''}`]);
  const links = { confirm: 'https://baobabdata.org/fr/c', unsubscribe: 'https://baobabdata.org/fr/u', oneClick: 'x' };
  out.push(['newsletter confirmation mail', visitorMail(confirmationMail('awa@example.org', links, 7, ctx, lang))]);
  out.push(['newsletter welcome mail', visitorMail(welcomeMail('awa@example.org', links, ctx, lang))]);
  const settings = readConfig({
    SMTP_URL: 'smtp://mail.example.org:587',
    NEWSLETTER_PROVIDER: 'mailchimp',
    MAILCHIMP_SUBSCRIBE_URL: 'https://example.us1.list-manage.com/subscribe/post?u=a&id=b',
  });
  for (const section of privacySections(settings, lang))
    out.push([`privacy: ${section.heading}`, [section.heading, ...section.paragraphs].join('\n')]);
  return out;
}

describe('what a French visitor receives reads as French', () => {
  it('has no typographic or wording error in any page text, composed sentence, answer or mail', () => {
    const all = received();
    expect(all.length).toBeGreaterThan(150);
    const problems = all.flatMap(([where, text]) => frenchProblems(text).map((problem) => `${where}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('catches each class of error', () => {
    const bad: [string, string][] = [
      ['a straight quote or apostrophe (use ’ or « »)', "Merci de l'avoir fait"],
      ['no no-break space before : ; ! or ?', 'Python: 3 semaines'],
      ['no no-break space inside « »', `la formation «${N}Python »`],
      ['a narrow no-break space (this site uses U+00A0)', 'Prix\u202f: 120 $US'],
      ['a stray space', 'Merci , à bientôt'],
      ['a capital after a colon', `Frais d’inscription${N}: Gratuit`],
      ['English words', 'Leave this field empty'],
      ['“moins de 101”: say “100 au plus”', 'Votre nom doit compter moins de 101 caractères'],
      ['à le / de le instead of au / du', 'À bientôt à le hackathon'],
      ['a price glued from fragments', `Prix${N}: au lieu de 150 $US désormais 120 $US`],
      ['a dollar amount not written “120 $US”', 'De gratuit à 105 $.'],
      ['“abonnement” where the site says “inscription”', 'Confirmez votre abonnement'],
      ['“inscrit” where the forms say “inscrit(e)”', 'Vous êtes inscrit'],
      ['“Hackathon Baobab Data 2023” without its article', 'À bientôt à Hackathon Baobab Data 2023'],
    ];
    for (const [problem, text] of bad) expect([text, frenchProblems(text)]).toEqual([text, [problem]]);
    for (const good of [
      'Merci de l’avoir fait',
      `Python${N}: 3 semaines`,
      `Prix${N}: 120 $US au lieu de 150 $US`,
      'Vous êtes inscrit(e). Inscription gratuite',
      `${N}Rendez-vous pour le Hackathon Baobab Data 2023${N}: 18–19 mars 2023`.trim(),
      'Votre nom doit compter 100 caractères au plus',
    ]) {
      expect([good, frenchProblems(good)]).toEqual([good, []]);
    }
  });
});
