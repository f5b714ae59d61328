import type { Config } from '@/lib/config';
import { pages } from '@/lib/content';

// The privacy page's sections with the retention periods of the settings that the purge uses
// (lib/privacy/retention.ts) and the processors this configuration uses.
export function period(days: number): string {
  if (days % 365 === 0) return days === 365 ? 'one year' : `${days / 365} years`;
  return days === 1 ? 'one day' : `${days} days`;
}

export function processorsInUse(settings: Pick<Config, 'store' | 'mail' | 'recaptcha' | 'newsletter'>): string[] {
  const texts = pages.privacy.processors;
  const transport = settings.mail.transport;
  return [
    ...(settings.store.kind === 'firestore' ? [texts.firestore] : []),
    ...(transport.kind === 'smtp' ? [texts.smtp.replace('{smtpHost}', new URL(transport.url).hostname)] : []),
    ...(settings.recaptcha ? [texts.recaptcha] : []),
    ...(settings.newsletter.kind === 'mailchimp' ? [texts.mailchimp] : []),
  ];
}

export function privacySections(
  settings: Pick<Config, 'store' | 'mail' | 'recaptcha' | 'newsletter' | 'retention'>,
): { heading: string; paragraphs: string[] }[] {
  const { retention } = settings;
  const values: Record<string, string> = {
    contactPeriod: period(retention.contactDays),
    registrationPeriod: period(retention.registrationDays),
    newsletterInactivePeriod: period(retention.newsletterInactiveDays),
    mailPeriod: period(retention.mailKeepDays),
    processors: processorsInUse(settings).join(' '),
  };
  return pages.privacy.sections.map((section) => ({
    heading: section.heading,
    paragraphs: section.paragraphs
      .map((paragraph) => paragraph.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole))
      .filter((paragraph) => paragraph !== ''),
  }));
}
