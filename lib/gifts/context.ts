import { config } from '@/lib/config';
import { log } from '@/lib/log';
import { paymentProvider, type PaymentProvider } from '@/lib/payments';
import { linkSecret } from '@/lib/security/signed-link';
import { getStore, type GiftStore } from '@/lib/storage';

// What gifts work with: the store's gifts, the payment provider, the link secret, the site's address
// and time zone. Tests pass their own.
export interface GiftContext {
  store: GiftStore;
  provider: PaymentProvider | null;
  secret: string;
  siteUrl: string;
  timeZone: string;
  now: () => number;
  log: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
}

export function giftContext(component = 'gifts'): GiftContext {
  const settings = config();
  const logger = log.child({ component });
  return {
    store: getStore(),
    provider: paymentProvider(),
    secret: linkSecret(settings.linkSecret, settings.dataDir),
    siteUrl: settings.siteUrl,
    timeZone: settings.staff.timeZone,
    now: Date.now,
    log: (level, message, fields = {}) => logger[level](fields, message),
  };
}
