import { formUi } from '@/lib/forms/texts';
import type { Lang } from '@/lib/i18n';

import { ContactFormClient } from './contact-form-client';

// Rendered on the server: the form gets its page's texts only (lib/forms/texts), not both languages.
export function ContactForm({ lang }: { lang: Lang }) {
  return <ContactFormClient lang={lang} text={formUi(lang)} />;
}
