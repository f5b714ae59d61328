import { formUi } from '@/lib/forms/texts';
import type { Lang } from '@/lib/i18n';

import { NewsletterFormClient } from './newsletter-form-client';

// Rendered on the server: the form gets its page's texts only (lib/forms/texts), not both languages.
export function NewsletterForm({ lang }: { lang: Lang }) {
  return <NewsletterFormClient lang={lang} text={formUi(lang)} />;
}
