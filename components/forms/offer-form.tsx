import { formUi } from '@/lib/forms/texts';
import type { Lang } from '@/lib/i18n';

import { OfferFormClient } from './offer-form-client';

// Rendered on the server: the form gets its page's texts only (lib/forms/texts), not both languages.
export function OfferForm({ offer, lang }: { offer: string; lang: Lang }) {
  return <OfferFormClient offer={offer} lang={lang} text={formUi(lang)} />;
}
