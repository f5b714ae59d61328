import { formUi } from '@/lib/forms/texts';
import type { Lang } from '@/lib/i18n';

import { ContactFormClient } from './contact-form-client';

// Rendered on the server: the form gets its own texts in its page's language (lib/forms/texts), so a
// page carries neither the other language nor the other forms' texts.
const contactText = (lang: Lang) => formUi(lang, 'contactUs', ['name', 'email', 'message'] as const);
export type ContactText = ReturnType<typeof contactText>;

export function ContactForm({ lang }: { lang: Lang }) {
  return <ContactFormClient lang={lang} text={contactText(lang)} />;
}
