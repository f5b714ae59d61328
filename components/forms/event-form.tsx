import { formUi } from '@/lib/forms/texts';
import type { Lang } from '@/lib/i18n';

import { EventFormClient } from './event-form-client';

// Rendered on the server: the form gets its page's texts only (lib/forms/texts), not both languages.
export function EventForm({ event, lang }: { event: string; lang: Lang }) {
  return <EventFormClient event={event} lang={lang} text={formUi(lang)} />;
}
