import type { Lang } from '@/lib/i18n';
import { formUi } from '@/messages/forms';

import { ContactFormClient } from './contact-form-client';

// Rendered on the server: the form gets its own texts in its page's language (messages/forms), so a
// page carries neither the other language nor the other forms' texts.
const contactText = (lang: Lang) => formUi(lang, 'contactUs', ['name', 'email', 'message'] as const);

export function ContactForm({ lang }: { lang: Lang }) {
  return <ContactFormClient lang={lang} text={contactText(lang)} />;
}
