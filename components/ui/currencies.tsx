import type { ReactNode } from 'react';

import type { PaymentCurrency } from '@/lib/constants';
import { locales, type Lang } from '@/lib/i18n';
import { priceTexts } from '@/messages/prices';

import styles from './currencies.module.css';

// An item priced in several currencies (docs/product.md §14). The page wraps what shows prices and the
// choice in `pricedClass`; the choice is radio buttons named `currency`, tied to the item's form by
// `form` so the post carries it, with or without JavaScript; each amount is written once per currency
// and CSS shows the chosen one's. The form's script remembers the choice for the next page
// (components/forms/currency-memory.ts). An item with one currency shows no choice and no copies.
export const pricedClass = styles.priced;

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
    <fieldset className={styles.choice}>
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
