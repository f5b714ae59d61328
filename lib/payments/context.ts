import { config } from '@/lib/config';
import { log } from '@/lib/log';
import { linkSecret } from '@/lib/security/signed-link';
import { singleton } from '@/lib/singletons';
import { getStore } from '@/lib/storage';

import { createProviderAnswers } from './answers';
import { paymentProvider } from './provider';
import type { PaymentContext } from './settle';

// The server's payment context: the configured store, provider and settings (lib/config.ts).
export function paymentContext(component = 'payments'): PaymentContext {
  const settings = config();
  const logger = log.child({ component });
  return {
    store: getStore(),
    provider: paymentProvider(),
    secret: linkSecret(settings.linkSecret, settings.dataDir),
    siteUrl: settings.siteUrl,
    timeZone: settings.staff.timeZone,
    currency: settings.payments.currency,
    linkDays: settings.payments.linkDays,
    now: Date.now,
    log: (level, message, fields = {}) => logger[level](fields, message),
    // One for the process: the pay link's route and the return page are separate bundles.
    answers: singleton('paymentAnswers', () => createProviderAnswers()),
  };
}
