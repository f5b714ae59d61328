/** @jest-environment node */
import { itemCurrencies, offerAmounts, startingCurrency } from '@/lib/content/prices';
import { localPricesSchema } from '@/lib/content/schemas';
import { isPaymentReference, paymentReference, payPath, readPayToken } from '@/lib/payments/links';
import { charged, chosenCurrency, courseDue, eventDue, formatCharge, offerDue } from '@/lib/payments/price';

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

// Prices in several currencies (docs/product.md §14): the editor's own amounts, charged exactly.
describe('an item priced in several currencies', () => {
  const offer = {
    wasPrice: 150,
    discountPercent: 20,
    nowPrice: 120,
    deposit: 40,
    prices: [
      { currency: 'NGN' as const, amount: 250_000 },
      { currency: 'XOF' as const, amount: 100_000 },
    ],
  };

  it('is sold in dollars and the editor’s currencies; in dollars alone it has nothing to choose', () => {
    expect(itemCurrencies(offer)).toEqual(['USD', 'NGN', 'XOF']);
    expect(itemCurrencies({ prices: [] })).toEqual([]);
    expect(itemCurrencies({})).toEqual([]);
    const event = {
      tickets: [
        { id: 'a', name: 'Free', price: 0, capacity: 5 },
        { id: 'b', name: 'Pro', price: 20, capacity: 5, prices: [{ currency: 'GHS' as const, amount: 300 }] },
      ],
    };
    expect(itemCurrencies(event)).toEqual(['USD', 'GHS']);
  });

  it('starts in the region’s currency of the page’s language when sold in it, else the item’s first', () => {
    expect(startingCurrency(['USD', 'NGN', 'XOF'], 'fr')).toBe('XOF');
    expect(startingCurrency(['USD', 'NGN', 'XOF'], 'en')).toBe('NGN');
    expect(startingCurrency(['USD', 'GHS'], 'fr')).toBe('USD');
  });

  it('takes the currency a post names only when the item is sold in it', () => {
    expect(chosenCurrency(offer, 'NGN', 'fr')).toBe('NGN');
    expect(chosenCurrency(offer, undefined, 'fr')).toBe('XOF');
    expect(chosenCurrency(offer, '', 'en')).toBe('NGN');
    expect(chosenCurrency(offer, 'GHS', 'fr')).toBeNull();
    expect(chosenCurrency(offer, 'EUR', 'fr')).toBeNull();
    expect(chosenCurrency({ prices: [] }, undefined, 'fr')).toBeUndefined();
    expect(chosenCurrency({ prices: [] }, 'USD', 'fr')).toBeUndefined();
    expect(chosenCurrency({ prices: [] }, 'NGN', 'fr')).toBeNull();
  });

  it('applies the discount and the deposit, set once, in each currency, in whole units', () => {
    expect(offerAmounts(offer, 'NGN')).toEqual({ was: 250_000, now: 200_000, deposit: 66_667 });
    expect(offerAmounts(offer, 'XOF')).toEqual({ was: 100_000, now: 80_000, deposit: 26_667 });
    expect(offerAmounts(offer, 'USD')).toEqual({ was: 150, now: 120, deposit: 40 });
    expect(offerDue(offer, 'NGN')).toEqual({ dollars: 40, deposit: true, local: { amount: 66_667, currency: 'NGN' } });
  });

  it('is charged in the chosen currency exactly, never through the site’s rate', () => {
    const settings = { currency: 'NGN' as const, usdRate: 1_500 };
    expect(charged(offerDue(offer, 'XOF'), settings)).toEqual({ amount: 2_666_700, currency: 'XOF' });
    expect(charged(offerDue(offer, 'USD'), settings)).toEqual({ amount: 4_000, currency: 'USD' });
    // Without a choice (an item in dollars alone), the site's rate as before.
    expect(charged(offerDue(offer), settings)).toEqual({ amount: 6_000_000, currency: 'NGN' });
    const course = { cost: '$105', prices: [{ currency: 'KES' as const, amount: 13_500 }] };
    expect(charged(courseDue(course, 'KES')!, settings)).toEqual({ amount: 1_350_000, currency: 'KES' });
    const event = {
      tickets: [
        { id: 'pro', name: 'Pro', price: 20, capacity: 5, prices: [{ currency: 'ZAR' as const, amount: 350 }] },
      ],
    };
    expect(charged(eventDue(event, 'pro', 'ZAR')!, settings)).toEqual({ amount: 35_000, currency: 'ZAR' });
  });

  it('is written by Intl in the page’s language, with the local sign', () => {
    expect(formatCharge(15_000_000, 'XOF', 'fr')).toMatch(/^150\s000\sF\sCFA$/u);
    expect(formatCharge(7_500_000, 'NGN', 'en')).toBe('₦75,000');
  });

  it('refuses in words what an editor cannot mean: US dollars twice, a currency twice, nothing', () => {
    expect(localPricesSchema.safeParse([{ currency: 'USD', amount: 5 }]).success).toBe(false);
    const twice = localPricesSchema.safeParse([
      { currency: 'NGN', amount: 5 },
      { currency: 'NGN', amount: 6 },
    ]);
    expect(twice.error?.issues[0]?.message).toBe('NGN is priced twice');
    expect(localPricesSchema.safeParse([{ currency: 'NGN', amount: 0 }]).success).toBe(false);
    expect(localPricesSchema.safeParse([{ currency: 'EUR', amount: 5 }]).success).toBe(false);
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
