import { DAILY_CONFIRMATIONS } from '@/lib/constants';
import { defaultLang, locales, type Lang } from '@/lib/i18n';
import type { NewMail } from '@/lib/storage';
import { staffMails } from '@/messages/mails/staff';
import { visitorMails } from '@/messages/mails/visitor';

import { renderLetter, type Letter } from './letter';

// What every capability's mails are made of (lib/forms/mails.ts, lib/places/mails.ts,
// lib/payments/mails.ts): a note to the staff inbox (in English, naming the visitor's language) and,
// where it helps, a confirmation to the visitor in the language of their page. The spec's mail
// forwarding of contact messages is the staff note with reply-to set.
//
// Anyone can type anyone's address, so a confirmation carries nothing the sender typed, not even a
// name: only what the site itself says about the course, event or offer (docs/product.md §7). Whoever
// submits first with an address therefore cannot choose what its owner reads, and when a later
// confirmation is held back (lib/forms/submit.ts) the owner already has the same dates and links.
export interface MailContext {
  staff: string;
  siteUrl: string;
  siteName: string;
}

// The day's cap on confirmations to one address, from every form together (NewMail.dailyCap): the day
// is the server's UTC day, as the once-a-day markers count it.
export function confirmationCap(to: string, now: number): NonNullable<NewMail['dailyCap']> {
  const day = new Date(now).toISOString().slice(0, 10);
  return { key: JSON.stringify(['confirmations', to.trim().toLowerCase(), day]), limit: DAILY_CONFIRMATIONS };
}

// A letter addressed: the message the outbox keeps.
export function newMail(to: string, subject: string, letter: Letter, extra: Partial<NewMail> = {}): NewMail {
  return { to, subject, ...renderLetter(letter), ...extra };
}

// The staff's note, ending with what the visitor was sent, or, when their confirmation is held back,
// saying so.
export function staffNote(
  to: string,
  subject: string,
  letter: Letter,
  ending: { sent?: string; heldBack: string },
  replyTo: string,
): NewMail {
  const ended = (last?: string) => ({ ...letter, paragraphs: [...letter.paragraphs, ...(last ? [last] : [])] });
  return newMail(to, subject, ended(ending.sent), {
    replyTo,
    ifHeldBack: { subject, ...renderLetter(ended(ending.heldBack)) },
  });
}

// A visitor's confirmation: the letter, then why they got it.
export function confirmation(
  to: string,
  subject: string,
  letter: Letter & { lang: Lang },
  extra: Partial<NewMail> = {},
): NewMail {
  const notYou = visitorMails[letter.lang].notYou;
  return newMail(to, subject, { ...letter, paragraphs: [...letter.paragraphs, notYou] }, extra);
}

// The staff's notes are in English (the default language) and name the language the visitor used.
const languageNames = new Intl.DisplayNames([locales[defaultLang].htmlLang], { type: 'language' });
const languageName = (lang: Lang) => languageNames.of(locales[lang].htmlLang) ?? lang;
export const languageRow = (lang: Lang): [string, string] => [staffMails.rows.language, languageName(lang)];
// The ending of a staff's note whose visitor's confirmation about `item` is held back.
export const heldBack = (item: string, lang: Lang) => staffMails.heldBack(item, languageName(lang));
