import { readGift } from '@/lib/gifts/give';
import { defaultCurrency, formatGift, giftBounds, readAmount } from '@/lib/gifts/money';

// Gifts' amounts (docs/product.md §15): written by Intl in the reader's language, read as people type
// them, within bounds, in the currency of the page's language unless the visitor picks another.
describe('gift amounts', () => {
  it('writes amounts as each language does', () => {
    expect(formatGift(500_000, 'NGN', 'en')).toBe('₦5,000');
    expect(formatGift(15_000_000, 'XOF', 'fr')).toBe('150\u202f000\u00a0F\u202fCFA');
    expect(formatGift(2_050, 'GHS', 'en')).toBe('GH₵20.50');
    expect(formatGift(2_000, 'GHS', 'fr')).toBe('20\u00a0GH₵');
  });

  it('starts in the currency of the language’s region', () => {
    expect(defaultCurrency('en')).toBe('NGN');
    expect(defaultCurrency('fr')).toBe('XOF');
  });

  it('reads another amount as typed, and nothing else', () => {
    expect(['5000', '5 000', '5,000', '5\u202f000', '12.50', '12,50'].map(readAmount)).toEqual([
      5000, 5000, 5000, 5000, 12.5, 12.5,
    ]);
    for (const typed of ['', '5e3', '-5', '0x10', '1.234', '12,5,0', 'Infinity', '1'.repeat(12)]) {
      expect(readAmount(typed)).toBeNull();
    }
  });

  it('keeps another amount within its currency’s bounds', () => {
    expect(giftBounds('NGN')).toEqual({ min: 200, max: 5_000_000 });
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [key, value] of Object.entries({
        currency: 'NGN',
        frequency: 'once',
        email: 'a@example.org',
        ...fields,
      }))
        data.set(key, value);
      return readGift(data, 'en');
    };
    expect(form({ amount: 'other', other: '199' })).toHaveProperty('errors.amount');
    expect(form({ amount: 'other', other: '5000001' })).toHaveProperty('errors.amount');
    expect(form({ amount: 'other', other: '200' })).toMatchObject({ input: { amount: 20_000, currency: 'NGN' } });
    // A suggested amount of another currency is not a suggestion here, and no other amount was typed.
    expect(form({ amount: '20' })).toHaveProperty('errors.amount');
    expect(form({ amount: '5000', message: 'x'.repeat(501) })).toHaveProperty('errors.message');
    expect(form({ amount: '5000', name: 'a\u0000b' })).toHaveProperty('errors.name');
  });
});
