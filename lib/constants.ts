// Business constants of docs/product.md §9 that are behaviour rather than content.
export const EVENT_REDIRECT_DELAY_MS = 2000;

// The organisation's calendar: "today" is the date in Lagos (docs/product.md §9), and an event's hours
// are in this zone unless the event names another.
export const SITE_TIME_ZONE = 'Africa/Lagos';

// How often a prerendered page that depends on the date is made again (seconds). With the example
// nginx's 10 minutes on top, a page shows a closed registration within the hour (docs/product.md §9).
export const CALENDAR_REVALIDATE_S = 1800;

// The working days within which the staff answer a contact message, as its acknowledgement says.
export const CONTACT_REPLY_DAYS = 2;
