import type { ArrayField, Validate } from 'payload';

import { PAYMENT_CURRENCIES } from '@/lib/constants';
import { langs } from '@/lib/i18n';
import { priceTexts, type PriceTexts } from '@/messages/prices';

// The words of the field in every language of the table, for the editor to show in its own.
const inEveryLang = (pick: (t: PriceTexts) => string) =>
  Object.fromEntries(langs.map((lang) => [lang, pick(priceTexts[lang])]));

// An item's prices besides its dollar one (docs/product.md §14): rows of a currency Paystack settles and
// an amount. `validate` is the item's schema on the field (a currency twice, US dollars here, a price
// of nothing are refused in words); the site reads them with the item (lib/cms/shapes.ts).
export function pricesField(help: (t: PriceTexts) => string, validate?: Validate): ArrayField {
  return {
    name: 'prices',
    label: inEveryLang((t) => t.field),
    type: 'array',
    labels: { singular: inEveryLang((t) => t.row), plural: inEveryLang((t) => t.field) },
    admin: { description: inEveryLang(help) },
    ...(validate ? { validate } : {}),
    fields: [
      {
        type: 'row',
        fields: [
          {
            name: 'currency',
            label: inEveryLang((t) => t.currency),
            type: 'select',
            required: true,
            options: PAYMENT_CURRENCIES.filter((currency) => currency !== 'USD').map((currency) => ({
              value: currency,
              label: currency,
            })),
          },
          { name: 'amount', label: inEveryLang((t) => t.amount), type: 'number', required: true, min: 0 },
        ],
      },
    ],
  };
}
