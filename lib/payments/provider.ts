import { config } from '@/lib/config';
import { singleton } from '@/lib/singletons';

import { paystackProvider } from './paystack';
import type { PaymentProvider, ProviderName } from './types';

// The provider configured by its keys (lib/config.ts), once per process; null without one, the embedded
// default: the course's external payment page, and staff mark payments by hand.
export function paymentProvider(): PaymentProvider | null {
  return singleton('paymentProvider', () => {
    const chosen = config().payments.provider;
    if (!chosen) return null;
    const make: Record<ProviderName, () => PaymentProvider> = {
      paystack: () => paystackProvider({ secretKey: chosen.secretKey, baseUrl: chosen.baseUrl }),
    };
    return make[chosen.kind]();
  });
}
