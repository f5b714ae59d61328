import { SITE_TIME_ZONE } from '@/lib/constants';
import { eventPath, site } from '@/lib/content';
import type { SiteEvent } from '@/lib/content/types';
import { localeUrl, type Lang } from '@/lib/i18n';
import { visitorMails } from '@/messages/mails/visitor';

// A calendar invitation (RFC 5545) for an event from startDate to endDate inclusive: at its hours in
// its time zone when they are known, else whole days. It carries a reminder the day before.
interface CalendarEvent {
  // The same for every invitation to one event, so a second one updates the first in a calendar.
  uid: string;
  title: string;
  description: string;
  location: string;
  startDate: string; // YYYY-MM-DD
  endDate: string; // YYYY-MM-DD, inclusive
  // The first day's start and the last day's end ('09:00'), in an IANA time zone.
  times?: { start: string; end: string; timeZone: string };
  // What the reminder says.
  reminder: string;
  url: string;
  organizerEmail: string;
  organizerName: string;
}

const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const compactDate = (isoDate: string) => isoDate.replaceAll('-', '');
const compactTime = (time: string) => `${time.replace(':', '')}00`;

// Lines longer than 75 octets are folded with CRLF and a space, as the standard asks.
function fold(line: string): string {
  const bytes = Buffer.from(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--; // never split a UTF-8 character
    parts.push(bytes.subarray(start, end).toString());
    start = end;
  }
  return parts.join('\r\n ');
}

// A zone's offset from UTC on a day, as iCalendar writes it ('+0100'). Whatever the server's locale
// calls the zone ('GMT+01:00', 'UTC+01:00'), the offset is its signed hours and minutes; a zone at UTC
// has none.
function utcOffset(timeZone: string, isoDate: string): string {
  const name = new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: 'longOffset', numberingSystem: 'latn' })
    .formatToParts(new Date(`${isoDate}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!.value;
  // Some locales write the minus sign as U+2212.
  const match = name.match(/([+\u2212-])(\d{2}):(\d{2})/);
  return match ? `${match[1] === '+' ? '+' : '-'}${match[2]}${match[3]}` : '+0000';
}

// The zone as the invitation defines it: its offset during the event (the event's own days are all a
// calendar needs to place it; the organisation's zone, Lagos, has no daylight saving).
function timeZoneBlock(timeZone: string, isoDate: string): string[] {
  const offset = utcOffset(timeZone, isoDate);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
}

export function calendarInvite(event: CalendarEvent, now: Date = new Date()): string {
  const dayAfterEnd = new Date(`${event.endDate}T00:00:00Z`);
  dayAfterEnd.setUTCDate(dayAfterEnd.getUTCDate() + 1);
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const { times } = event;
  const span = times
    ? [
        `DTSTART;TZID=${times.timeZone}:${compactDate(event.startDate)}T${compactTime(times.start)}`,
        `DTEND;TZID=${times.timeZone}:${compactDate(event.endDate)}T${compactTime(times.end)}`,
      ]
    : [
        `DTSTART;VALUE=DATE:${compactDate(event.startDate)}`,
        `DTEND;VALUE=DATE:${compactDate(dayAfterEnd.toISOString().slice(0, 10))}`,
      ];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${site.name}//Website//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(times ? timeZoneBlock(times.timeZone, event.startDate) : []),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    ...span,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${event.url}`,
    `ORGANIZER;CN=${escapeText(event.organizerName)}:mailto:${event.organizerEmail}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(event.reminder)}`,
    'TRIGGER:-P1D',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n')
    .concat('\r\n');
}

// An event's calendar file in a language: the one a confirmation attaches and the one its page links to
// (app/[lang]/events/[slug]/calendar.ics): its place, its hours in its own zone, its page's address.
export function eventCalendar(
  event: SiteEvent,
  lang: Lang,
  from: { siteUrl: string; organizerEmail: string; organizerName: string },
): string {
  const eventUrl = localeUrl(from.siteUrl, lang, eventPath(event));
  return calendarInvite({
    // One per event: a second invitation updates the first in the calendar.
    uid: `event-${event.slug}@${site.domain}`,
    title: event.title,
    description: `${event.tagline} ${eventUrl}`,
    location: event.location,
    startDate: event.startDate,
    endDate: event.endDate,
    ...(event.startTime && event.endTime
      ? { times: { start: event.startTime, end: event.endTime, timeZone: event.timeZone ?? SITE_TIME_ZONE } }
      : {}),
    reminder: visitorMails[lang].event.reminder(event.inSentence),
    url: eventUrl,
    organizerEmail: from.organizerEmail,
    organizerName: from.organizerName,
  });
}
