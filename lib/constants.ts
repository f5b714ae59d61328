// Business constants of docs/product.md §9 that are behaviour rather than content.
export const EVENT_REDIRECT_DELAY_MS = 2000;

// Honeypot hits are kept this long as spam for staff to review (docs/staff.md), at most this many per
// form in that time; they are never mailed.
export const HONEYPOT_KEEP_DAYS = 7;
export const HONEYPOT_CAP = 500;

// Day arithmetic on epoch milliseconds (retention periods, link lifetimes, the digest's window).
export const DAY_MS = 24 * 60 * 60 * 1000;

// The organisation's calendar: "today" is the date in Lagos (docs/product.md §9), an event's hours
// are in this zone unless the event names another, and so are the digest's hour and the dates staff
// read unless DIGEST_TIME_ZONE / ORG_TIME_ZONE say otherwise (lib/config.ts).
export const SITE_TIME_ZONE = 'Africa/Lagos';

// The days before an event's first day (on the site's calendar) when each registrant holding a place
// gets a reminder (docs/product.md §9): the reminders pass, the mails' words and the content editor's
// help all read this one list.
export const REMINDER_DAYS: readonly number[] = [7, 1];

// The working days within which the staff answer a contact message, as its acknowledgement says.
export const CONTACT_REPLY_DAYS = 2;

// Confirmations one address receives in a day, from every form together (docs/product.md §7): the first
// ones committed that day; later ones are held back, their records kept and their staff notes saying so.
export const DAILY_CONFIRMATIONS = 5;

// The currencies a payment provider may charge in (PAYMENT_CURRENCY, the staff's "mark paid by hand", the
// prices an editor gives an item besides its dollar price): those Paystack settles, for the countries
// where our visitors pay.
export const PAYMENT_CURRENCIES = ['USD', 'NGN', 'GHS', 'KES', 'ZAR', 'XOF', 'EGP', 'RWF'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

// Gifts to the organisation (lib/gifts) are accounting records: kept six years from each entry, then
// purged by retention (lib/privacy/retention.ts); the privacy page states this period.
export const GIFT_KEEP_DAYS = 6 * 365;

// The most dates one event's series may have (docs/product.md §9, "Series"): a weekly event for a year.
// The editor refuses a repeat that would make more, and the site never reads more.
export const SERIES_MAX_DATES = 52;
