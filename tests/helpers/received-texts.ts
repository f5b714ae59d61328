import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import type { Metadata } from 'next';
import * as z from 'zod/mini';

import { readConfig } from '@/lib/config';
import { contactInfo, content } from '@/lib/content';
import * as facts from '@/lib/content/facts';
import { forms } from '@/lib/forms/registry';
import { langs, type Lang } from '@/lib/i18n';
import { formatCost, formatDates } from '@/lib/i18n/format';
import type { Letter } from '@/lib/letters/letter';
import { footOf } from '@/lib/letters/send';
import type { MailContext } from '@/lib/mail/compose';
import { confirmationMail, welcomeMail } from '@/lib/newsletter/mails';
import { formatCharge } from '@/lib/payments/price';
import { seatOfferMail, type ConfirmationParts, type PlaceParts } from '@/lib/places';
import { formatDeadline } from '@/lib/places/offers';
import { privacySections } from '@/lib/privacy/policy';
import { itemNames } from '@/lib/staff/present';
import { fill, messages } from '@/messages';
import { formTexts } from '@/messages/forms';
import { letterTexts } from '@/messages/letters';
import { visitorMails as visitorMailTexts } from '@/messages/mails/visitor';

import { sampleEnrolment } from './samples';

// Everything a visitor receives in one language, gathered for the tests that read it as a reader would
// (tests/unit/french-typography.test.ts, tests/unit/composed-texts.test.ts): the page and frame words,
// the content, the sentences composed from it, every form's words and answers, every mail (letters' feet
// included), the pages of a place's links with each event and offer named in them, the privacy page as
// the server states it, and every page's metadata (titles, descriptions, social cards' alt
// texts). A text is a title or a description when it is one in a page's head.

export type TextKind = 'text' | 'title' | 'description';

export interface ReceivedText {
  where: string;
  kind: TextKind;
  text: string;
  // A description cut to fit: the text it was cut from.
  full?: string;
}

const repo = resolve(__dirname, '../..');

// Content fields that hold facts, not words (addresses, dates, figures, names of files).
const factKeys = new Set([
  'id',
  'slug',
  'img',
  'flag',
  'mapImg',
  'link',
  'href',
  'pay_link',
  'registrationLink',
  'project_link',
  'cohortLink',
  'trainingLink',
  'projectLink',
  'submitInsightLink',
  'startDate',
  'endDate',
  'cohortStartDate',
  'endsOnDate',
  'nextCohortDate',
  'cost',
  'domain',
  'brandColour',
  'email',
  'phone',
  'lang',
]);

// Every string of a value, by its path: a dictionary's, with its placeholders filled the way pages fill
// them (a placeholder pages fill with a figure or a name stands in as a neutral word), or content's.
function strings(value: unknown, path: string, samples: Record<string, string>, key = ''): [string, string][] {
  if (typeof value === 'string')
    return factKeys.has(key) ? [] : [[path, fill(value, samples).replace(/\{\w+\}/g, 'X')]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`, samples, key));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`, samples, k));
  return [];
}

// The values pages put in placeholders, in the language's own forms.
function samplesFor(lang: Lang): Record<string, string> {
  return {
    count: '3',
    index: '2',
    date: formatDates('2023-03-25', undefined, lang),
    brand: 'Baobab Data',
    email: 'ada@example.org',
    age: '13',
    name: 'Awa Diop',
    country: 'Nigeria',
    lowest: formatCost('$10', lang),
    highest: formatCost('$105', lang),
    fees: fill(messages(lang).academy.feesFromFree, { highest: formatCost('$105', lang) }),
  };
}

const ctx = { staff: 'staff@baobabdata.org', siteUrl: 'https://baobabdata.org', siteName: 'Baobab Data' };
const person = { firstName: 'Awa', lastName: 'Diop', email: 'awa@example.org' };
const reservation = {
  ...person,
  gender: 'female' as const,
  degree: 'master' as const,
  occupation: 'Enseignante',
  country: 'Sénégal',
};

// What the visitor reads of a mail: its subject and its text (the HTML part says the same).
const visitorMail = (mail: { to: string; subject: string; text: string }) => `${mail.subject}\n${mail.text}`;

