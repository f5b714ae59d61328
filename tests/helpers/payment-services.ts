import type { FormServices } from '@/lib/forms/services';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { paystackProvider } from '@/lib/payments/paystack';
import type { PaymentSettings } from '@/lib/payments/record';
import type { PaymentContext } from '@/lib/payments/settle';
import { createRateLimiter } from '@/lib/security/rate-limit';
import type { Store } from '@/lib/storage/types';

import { STUB_SECRET_KEY, type PaystackStub } from './paystack-stub';
import { BEFORE_SEED_EVENT } from './samples';

// What the payment tests give the forms and the payments door: a store, the site's link secret and
// address, and the Paystack stub. Each test file keeps its own clock and settings.
interface Site {
  secret: string;
  siteUrl: string;
}

// The forms' services on `store`, with payments as `payments` says, at `now`.
export function paidFormServices(store: Store, site: Site, payments: PaymentSettings, now: number): FormServices {
  const mail = { siteUrl: site.siteUrl, siteName: 'Baobab Data' };
  return {
    store,
    rateLimiter: createRateLimiter(100),
    newsletter: doubleOptInNewsletter({ store: () => store, secret: () => site.secret, mail: () => mail }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...mail },
    now: () => now,
    today: () => BEFORE_SEED_EVENT,
    log: () => {},
    payments,
  };
}

// The payments door's context on `store`, asking the stub, a minute after `now`, in `currency` for items
// priced in dollars alone.
export function stubPaymentContext(
  store: Store,
  stub: PaystackStub,
  site: Site,
  now: number,
  currency: PaymentContext['currency'] = 'USD',
): PaymentContext {
  return {
    store,
    provider: paystackProvider({ secretKey: STUB_SECRET_KEY, baseUrl: stub.url, timeoutMs: 2_000 }),
    secret: site.secret,
    siteUrl: site.siteUrl,
    timeZone: 'Africa/Lagos',
    currency,
    linkDays: 30,
    now: () => now + 60_000,
    log: () => {},
  };
}
