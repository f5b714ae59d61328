import fields from '@/components/forms/fields.module.css';
import buttons from '@/components/ui/button.module.css';
import { HONEYPOT_FIELD, LANG_FIELD } from '@/lib/forms/state';
import { formatGift, GIFT_CURRENCIES, giftBounds, SUGGESTED, type GiftCurrency } from '@/lib/gifts';
import { localePath, type Lang } from '@/lib/i18n';
import { SUBUNITS } from '@/lib/payments';
import { formTexts } from '@/messages/forms';
import { giftTexts } from '@/messages/gifts';

import styles from './gifts.module.css';

// The gift form (docs/product.md §15): a plain form posted to /api/gifts, which answers by sending the
// giver to the provider's page. No script: the currency is chosen by a link to the page in that
// currency (each prerendered), and every amount is written by Intl in the page's language.
export function DonateForm({ lang, currency }: { lang: Lang; currency: GiftCurrency }) {
  const t = giftTexts[lang];
  const money = (units: number) => formatGift(units * SUBUNITS, currency, lang);
  const { min, max } = giftBounds(currency);
  const suggested = SUGGESTED[currency];
  return (
    <>
      <nav aria-labelledby="gift-currencies">
        <h2 id="gift-currencies" className={fields.label}>
          {t.currencyHeading}
        </h2>
        <ul className={styles.currencies}>
          {GIFT_CURRENCIES.map((each) => (
            <li key={each}>
              <a
                href={localePath(lang, `/donate/${each.toLowerCase()}`)}
                aria-current={each === currency ? 'page' : undefined}
              >
                {each}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p>{t.currencyCurrent(currency)}</p>
      <form className={fields.form} method="post" action="/api/gifts">
        <input type="hidden" name={LANG_FIELD} value={lang} />
        <input type="hidden" name="currency" value={currency} />
        <fieldset className={styles.choices}>
          <legend>{t.amountLegend}</legend>
          {suggested.map((units, index) => (
            <label key={units} className={styles.choice}>
              <input type="radio" name="amount" value={String(units)} defaultChecked={index === 1} />
              {money(units)}
            </label>
          ))}
          <label className={styles.choice}>
            <input type="radio" name="amount" value="other" />
            {t.otherAmount}
          </label>
        </fieldset>
        <div className={fields.field}>
          <label htmlFor="gift-other" className={fields.label}>
            {t.otherLabel(currency)}
          </label>
          <p id="gift-other-hint" className={fields.hint}>
            {money(min)} – {money(max)}
          </p>
          <input
            id="gift-other"
            name="other"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            className={fields.input}
            aria-describedby="gift-other-hint"
          />
        </div>
        <fieldset className={styles.choices}>
          <legend>{t.frequencyLegend}</legend>
          <label className={styles.choice}>
            <input type="radio" name="frequency" value="once" defaultChecked />
            {t.once}
          </label>
          <label className={styles.choice}>
            <input type="radio" name="frequency" value="monthly" />
            {t.monthly}
          </label>
        </fieldset>
        <div className={fields.field}>
          <label htmlFor="gift-email" className={fields.label}>
            {t.email}
          </label>
          <input
            id="gift-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            className={fields.input}
          />
        </div>
        <div className={fields.field}>
          <label htmlFor="gift-name" className={fields.label}>
            {t.name}
          </label>
          <input id="gift-name" name="name" maxLength={100} autoComplete="name" className={fields.input} />
        </div>
        <div className={fields.field}>
          <label htmlFor="gift-message" className={fields.label}>
            {t.message}
          </label>
          <p id="gift-message-hint" className={fields.hint}>
            {t.messageHint}
          </p>
          <textarea
            id="gift-message"
            name="message"
            rows={3}
            maxLength={500}
            className={fields.input}
            aria-describedby="gift-message-hint"
          />
        </div>
        <div className={fields.honeypot} aria-hidden="true">
          <label htmlFor="gift-website">{formTexts[lang].ui.honeypot}</label>
          <input id="gift-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <p className={fields.hint}>{t.onPaystack}</p>
        <p>
          <button type="submit" className={`${buttons.button} ${buttons.primary}`}>
            {t.submit}
          </button>
        </p>
      </form>
    </>
  );
}