// The site's date before everything (events to come, a next cohort to announce, a calendar invitation)
// and after everything (events past, cohorts started): the mails differ.
const todays = ['2000-01-01', '2999-01-01'];
type MailingForm = {
  mails(
    input: never,
    mail: MailContext,
    lang: Lang,
    today: string,
    parts?: ConfirmationParts,
  ): { to: string; subject: string; text: string }[];
};
// A registration with places carries its check-in code and the way to give its place back.
const place: PlaceParts = {
  cancelUrl: 'https://baobabdata.org/places/cancel?t=x',
  checkIn: { code: 'K7PAMX', png: '' },
};
// A paid place's confirmation carries its pay link too (docs/product.md §14), its amount as the
// visitor's language writes money.
const payLink = (lang: Lang) => ({
  href: 'https://baobabdata.org/pay/x',
  amount: formatCharge(12_000, 'USD', lang),
  deposit: true,
  days: 30,
});
const visitorMails = (form: MailingForm, post: unknown, lang: Lang) =>
  todays.flatMap((today) =>
    [undefined, { place }, { pay: payLink(lang) }, { place, pay: payLink(lang) }].flatMap((parts) =>
      form
        .mails(post as never, ctx, lang, today, parts)
        .filter((m) => m.to !== ctx.staff)
        .map(visitorMail),
    ),
  );
// What a full event's or offer's waiting list says: the answer at two positions, the list's mail, the
// mail offering a freed place, each naming the item as its own words do.
type ItemWords = { title: string; inSentence: string };
const waitlistTexts = (
  form: Pick<typeof forms.registerEvent, 'booking'>,
  post: never,
  lang: Lang,
  where: string,
  item: ItemWords,
) => {
  const booking = form.booking(post, formTexts[lang].answers);
  const out = [1, 12].map((position) => {
    const answer = booking.waitlisted(position);
    return text(`${where} waiting list answer`, `${answer.message} ${answer.detail ?? ''}`);
  });
  for (const mail of booking.waitlistMails(ctx, lang, 48, place).filter((m) => m.to !== ctx.staff))
    out.push(text(`${where} waiting list mail`, visitorMail(mail)));
  out.push(
    text(
      `${where} offer of a place`,
      visitorMail(
        seatOfferMail('a@example.org', item, lang, 'https://b', formatDeadline(Date.UTC(2023, 2, 3, 13), lang)),
      ),
    ),
  );
  return out;
};

const text = (where: string, value: string): ReceivedText => ({ where, kind: 'text', text: value });

// The pages of a place's signed links (giving it back, leaving the list, claiming one), naming the item.
const placeTexts = (lang: Lang, where: string, item: ItemWords): ReceivedText[] => {
  const { places } = messages(lang);
  const until = formatDeadline(Date.UTC(2023, 2, 3, 13), lang);
  return [places.cancelText, places.leaveText, places.claimText].map((sentence) =>
    text(`${where} place page`, fill(sentence, { item: item.inSentence, until })),
  );
};

// A letter's foot for each list it can go to (the newsletter, a test, each course's, event's and offer's
// registrants), written in every language, and the archive's words.
const letterFeet = async (lang: Lang): Promise<ReceivedText[]> => {
  const versions = Object.fromEntries(langs.map((l) => [l, { subject: 'S', body: 'B' }]));
  const { choices } = await itemNames(lang, Date.parse('2023-03-01T12:00:00Z'));
  const audiences = ['subscribers', 'test', ...choices.map((choice) => `item:${choice.key}`)];
  const words = letterTexts[lang];
  const feet = await Promise.all(
    audiences.map((audience) =>
      footOf({ id: 'x', slug: 'x', updatedAt: 0, versions, audience } as unknown as Letter, lang, ctx.siteUrl),
    ),
  );
  return [
    ...audiences.map((audience, i) => text(`letter foot ${audience}`, feet[i]!.why)),
    text(
      'letters',
      [
        words.readOnWeb,
        words.unsubscribe,
        words.postal('Baobab Data', contactInfo.address),
        words.archiveTitle,
        words.archiveDescription('Baobab Data'),
        words.archiveEmpty,
        words.sentOn(formatDates('2023-03-25', undefined, lang)),
      ].join('\n'),
    ),
  ];
};

