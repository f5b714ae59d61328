import { config } from '@/lib/config';
import { defaultLang, locales } from '@/lib/i18n';

// A moment as the staff read it, in the workspace and in the audit trail: in English, in the
// organisation's time zone (ORG_TIME_ZONE), '' for anything but a number of milliseconds.
export function formatWhen(ms: unknown): string {
  if (typeof ms !== 'number') return '';
  return new Intl.DateTimeFormat(locales[defaultLang].intl, {
    timeZone: config().staff.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}
