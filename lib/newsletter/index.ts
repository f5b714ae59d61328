import { config } from '@/lib/config';
import { DAY_MS } from '@/lib/constants';
import { site } from '@/lib/content';
import { defaultLang, localeUrl, toLang, type Lang } from '@/lib/i18n';
import { confirmationCap } from '@/lib/mail/compose';
import { linkSecret, signLink, verifyLink, type LinkPurpose } from '@/lib/security/signed-link';
import { singleton } from '@/lib/singletons';
import {
  getStore,
  isDuplicateError,
  subscriberKey,
  type RecordData,
  type RecordStore,
  type SubscriberStatus,
} from '@/lib/storage';
import { formTexts } from '@/messages/forms';

import { mailchimpApi, type MailchimpApi } from './mailchimp-api';
import { confirmationMail, welcomeMail, type NewsletterLinks, type NewsletterMailContext } from './mails';

export { MailchimpError, type Campaign, type ListCounts, type MailchimpApi } from './mailchimp-api';

// docs/product.md §7–8: a provider answers in Mailchimp's shape, { result, msg }. A network or HTTP failure
// is thrown as NewsletterUnavailable so the form can say 'Try again'.
export interface ProviderAnswer {
  result?: string;
  msg?: string;
}

export interface NewsletterProvider {
  readonly kind: 'local' | 'mailchimp';
  // `lang` is the language of the page the visitor signed up on (English when absent).
  subscribe(name: string, email: string, now: number, lang?: Lang): Promise<ProviderAnswer>;
}

export class NewsletterUnavailable extends Error {}

export const CONFIRM_LINK_DAYS = 7;

export type ConfirmResult = 'confirmed' | 'invalid';
export type UnsubscribeResult = 'unsubscribed' | 'invalid';

export interface DoubleOptInNewsletter extends NewsletterProvider {
  readonly kind: 'local';
  // Both take the token of a signed link; anything else is 'invalid'.
  confirm(token: unknown, now: number): Promise<ConfirmResult>;
  unsubscribe(token: unknown, now: number): Promise<UnsubscribeResult>;
  links(email: string, now: number, lang?: Lang): NewsletterLinks;
  // The address a link's token was signed for, or null: for the pages, which change nothing.
  verify(purpose: LinkPurpose, token: unknown, now: number): string | null;
}

export interface DoubleOptInOptions {
  store: () => RecordStore;
  secret: () => string;
  mail: () => NewsletterMailContext;
}

// The links of one subscriber: confirmation expires after CONFIRM_LINK_DAYS, unsubscribing never does.
// They lead to the pages in the subscriber's language; the one-click address (an API route, the same
// in both languages) names it so that, opened in a browser, it shows the page in that language.
export function newsletterLinks(
  siteUrl: string,
  secret: string,
  email: string,
  now: number,
  lang: Lang = defaultLang,
): NewsletterLinks {
  const confirm = signLink(secret, 'newsletter-confirm', email, now + CONFIRM_LINK_DAYS * DAY_MS);
  const unsubscribe = encodeURIComponent(signLink(secret, 'newsletter-unsubscribe', email, 0));
  return {
    confirm: `${localeUrl(siteUrl, lang, '/newsletter/confirm')}?t=${encodeURIComponent(confirm)}`,
    unsubscribe: `${localeUrl(siteUrl, lang, '/newsletter/unsubscribe')}?t=${unsubscribe}`,
    oneClick: `${siteUrl}/api/newsletter/unsubscribe?t=${unsubscribe}${lang === defaultLang ? '' : `&lang=${lang}`}`,
  };
}

// The language a subscriber signed up in; subscribers kept from before it was recorded are English.
function subscriberLang(data: RecordData): Lang {
  return toLang(data.lang);
}