// Every page word, content text, composed sentence, answer and mail, for every course, event and offer.
export async function receivedTexts(lang: Lang): Promise<ReceivedText[]> {
  const site = content(lang);
  const samples = samplesFor(lang);
  const out: ReceivedText[] = strings(messages(lang), 'messages', samples).map(([where, t]) => text(where, t));
  for (const [where, t] of strings(site, 'content', samples)) out.push(text(where, t));
  const words = formTexts[lang];
  for (const [where, t] of strings(words.ui, 'forms.ui', samples)) out.push(text(where, t));
  const fields = words.checks.fields;
  for (const [name, check] of Object.entries(words.checks)) {
    if (typeof check === 'function') {
      // A length check as the longest field (a message) and the shortest say it.
      for (const max of [100, 5000])
        out.push(text(`forms.checks.${name}`, (check as (f: string, n: number) => string)(fields.message, max)));
    } else for (const [where, t] of strings(check, `forms.checks.${name}`, samples)) out.push(text(where, t));
  }
  for (const [name, answer] of Object.entries(words.answers)) {
    if (typeof answer === 'string') out.push(text(`forms.answers.${name}`, answer));
  }
  // A wait of one second and of several.
  for (const seconds of [1, 2, 60]) out.push(text('forms.answers.rateLimited', words.answers.rateLimited(seconds)));

  out.push({
    where: 'academy description',
    kind: 'description',
    text: facts.academyDescription(site.courses, lang),
    full: facts.academyDescription(site.courses, lang),
  });
  // Every course with a next cohort planned, so its mail's line is read too.
  for (const course of site.courses.map((c) => ({ ...c, nextCohortDate: '2500-04-03' }))) {
    const title = content('en').courses.find((c) => c.id === course.id)!.title;
    out.push(text(`${course.slug} facts`, facts.courseFacts(course, lang)));
    out.push(text(`${course.slug} fee`, facts.courseFee(course, lang)));
    out.push({
      where: `${course.slug} description`,
      kind: 'description',
      text: facts.courseDescription(course, lang),
      full: facts.courseSummary(course, lang),
    });
    const post = await z.parseAsync(forms.enrol.schema[lang], { ...sampleEnrolment, course: title });
    const answer = forms.enrol.answer(post, lang);
    out.push(
      text(`${course.slug} answer`, `${answer.message} ${answer.detail ?? ''} ${answer.link?.label ?? ''}`.trim()),
    );
    const withCohort = { ...post, entity: { ...post.entity, nextCohortDate: '2500-04-03' } };
    for (const mail of visitorMails(forms.enrol, withCohort, lang)) out.push(text(`${course.slug} mail`, mail));
  }
  for (const event of site.events) {
    out.push(text(`${event.slug} description`, facts.eventDescription(event, lang)));
    // The event's schema looks the event up in the CMS (asynchronously): the post as it parses.
    const post = { ...person, event: event.slug, entity: { ...event, englishTitle: event.title } };
    const answer = forms.registerEvent.answer(post, lang);
    out.push(
      text(`${event.slug} answer`, `${answer.message} ${answer.detail ?? ''} ${answer.link?.label ?? ''}`.trim()),
    );
    for (const mail of visitorMails(forms.registerEvent, post, lang)) out.push(text(`${event.slug} mail`, mail));
    out.push(...waitlistTexts(forms.registerEvent, post as never, lang, event.slug, event));
    out.push(...placeTexts(lang, event.slug, event));
    for (const state of ['closed', 'full'] as const)
      out.push(text(`${event.slug} ${state}`, facts.eventClosedText(event, state, lang)));
    // A single day is said otherwise than several.
    out.push(
      text(
        `${event.slug} closed, one day`,
        facts.eventClosedText({ ...event, endDate: event.startDate }, 'closed', lang),
      ),
    );
    out.push(text(`${event.slug} calendar reminder`, visitorMailTexts[lang].event.reminder(event.inSentence)));
  }
  for (const offer of site.offers) {
    out.push(text(`${offer.slug} description`, facts.offerDescription(offer, lang)));
    out.push(text(`${offer.slug} price`, facts.offerPrice(offer, lang)));
    out.push(text(`${offer.slug} discount`, facts.offerDiscount(offer, lang)));
    out.push(text(`${offer.slug} deadline`, facts.offerDeadline(offer, lang)));
    out.push(text(`${offer.slug} card`, facts.offerCard(offer, lang)));
    // The offer's schema looks the offer up in the CMS (asynchronously): the post as it parses.
    const post = { ...reservation, offer: offer.slug, entity: { ...offer, englishTitle: offer.title } };
    const answer = forms.registerOffer.answer(post, lang);
    out.push(text(`${offer.slug} answer`, answer.message));
    for (const mail of visitorMails(forms.registerOffer, post, lang)) out.push(text(`${offer.slug} mail`, mail));
    out.push(
      ...waitlistTexts(
        forms.registerOffer as unknown as Pick<typeof forms.registerEvent, 'booking'>,
        post as never,
        lang,
        offer.slug,
        offer,
      ),
    );
    out.push(...placeTexts(lang, offer.slug, offer));
    for (const state of ['closed', 'full'] as const)
      out.push(text(`${offer.slug} ${state}`, facts.offerClosedText(offer, state, lang)));
    const list = facts.offerListLines(offer, lang);
    out.push(text(`${offer.slug} in the list`, `${list.when}\n${list.detail}`));
  }
  const contactPost = { name: 'Awa', email: 'awa@example.org', message: 'Bonjour' };
  const contact = forms.contactUs.answer(contactPost, lang);
  out.push(text('contact answer', `${contact.message} ${contact.detail ?? ''}`));
  for (const mail of visitorMails(forms.contactUs, contactPost, lang)) out.push(text('contact acknowledgement', mail));
  for (const state of ['open', 'full', 'closed'] as const)
    for (const kind of ['event', 'offer'] as const)
      out.push(text(`${kind} ${state} label`, facts.stateLabel(state, kind, lang)));
  const subscribe = forms.subscribe.answer({ name: 'Awa', email: 'awa@example.org' }, lang);
  out.push(text('newsletter answer', `${subscribe.message} ${subscribe.detail ?? ''}`));
  const links = { confirm: 'https://baobabdata.org/c', unsubscribe: 'https://baobabdata.org/u', oneClick: 'x' };
  for (const days of [1, 7])
    out.push(
      text('newsletter confirmation mail', visitorMail(confirmationMail('awa@example.org', links, days, ctx, lang))),
    );
  out.push(text('newsletter welcome mail', visitorMail(welcomeMail('awa@example.org', links, ctx, lang))));
  out.push(...(await letterFeet(lang)));
  const settings = readConfig({
    SMTP_URL: 'smtp://mail.example.org:587',
    NEWSLETTER_PROVIDER: 'mailchimp',
    MAILCHIMP_SUBSCRIBE_URL: 'https://example.us1.list-manage.com/subscribe/post?u=a&id=b',
  });
  for (const section of privacySections(settings, lang))
    out.push(text(`privacy: ${section.heading}`, [section.heading, ...section.paragraphs].join('\n')));
  return out;
}

