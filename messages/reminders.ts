import { REMINDER_DAYS } from '@/lib/constants';
import type { Localised } from '@/lib/i18n';

import { count } from './units';

// The content editor's help under an event's "Send reminders" (lib/cms/collections/events.ts), in
// English as the editor's other help is: it says the days REMINDER_DAYS lists, so it changes with them.
export function remindersHelp(days: readonly number[] = REMINDER_DAYS): string {
  const counted = count('en');
  const before = new Intl.ListFormat('en', { type: 'conjunction' }).format(days.map((day) => counted(day, 'day')));
  return `Registrants get a reminder mail ${before} before the event starts.`;
}

// When the reminders still to come are sent, for a visitor's sentence, from the days of REMINDER_DAYS
// they are sent on (nearest the event last): "7 days before the event, then the day before".
const countedIn = { en: count('en'), fr: count('fr') };
export const remindersBefore: Localised<(days: readonly number[]) => string> = {
  en: (days) => {
    const [first, ...rest] = Array.from(days, (day) =>
      day === 1 ? 'the day before' : `${countedIn.en(day, 'day')} before`,
    );
    const then = new Intl.ListFormat('en', { type: 'conjunction' }).format(rest);
    return `${first} the event${rest.length > 0 ? `, then ${then}` : ''}`;
  },
  fr: (days) => {
    const [first, ...rest] = Array.from(days, (day) => (day === 1 ? 'la veille' : `${countedIn.fr(day, 'day')} avant`));
    const then = new Intl.ListFormat('fr', { type: 'conjunction' }).format(rest);
    const event = first === 'la veille' ? 'la veille de l’événement' : `${first} l’événement`;
    return `${event}${rest.length > 0 ? `, puis ${then}` : ''}`;
  },
};
