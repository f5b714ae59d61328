import type { NewMessage } from '@/lib/storage';

import { renderLetter, type Letter } from './letter';

// The local newsletter's own mails. Each carries the subscriber's unsubscribe link in its text and the
// RFC 8058 headers, so a mail program can offer one-click unsubscribe.
export interface NewsletterLinks {
  // The page with the confirmation button (a GET never confirms: mail scanners open links).
  confirm: string;
  // The page with the unsubscribe button, shown in the letter.
  unsubscribe: string;
  // The endpoint a mail program POSTs 'List-Unsubscribe=One-Click' to.
  oneClick: string;
}

export interface NewsletterMailContext {
  siteUrl: string;
  siteName: string;
}

function newsletterMessage(to: string, subject: string, letter: Letter, links: NewsletterLinks): NewMessage {
  return {
    to,
    subject,
    ...renderLetter({ ...letter, unsubscribe: links.unsubscribe }),
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function confirmationMail(
  name: string,
  email: string,
  links: NewsletterLinks,
  validDays: number,
  ctx: NewsletterMailContext,
): NewMessage {
  return newsletterMessage(
    email,
    `Confirm your subscription to the ${ctx.siteName} newsletter`,
    {
      heading: `Please confirm, ${name}`,
      paragraphs: [
        `Someone, probably you, asked to receive the ${ctx.siteName} newsletter at this address. Open the link below and press the button to confirm.`,
        `The link works for ${validDays} days. If you did not ask for this, ignore this email: without your confirmation you will not receive the newsletter.`,
      ],
      link: { href: links.confirm, label: 'Confirm my subscription' },
    },
    links,
  );
}

export function welcomeMail(
  name: string,
  email: string,
  links: NewsletterLinks,
  ctx: NewsletterMailContext,
): NewMessage {
  return newsletterMessage(
    email,
    `Welcome to the ${ctx.siteName} community`,
    {
      heading: `Welcome, ${name}`,
      paragraphs: [
        'Your subscription is confirmed. Every month or so we share new courses, projects looking for volunteers and insights from the community.',
        'Every newsletter has an unsubscribe link at the bottom, as this email does.',
      ],
      link: { href: ctx.siteUrl, label: `Visit ${ctx.siteName}` },
    },
    links,
  );
}
