import type { Lang } from '@/lib/i18n';
import { formUi } from '@/messages/forms';

import { NewsletterFormClient } from './newsletter-form-client';

// Rendered on the server: the form gets its own texts in its page's language (messages/forms), so a
// page carries neither the other language nor the other forms' texts.
const newsletterText = (lang: Lang) => formUi(lang, 'subscribe', ['name', 'email'] as const);

export function NewsletterForm({ lang }: { lang: Lang }) {
  return <NewsletterFormClient lang={lang} text={newsletterText(lang)} />;
}
