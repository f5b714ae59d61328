import type { Config } from '@/lib/config';
import { GIFT_KEEP_DAYS } from '@/lib/constants';
import { content } from '@/lib/content';
import { defaultLang, type Lang } from '@/lib/i18n';
import { fill, messages } from '@/messages';
import { count } from '@/messages/units';

// The privacy page's sections with the retention periods of the settings that the purge uses
// (lib/privacy/retention.ts) and the processors this configuration uses.
export function period(days: number, lang: Lang = defaultLang): string {
  const unit = messages(lang).legal.periods;
  if (days % 365 === 0) return days === 365 ? unit.year : count(lang)(days / 365, 'year');
  return days === 1 ? unit.day : count(lang)(days, 'day');
}

export function processorsInUse(
  settings: Pick<Config, 'store' | 'mail' | 'recaptcha' | 'newsletter'>,
  lang: Lang = defaultLang,
): string[] {
  const texts = content(lang).pages.privacy.processors;
  const transport = settings.mail.transport;
  return [
    ...(settings.store.kind === 'firestore' ? [texts.firestore] : []),
    // The provider by the name the operator gave, never the relay's host name (which says nothing to a
    // reader, and is 127.0.0.1 with a local relay).
    ...(transport.kind === 'smtp'
      ? [
          settings.mail.providerName
            ? fill(texts.smtp, { mailProvider: settings.mail.providerName })
            : texts.smtpUnnamed,
        ]
      : []),
    ...(settings.recaptcha ? [texts.recaptcha] : []),
    ...(settings.newsletter.kind === 'mailchimp' ? [texts.mailchimp] : []),
  ];
}

export function privacySections(
  settings: Pick<Config, 'store' | 'mail' | 'recaptcha' | 'newsletter' | 'retention'>,
  lang: Lang = defaultLang,
): { heading: string; paragraphs: string[] }[] {
  const { retention } = settings;
  const values: Record<string, string> = {
    contactPeriod: period(retention.contactDays, lang),
    registrationPeriod: period(retention.registrationDays, lang),
    newsletterInactivePeriod: period(retention.newsletterInactiveDays, lang),
    mailPeriod: period(retention.mailKeepDays, lang),
    giftPeriod: period(GIFT_KEEP_DAYS, lang),
    processors: processorsInUse(settings, lang).join(' '),
  };
  return content(lang).pages.privacy.sections.map((section) => ({
    heading: section.heading,
    paragraphs: section.paragraphs.map((paragraph) => fill(paragraph, values)).filter((paragraph) => paragraph !== ''),
  }));
}
