import { revalidatePath } from 'next/cache';

import type { RecaptchaSettings } from '@/lib/bot-check';
import { config } from '@/lib/config';
import { site } from '@/lib/content';
import { siteToday } from '@/lib/content/schedule';
import { requestLog } from '@/lib/log';
import type { MailContext } from '@/lib/mail/compose';
import { configuredNewsletter, type NewsletterProvider } from '@/lib/newsletter';
import { createRateLimiter, type RateLimiter } from '@/lib/security/rate-limit';
import type { RequestMeta } from '@/lib/security/xsrf';
import { singleton } from '@/lib/singletons';
import { getStore, type InboxStore, type PlacesStore, type RecordStore } from '@/lib/storage';
import type { FormOperation } from '@/lib/storage/collections';

// What a submission works with. The server's are the process's own (lib/singletons.ts), so the
// JavaScript and no-JavaScript paths share one store and one rate limit; tests pass their own.
export interface FormServices {
  // Records, and the inbox, which counts what the honeypot kept as spam.
  store: RecordStore & PlacesStore & InboxStore;
  rateLimiter: RateLimiter;
  newsletter: NewsletterProvider;
  recaptcha: RecaptchaSettings | null;
  mail: MailContext;
  now: () => number;
  // The site's date (lib/content/schedule.ts): what is open, what a mail says is still to come.
  today: () => string;
  // Called when a registration took the last place of an event or offer: its pages are made again at
  // once rather than at their next regeneration (docs/product.md §9). Tests leave it out.
  placesGone?: () => void;
  // What happened to the submission, for the server's log (with the request's id and the form).
  log: (message: string, detail?: unknown) => void;
}

// The pages that show whether an event or offer is open or full.
const calendarRoutes = [
  '/[lang]',
  '/[lang]/events',
  '/[lang]/events/[slug]',
  '/[lang]/offers',
  '/[lang]/offers/[slug]',
];

export function formServices(request: RequestMeta, operation: FormOperation): FormServices {
  const logger = requestLog(request.headers, { form: operation });
  const settings = config();
  const mail: MailContext = { staff: settings.mail.staff, siteUrl: settings.siteUrl, siteName: site.name };
  return {
    store: getStore(),
    rateLimiter: singleton('rateLimiter', () => createRateLimiter(settings.rateLimitPerMinute)),
    newsletter: configuredNewsletter(),
    recaptcha: settings.recaptcha,
    mail,
    now: Date.now,
    today: () => siteToday(),
    placesGone: () => {
      for (const route of calendarRoutes) revalidatePath(route, 'page');
    },
    log: (message, detail) =>
      logger.info(detail === undefined ? {} : detail instanceof Error ? { err: detail } : { detail }, message),
  };
}