// The local list with double opt-in: a sign-up is kept as 'pending' and sent a signed confirmation
// link; only the confirmation page's POST makes it 'confirmed'. A pending address that signs up again
// is sent a new link at most once a day. Subscribers from before double opt-in have no status and
// count as confirmed.
export function doubleOptInNewsletter(options: DoubleOptInOptions): DoubleOptInNewsletter {
  const links = (email: string, now: number, lang: Lang = defaultLang) =>
    newsletterLinks(options.mail().siteUrl, options.secret(), email, now, lang);
  const confirmation = (email: string, now: number, lang: Lang) =>
    confirmationMail(email, links(email, now, lang), CONFIRM_LINK_DAYS, options.mail(), lang);
  const answer = { result: 'success', msg: `Almost finished… ${formTexts[defaultLang].answers.checkInbox}` };

  // A new link goes out in the language of this sign-up, which the subscriber keeps from then on.
  async function again(name: string, email: string, now: number, lang: Lang): Promise<void> {
    const existing = await options.store().getSubscriber(email);
    if (!existing) return;
    const status = (existing.data.status ?? 'confirmed') as SubscriberStatus;
    if (status === 'confirmed') return;
    const lastSent = typeof existing.data.confirmationSentAt === 'number' ? existing.data.confirmationSentAt : 0;
    // Someone who left since the last link was sent starts a new day's allowance: that link needed their
    // own click to undo, so nobody else can use it to mail them twice in a day.
    const leftSince = status === 'unsubscribed' && Number(existing.data.statusDate ?? 0) >= lastSent;
    if (now - lastSent < DAY_MS && !leftSince) return;
    const changes: RecordData =
      status === 'unsubscribed'
        ? { name, lang, status: 'pending', statusDate: now, confirmationSentAt: now }
        : { lang, confirmationSentAt: now };
    await options.store().updateSubscriber(email, changes, [confirmation(email, now, lang)]);
  }

  return {
    kind: 'local',
    async subscribe(name, email, now, lang = defaultLang) {
      try {
        await options.store().add(
          'newsletter',
          { name, email, lang, date: now, status: 'pending', statusDate: now, confirmationSentAt: now },
          // Counted among the day's confirmations to the address (lib/mail/compose.ts); a new link
          // asked for again (below) is sent at most once a day anyway.
          {
            uniqueKey: subscriberKey(email),
            mails: [{ ...confirmation(email, now, lang), dailyCap: confirmationCap(email, now) }],
          },
        );
      } catch (error) {
        if (!isDuplicateError(error)) throw error;
        await again(name, email, now, lang);
      }
      return answer;
    },
    async confirm(token, now) {
      const email = verifyLink(options.secret(), 'newsletter-confirm', token, now);
      if (email === null) return 'invalid';
      const subscriber = await options.store().getSubscriber(email);
      // Forgotten or purged since the link was sent.
      if (!subscriber) return 'invalid';
      const status = (subscriber.data.status ?? 'confirmed') as SubscriberStatus;
      if (status === 'confirmed') return 'confirmed';
      // Who unsubscribed after this link was sent meant it; signing up again sends a new link.
      if (status === 'unsubscribed') return 'invalid';
      const lang = subscriberLang(subscriber.data);
      await options
        .store()
        .updateSubscriber(email, { status: 'confirmed', statusDate: now }, [
          welcomeMail(email, links(email, now, lang), options.mail(), lang),
        ]);
      return 'confirmed';
    },
    async unsubscribe(token, now) {
      const email = verifyLink(options.secret(), 'newsletter-unsubscribe', token, now);
      if (email === null) return 'invalid';
      const subscriber = await options.store().getSubscriber(email);
      if (subscriber && subscriber.data.status !== 'unsubscribed') {
        await options.store().updateSubscriber(email, { status: 'unsubscribed', statusDate: now });
      }
      // Also for an address no longer on the list: it is off the list either way.
      return 'unsubscribed';
    },
    links,
    verify: (purpose, token, now) => verifyLink(options.secret(), purpose, token, now),
  };
}

// The double opt-in list of this process (the confirmation and unsubscribe routes use it whichever
// provider takes sign-ups), and the configured provider: process-wide (lib/singletons.ts).
export function localNewsletterList(): DoubleOptInNewsletter {
  return singleton('localNewsletter', () => {
    let secret: string | undefined;
    return doubleOptInNewsletter({
      store: getStore,
      secret: () => (secret ??= linkSecret(config().linkSecret, config().dataDir)),
      mail: () => ({ siteUrl: config().siteUrl, siteName: site.name }),
    });
  });
}

// For the pages: the address a link is for, if it is valid now.
export function linkAddress(purpose: LinkPurpose, token: string): string | null {
  return localNewsletterList().verify(purpose, token, Date.now());
}

export function configuredNewsletter(): NewsletterProvider {
  return singleton('newsletter', () => {
    const settings = config().newsletter;
    return settings.kind === 'mailchimp' ? mailchimpNewsletter(settings.subscribeUrl) : localNewsletterList();
  });
}

// With NEWSLETTER_PROVIDER=mailchimp, Mailchimp's Marketing API for the audience that takes the sign-ups:
// 'unconfigured' when no API key is set (sign-ups still work; newsletters cannot be sent from here), null
// with the local list.
export function configuredMailchimp(): MailchimpApi | 'unconfigured' | null {
  const settings = config();
  if (settings.newsletter.kind !== 'mailchimp') return null;
  const { api, listId } = settings.mailchimp;
  if (!api || !listId) return 'unconfigured';
  return singleton('mailchimpApi', () => mailchimpApi({ ...api, listId }));
}

// Mailchimp's subscribe endpoint (the post-json form URL with u and id). Called from the server,
// so no JSONP callback is needed; a JSONP-wrapped answer is still understood.
export function mailchimpNewsletter(subscribeUrl: string, timeoutMs = 5000): NewsletterProvider {
  return {
    kind: 'mailchimp',
    async subscribe(name, email, _now, lang = defaultLang) {
      const url = new URL(subscribeUrl);
      url.searchParams.set('FULLNAME', name);
      url.searchParams.set('EMAIL', email);
      // The member's language, which Mailchimp's forms take from this field: a newsletter's campaign in
      // a language goes to the members of that language (lib/letters/campaigns.ts).
      url.searchParams.set('MC_LANGUAGE', lang);
      url.searchParams.set('subscribe', 'Subscribe');
      // Mailchimp's own honeypot field, left empty as a person's browser would.
      url.searchParams.set(`b_${url.searchParams.get('u') ?? ''}_${url.searchParams.get('id') ?? ''}`, '');
      let body: string;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) throw new NewsletterUnavailable(`Mailchimp answered HTTP ${response.status}`);
        body = await response.text();
      } catch (error) {
        if (error instanceof NewsletterUnavailable) throw error;
        throw new NewsletterUnavailable(`Mailchimp unreachable: ${(error as Error).message}`);
      }
      const json = body.trim().replace(/^[\w$.]+\(([\s\S]*)\);?$/, '$1');
      try {
        const answer = JSON.parse(json) as ProviderAnswer;
        return {
          result: typeof answer.result === 'string' ? answer.result : undefined,
          msg: typeof answer.msg === 'string' ? answer.msg : undefined,
        };
      } catch {
        throw new NewsletterUnavailable(`Mailchimp answered something that is not JSON: ${body.slice(0, 80)}`);
      }
    },
  };
}

// docs/product.md §8: the provider's message up to, not including, the first '<'.
export function providerMessage(msg: string | undefined): string {
  return (msg ?? '').split('<')[0]!.trim();
}
