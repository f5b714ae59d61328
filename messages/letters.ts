import type { Localised } from '@/lib/i18n';

// The words of letters to the community (lib/letters): the foot of each mail and the public archive in
// every language, and the workspace's pages in English (as the rest of the workspace).
export interface LetterTexts {
  readOnWeb: string;
  // Why the reader receives it: the newsletter, or a registration for one event, offer or course.
  whyNewsletter(site: string): string;
  whyRegistered(item: string): string;
  whyGiver(site: string): string;
  whyTest(site: string): string;
  unsubscribe: string;
  postal(site: string, address: string): string;
  archiveTitle: string;
  archiveDescription(site: string): string;
  archiveEmpty: string;
  sentOn(date: string): string;
}

export const letterTexts: Localised<LetterTexts> = {
  en: {
    readOnWeb: 'Read it on the web',
    whyNewsletter: (site) => `You receive this letter because you subscribed to the ${site} newsletter.`,
    whyRegistered: (item) => `You receive this message because you gave your address for “${item}”.`,
    whyGiver: (site) => `You receive this message because you gave to ${site}.`,
    whyTest: (site) => `A test of a letter from ${site}.`,
    unsubscribe: 'Unsubscribe',
    postal: (site, address) => `${site}, ${address}`,
    archiveTitle: 'Newsletter',
    archiveDescription: (site) => `Every letter ${site} has sent to its community, to read on the web.`,
    archiveEmpty: 'No letter has been sent yet.',
    sentOn: (date) => `Sent on ${date}`,
  },
  fr: {
    readOnWeb: 'Voir la version en ligne',
    whyNewsletter: (site) =>
      `Vous recevez cette lettre parce que vous êtes inscrit(e) à la lettre d’information de ${site}.`,
    whyRegistered: (item) => `Vous recevez ce message parce que vous avez donné votre adresse pour « ${item} ».`,
    whyGiver: (site) => `Vous recevez ce message parce que vous avez fait un don à ${site}.`,
    whyTest: (site) => `Message d’essai d’une lettre de ${site}.`,
    unsubscribe: 'Se désinscrire',
    postal: (site, address) => `${site}, ${address}`,
    archiveTitle: 'Lettre d’information',
    archiveDescription: (site) => `Toutes les lettres que ${site} a envoyées à sa communauté, à lire sur le web.`,
    archiveEmpty: 'Aucune lettre n’a encore été envoyée.',
    sentOn: (date) => `Envoyée le ${date}`,
  },
};

// The workspace's pages about letters (English, as the whole workspace).
export const letterStaffText = {
  nav: 'Letters',
  title: 'Letters',
  intro:
    'Write to the newsletter’s confirmed subscribers, each in their language, or to everyone registered for one event, offer or course. Bodies are Markdown: # a heading, [a link](https://…), - a list item, ![an image](https://…).',
  newLetter: 'New letter',
  none: 'No letter yet.',
  statuses: { draft: 'Draft', sending: 'Sending', paused: 'Paused', sent: 'Sent', failed: 'Stopped: Mailchimp failed' },
  edit: 'Edit the letter',
  slug: 'Address on the web (/newsletter/…)',
  subject: 'Subject ({language})',
  body: 'Letter ({language}, Markdown)',
  audience: 'Who receives it',
  audiences: {
    subscribers: 'Every confirmed subscriber',
    givers: 'Everyone who gave (a thank-you letter)',
    test: 'A test list',
  },
  registrants: 'Everyone registered for {item}',
  testList: 'Test list (addresses, one a line)',
  save: 'Save the draft',
  saved: 'Draft saved.',
  slugTaken: 'Another letter already has this address.',
  invalid:
    'The letter could not be saved: a subject and a letter in the default language are needed, and the address is lowercase letters, digits and hyphens.',
  frozen: 'This letter is being sent or was sent: it can no longer be changed.',
  preview: 'Preview',
  phone: '{language}, phone width',
  desk: '{language}, desk width',
  previewNote: 'Images from other sites are not shown in the preview (the workspace loads none); the mail shows them.',
  missing: 'No {language} version: {language} readers get the {fallback} one.',
  test: 'Send me a test',
  tested: 'A test in each language is on its way to {email}.',
  review: 'Review and send',
  confirmTitle: 'Send “{subject}”?',
  recipients: 'It goes to {count} people.',
  confirm: 'Yes, send it now',
  started: 'Sending has started.',
  already: 'This letter was already sent or is being sent.',
  empty: 'Nobody would receive it: there is nobody on that list.',
  progress:
    'Queued {queued} of {total} · sent {sent} · failed {failed} · not sent (left the list or stopped) {skipped}',
  viaMailchimp:
    'It goes as Mailchimp campaigns, one per language it is written in, to the audience “{audience}”: {count} subscribed members as Mailchimp counts them now. Mailchimp mails each member, with their own unsubscribe link.',
  mailchimpUnreachable: 'Mailchimp cannot be reached now ({reason}). Try again in a moment.',
  mailchimpUnconfigured:
    'Newsletters go through Mailchimp here, but no Mailchimp API key is set (MAILCHIMP_API_KEY), so they cannot be sent from the workspace. Ask whoever runs the server.',
  unreachable: 'Mailchimp could not be reached: nothing was sent. Try again in a moment.',
  campaigns: 'Mailchimp campaigns',
  campaignPending: '{language}: campaign {id}, not sent yet',
  campaignSent: '{language}: campaign {id}, sent by Mailchimp to {count} members',
  campaignEmpty: '{language}: nobody in the audience reads this language, nothing to send',
  campaignNone: '{language}: no campaign yet',
  failed:
    'Mailchimp did not send it: {reason}. Campaigns already sent stay sent; trying again goes on from where it stopped.',
  retry: 'Try again',
  retried: 'Trying again: the letter goes on from where it stopped.',
  pause: 'Pause',
  resume: 'Resume',
  stopped: 'Stopped addresses (two permanent refusals)',
  noneStopped: 'No address is stopped.',
  back: 'Back to letters',
  notFound: 'There is no such letter.',
  refused: 'That could not be done.',
} as const;
