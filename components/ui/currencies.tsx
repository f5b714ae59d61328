import type { ReactNode } from 'react';

import type { PaymentCurrency } from '@/lib/constants';
import { locales, type Lang } from '@/lib/i18n';
import { priceTexts } from '@/messages/prices';

// An item priced in several currencies (docs/product.md §14). The page wraps what shows prices and the
// choice in `pricedClass`; the choice is radio buttons named `currency`, tied to the item's form by
// `form` so the post carries it, with or without JavaScript; each amount is written once per currency
// and CSS shows the chosen one's. The form's script remembers the choice for the next page
// (components/forms/currency-memory.ts). An item with one currency shows no choice and no copies, and
// its page carries none of this CSS: the choice brings its own rules, for its own currencies only.
export const pricedClass = 'priced';

// The choice's layout, and the rule that hides every amount but the chosen currency's. A browser without
// :has() shows every currency's amounts, each with its own sign.
function choiceStyle(currencies: readonly PaymentCurrency[]): string {
  const hide = currencies
    .map((c) => `.priced:has(input[name=currency][value=${c}]:checked) [data-currency]:not([data-currency=${c}])`)
    .join(',');
  return (
    '.currency-choice{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:0 0 1rem;padding:0;border:0}' +
    '.currency-choice legend{margin-bottom:.25rem;padding:0;font-weight:600}' +
    '.currency-choice label{display:inline-flex;align-items:center;gap:.4rem;min-height:44px}' +
    `@supports selector(:has(*)){${hide}{display:none}}`
  );
}

export function CurrencyChoice({
  currencies,
  initial,
  form,
  lang,
}: {
  currencies: readonly PaymentCurrency[];
  initial: PaymentCurrency | undefined;
  form: string;
  lang: Lang;
}) {
  if (currencies.length < 2) return null;
  const names = new Intl.DisplayNames([locales[lang].intl], { type: 'currency' });
  return (
    <>
      <style>{choiceStyle(currencies)}</style>
      <fieldset className="currency-choice">
        <legend>{priceTexts[lang].payIn}</legend>
        {currencies.map((currency) => (
          <label key={currency}>
            <input type="radio" name="currency" value={currency} form={form} defaultChecked={currency === initial} />
            <span>
              {names.of(currency)} ({currency})
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

// What `children` writes of an item, once per currency it is sold in, each shown only while its currency
// is the chosen one; once, as it is, for an item in one currency.
export function InCurrencies({
  currencies,
  as: Tag = 'div',
  children,
}: {
  currencies: readonly PaymentCurrency[];
  as?: 'div' | 'span';
  children: (currency: PaymentCurrency | undefined) => ReactNode;
}) {
  if (currencies.length < 2) return <>{children(undefined)}</>;
  return (
    <>
      {currencies.map((currency) => (
        <Tag key={currency} data-currency={currency}>
          {children(currency)}
        </Tag>
      ))}
    </>
  );
}
