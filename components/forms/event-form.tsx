import type { Lang } from '@/lib/i18n';
import { formUi } from '@/messages/forms';

import { EventFormClient } from './event-form-client';
import { WaitlistIntro } from './waitlist-intro';

// Rendered on the server: the form gets its own texts in its page's language (messages/forms), so a
// page carries neither the other language nor the other forms' texts.
const eventText = (lang: Lang) =>
  formUi(
    lang,
    'registerEvent',
    ['firstName', 'lastName', 'email', 'ticket'] as const,
    ['joinWaitlist', 'choose'] as const,
  );

// `full`: every place is taken, so the form asks for the waiting list (docs/product.md §9).
// `external`: an external page takes the registration (an event with no places here).
// `tickets`: a paid event's ticket kinds, each with its line (its price, and whether it is full).
export function EventForm({
  event,
  lang,
  full = false,
  external = false,
  tickets = [],
}: {
  event: string;
  lang: Lang;
  full?: boolean;
  external?: boolean;
  tickets?: { id: string; label: string }[];
}) {
  return (
    <EventFormClient
      event={event}
      lang={lang}
      text={eventText(lang)}
      full={full}
      external={external}
      tickets={tickets}
      intro={full ? <WaitlistIntro lang={lang} /> : null}
    />
  );
}
