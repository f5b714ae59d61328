import type { Lang } from '@/lib/i18n';
import { formUi } from '@/messages/forms';

import { OfferFormClient } from './offer-form-client';
import { WaitlistIntro } from './waitlist-intro';

// Rendered on the server: the form gets its own texts in its page's language (messages/forms), so a
// page carries neither the other language nor the other forms' texts.
const offerText = (lang: Lang) =>
  formUi(
    lang,
    'registerOffer',
    ['email', 'firstName', 'lastName', 'gender', 'degree', 'occupation', 'country'] as const,
    ['choose', 'genders', 'degrees', 'joinWaitlist'] as const,
  );

// `full`: every spot is taken, so the form asks for the waiting list (docs/product.md §9).
export function OfferForm({ offer, lang, full = false }: { offer: string; lang: Lang; full?: boolean }) {
  return (
    <OfferFormClient
      offer={offer}
      lang={lang}
      text={offerText(lang)}
      full={full}
      intro={full ? <WaitlistIntro lang={lang} /> : null}
    />
  );
}
