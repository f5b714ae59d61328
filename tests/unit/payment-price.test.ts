/** @jest-environment node */
import { isPaymentReference, paymentReference, payPath, readPayToken } from '@/lib/payments/links';
import { charged, courseDue, formatCharge, offerDue } from '@/lib/payments/price';

// What a record owes (docs/product.md §14): from data/'s dollars to the provider's subunits.
describe('what a record pays', () => {
  it('is a course’s fee, nothing for a free course, and an offer’s deposit or else its price', () => {
    expect(courseDue({ cost: '$105' })).toEqual({ dollars: 105, deposit: false });
    expect(courseDue({ cost: 'Free' })).toBeNull();
    expect(offerDue({ nowPrice: 120 })).toEqual({ dollars: 120, deposit: false });
    expect(offerDue({ nowPrice: 120, deposit: 40 })).toEqual({ dollars: 40, deposit: true });
  });

  it('is charged in the subunit of the configured currency, at its rate per dollar', () => {
    expect(charged({ dollars: 105, deposit: false }, { currency: 'USD', usdRate: 1 })).toEqual({
      amount: 10_500,
      currency: 'USD',
    });
    expect(charged({ dollars: 10, deposit: false }, { currency: 'NGN', usdRate: 1_575.25 })).toEqual({
      amount: 1_575_250,
      currency: 'NGN',
    });
    expect(formatCharge(10_500, 'USD', 'en')).toBe('$105');
    expect(formatCharge(10_550, 'USD', 'en')).toBe('$105.50');
    expect(formatCharge(10_500, 'USD', 'fr')).toBe('105\u00a0$US');
  });
});

describe('a payment’s reference and pay link', () => {
  const secret = 's'.repeat(40);
  const now = Date.UTC(2026, 10, 27, 9);

  it('gives one submission one reference, unguessable without the secret', () => {
    const reference = paymentReference(secret, 'submission-1');
    expect(isPaymentReference(reference)).toBe(true);
    expect(paymentReference(secret, 'submission-1')).toBe(reference);
    expect(paymentReference(secret, 'submission-2')).not.toBe(reference);
    expect(paymentReference('t'.repeat(40), 'submission-1')).not.toBe(reference);
  });

  it('signs a pay link for at least its days, the same all day, and reads back only what it signed', () => {
    const reference = paymentReference(secret, 'submission-1');
    const path = payPath(secret, reference, 'fr', now, 30);
    expect(path).toMatch(/^\/fr\/pay\/[\w~-]+$/);
    expect(payPath(secret, reference, 'fr', now + 3_600_000, 30)).toBe(path);
    const token = path.split('/').at(-1)!;
    expect(readPayToken(secret, token, now + 30 * 86_400_000)).toEqual({ reference, expired: false });
    expect(readPayToken(secret, token, now + 31 * 86_400_000)).toEqual({ reference, expired: true });
    expect(readPayToken('t'.repeat(40), token, now)).toBeNull();
    expect(readPayToken(secret, `${token}x`, now)).toBeNull();
    expect(readPayToken(secret, 'garbage', now)).toBeNull();
  });
});