type PageModule = {
  generateMetadata?: (props: { params: Promise<Record<string, string>> }) => Promise<Metadata> | Metadata;
  generateStaticParams?: () => Record<string, string>[] | Promise<Record<string, string>[]>;
};

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pageFiles(path);
    return name === 'page.tsx' ? [path] : [];
  });
}

// The one title and description of a tag that may hold several.
const one = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'absolute' in value) return String(value.absolute);
  return undefined;
};
const images = (value: unknown): { alt?: string }[] => (Array.isArray(value) ? value : value ? [value] : []);

// The head of every page of the site, in one language: its titles (document, Open Graph, Twitter), its
// descriptions and its social cards' alt texts, straight from each page's generateMetadata. A course
// page's description is given with the text it was cut from.
export async function receivedMetadata(lang: Lang): Promise<ReceivedText[]> {
  const out: ReceivedText[] = [];
  const summaries = new Map(
    content(lang).courses.map((course) => [facts.courseDescription(course, lang), facts.courseSummary(course, lang)]),
  );
  const files = pageFiles(join(repo, 'app', '[lang]'));
  for (const file of files) {
    const page = (await import(file)) as PageModule;
    if (!page.generateMetadata) continue;
    const params = (await page.generateStaticParams?.()) ?? [{}];
    for (const param of params) {
      const where = `${relative(repo, file)} ${Object.values(param).join(' ')}`.trim();
      const head = await page.generateMetadata({ params: Promise.resolve({ ...param, lang }) });
      const titles = [one(head.title), one(head.openGraph?.title), one(head.twitter?.title)];
      for (const title of titles) if (title) out.push({ where, kind: 'title', text: title });
      for (const image of [...images(head.openGraph?.images), ...images(head.twitter?.images)])
        if (image.alt) out.push({ where: `${where} card`, kind: 'title', text: image.alt });
      for (const description of [head.description, head.openGraph?.description, head.twitter?.description])
        if (description) out.push({ where, kind: 'description', text: description, full: summaries.get(description) });
    }
  }
  return out;
}

// Both, for every language of the table.
export async function everyLanguage(): Promise<[Lang, ReceivedText[]][]> {
  return Promise.all(
    langs.map(async (lang): Promise<[Lang, ReceivedText[]]> => [
      lang,
      [...(await receivedTexts(lang)), ...(await receivedMetadata(lang))],
    ]),
  );
}
