import { defaultLang, localeUrl, type Lang } from '@/lib/i18n';
import { renderLetter, type Letter } from '@/lib/mail/letter';
import type { NewMail } from '@/lib/storage';
import { visitorMails } from '@/messages/mails/visitor';

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

function newsletterMessage(to: string, subject: string, letter: Letter, links: NewsletterLinks): NewMail {
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

// Neither mail names the subscriber: whoever typed the address chose the name (docs/product.md §7).
export function confirmationMail(
  email: string,
  links: NewsletterLinks,
  validDays: number,
  ctx: NewsletterMailContext,
  lang: Lang = defaultLang,
): NewMail {
  const t = visitorMails[lang].newsletter;
  return newsletterMessage(
    email,
    t.confirmSubject(ctx.siteName),
    {
      lang,
      heading: t.confirmHeading,
      paragraphs: [t.confirmAsked(ctx.siteName), t.confirmValid(validDays)],
      link: { href: links.confirm, label: t.confirmLink },
    },
    links,
  );
}

export function welcomeMail(
  email: string,
  links: NewsletterLinks,
  ctx: NewsletterMailContext,
  lang: Lang = defaultLang,
): NewMail {
  const t = visitorMails[lang].newsletter;
  return newsletterMessage(
    email,
    t.welcomeSubject(ctx.siteName),
    {
      lang,
      heading: t.welcomeHeading,
      paragraphs: t.welcomeParagraphs,
      link: {
        href: localeUrl(ctx.siteUrl, lang, '/'),
        label: t.visit(ctx.siteName),
      },
    },
    links,
  );
}
