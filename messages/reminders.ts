import { REMINDER_DAYS } from '@/lib/constants';

import { count } from './units';

// The content editor's help under an event's "Send reminders" (lib/cms/collections/events.ts), in
// English as the editor's other help is: it says the days REMINDER_DAYS lists, so it changes with them.
export function remindersHelp(days: readonly number[] = REMINDER_DAYS): string {
  const counted = count('en');
  const before = new Intl.ListFormat('en', { type: 'conjunction' }).format(days.map((day) => counted(day, 'day')));
  return `Registrants get a reminder mail ${before} before the event starts.`;
}
