import buttons from '@/components/ui/button.module.css';
import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { LANG_FIELD } from '@/lib/forms/state';
import { formatGift, type Gift } from '@/lib/gifts';
import type { Lang } from '@/lib/i18n';
import { formatDay } from '@/lib/i18n/format';
import { giftTexts } from '@/messages/gifts';

import styles from './gifts.module.css';

// A giver's gifts (the manage page): each with its state, what was received and what failed, and for
// an active monthly gift the two ways to act on it: stop it here, or change the card on the provider's
// page. Plain forms posted to /api/gifts/<action>: no script.
export function GiverGifts({
  lang,
  token,
  gifts,
  notice,
  timeZone,
}: {
  lang: Lang;
  token: string;
  gifts: Gift[];
  notice: string | null;
  timeZone: string;
}) {
  const t = giftTexts[lang];
  return (
    <>
      <PageHeader title={t.manageTitle} lead={t.manageIntro} />
      <div className={`container ${ui.section}`}>
        <div className={ui.prose}>
          {notice ? <p role="status">{notice}</p> : null}
          {gifts.length === 0 ? <p>{t.manageNone}</p> : null}
          <ul className={styles.gifts}>
            {gifts.map(({ pledge, payments, failures, state }) => {
              const amount = formatGift(Number(pledge.amount), String(pledge.currency), lang);
              const monthly = pledge.frequency === 'monthly';
              return (
                <li key={pledge.giftId} className={styles.gift}>
                  <h2 className={ui.heading}>{monthly ? t.monthlyGift(amount) : t.onceGift(amount)}</h2>
                  <p>
                    {t.states[state]} · {t.startedOn(formatDay(pledge.at, lang, timeZone))}
                  </p>
                  <p>{t.payments(String(payments.length))}</p>
                  {failures.length > 0 ? <p>{t.failedRenewals(String(failures.length))}</p> : null}
                  {monthly && state === 'active' ? (
                    <>
                      <form method="post" action="/api/gifts/stop">
                        <input type="hidden" name={LANG_FIELD} value={lang} />
                        <input type="hidden" name="t" value={token} />
                        <input type="hidden" name="gift" value={pledge.giftId} />
                        <button type="submit" className={`${buttons.button} ${buttons.primary}`}>
                          {t.stop}
                        </button>
                      </form>
                      <form method="post" action="/api/gifts/card">
                        <input type="hidden" name={LANG_FIELD} value={lang} />
                        <input type="hidden" name="t" value={token} />
                        <input type="hidden" name="gift" value={pledge.giftId} />
                        <button type="submit" className={buttons.button}>
                          {t.cardOnPaystack}
                        </button>
                      </form>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </>
  );
}
