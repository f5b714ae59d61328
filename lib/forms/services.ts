import type { RecaptchaSettings } from '@/lib/bot-check';
import { config } from '@/lib/config';
import { site } from '@/lib/content';
import { siteToday } from '@/lib/content/schedule';
import { requestLog } from '@/lib/log';
import type { MailContext } from '@/lib/mail/compose';
import { configuredNewsletter, type NewsletterProvider } from '@/lib/newsletter';
import { paymentSettings, type PaymentSettings } from '@/lib/payments';
import { placesChanged } from '@/lib/places';
import type { Taken } from '@/lib/security/rate-limit';
import { createSharedRateLimiter } from '@/lib/security/shared-limits';
import type { RequestMeta } from '@/lib/security/xsrf';
import { singleton } from '@/lib/singletons';
import {
  getStore,
  type FormOperation,
  type InboxStore,
  type PaymentStore,
  type PlacesStore,
  type RecordStore,
} from '@/lib/storage';

// What a submission works with. The server's are the process's own (lib/singletons.ts), so the
// JavaScript and no-JavaScript paths share one store and one rate limit; tests pass their own.
export interface FormServices {
  // Records, and the inbox, which counts what the honeypot kept as spam and finds a person's other
  // records; a mail about a stored record (a pay link sent again).
  store: RecordStore & PlacesStore & InboxStore & Pick<PaymentStore, 'mailAboutRecord'>;
  // Counted across instances where the store is shared (lib/security/shared-limits.ts).
  rateLimiter: { take(key: string): Taken | Promise<Taken> };
  newsletter: NewsletterProvider;
  recaptcha: RecaptchaSettings | null;
  mail: MailContext;
  now: () => number;
  // The site's date (lib/content/schedule.ts): what is open, what a mail says is still to come.
  today: () => string;
  // Called when a registration took the last place of an event or offer, or one of the few left: its
  // pages are made again at once rather than at their next regeneration (docs/product.md §9). Tests
  // leave it out.
  placesChanged?: () => void;
  // Below this share of an item's places, its page says how many are left (PLACES_LEFT_SHARE); none
  // without it.
  placesLeftShare?: number;
  // How long a freed seat is held for the first person waiting, in hours (WAITLIST_OFFER_HOURS), as
  // the waiting list's mail says; 48 without it.
  offerHours?: number;
  // How a record with a price is charged (docs/product.md §14). Tests of other things leave it out:
  // their records then keep no payment.
  payments?: PaymentSettings;
  // What happened to the submission, for the server's log (with the request's id and the form).
  log: (message: string, detail?: unknown) => void;
}

export function formServices(request: RequestMeta, operation: FormOperation): FormServices {
  const logger = requestLog(request.headers, { form: operation });
  const settings = config();
  const mail: MailContext = { staff: settings.mail.staff, siteUrl: settings.siteUrl, siteName: site.name };
  return {
    store: getStore(),
    rateLimiter: singleton('rateLimiter', () => createSharedRateLimiter('forms', settings.rateLimitPerMinute)),
    newsletter: configuredNewsletter(),
    recaptcha: settings.recaptcha,
    mail,
    payments: paymentSettings(),
    now: Date.now,
    today: () => siteToday(),
    placesChanged,
    placesLeftShare: settings.places.leftShare,
    offerHours: settings.places.offerMs / 3_600_000,
    log: (message, detail) =>
      logger.info(detail === undefined ? {} : detail instanceof Error ? { err: detail } : { detail }, message),
  };
}
