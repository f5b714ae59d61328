import type { CollectionBeforeValidateHook, CollectionConfig, FieldHook } from 'payload';

import { siteToday } from '@/lib/content/schedule';
import { eventSchema } from '@/lib/content/schemas';
import { listedDates, nextDate, repeatKinds, seriesProblems, shiftDays, type RepeatRule } from '@/lib/content/series';
import { defaultLang, isLang, langs } from '@/lib/i18n';
import { formatDates } from '@/lib/i18n/format';
import { remindersHelp } from '@/messages/reminders';
import { seriesEditorTexts, type SeriesEditorTexts } from '@/messages/series';

import { editorial } from '../access';
import { revalidateEvent } from '../revalidate';
import { toEvent } from '../shapes';
import { checkedBy } from '../validate';
import { pathOfPicture, pictureFields } from './picture';
import { pricesField } from './prices';

const check = checkedBy(eventSchema, toEvent);

// The series' rules (lib/content/series.ts), checked on the whole event before its fields: a refusal in
// words, in the language of the version being edited, which the editor shows as its note (the fields'
// own messages reach the editor only as "The following field is invalid", lib/cms/refusal.ts).
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const refuseBadSeries: CollectionBeforeValidateHook = async ({ data, originalDoc, req }) => {
  const doc = { ...(originalDoc as Record<string, unknown> | undefined), ...(data as Record<string, unknown>) };
  const locale = String(req.locale ?? '');
  const problems = seriesProblems(
    {
      slug: text(doc.slug),
      startDate: text(doc.startDate),
      repeat: (doc.repeat as RepeatRule['repeat']) ?? 'none',
      repeatUntil: text(doc.repeatUntil),
      repeatCount: typeof doc.repeatCount === 'number' ? doc.repeatCount : undefined,
      repeatDates: text(doc.repeatDates),
    },
    siteToday(),
    isLang(locale) ? locale : defaultLang,
    listedDates(text((originalDoc as Record<string, unknown> | undefined)?.repeatDates)),
  );
  const messages = Object.values(problems);
  // Loaded here, not at the top: Payload's classes are ES modules, and this collection is also read by the
  // jsdom suite for its fields (tests/integration/reminders.test.ts), which loads no Payload.
  if (messages.length > 0) throw (await import('../refusal')).refusal(messages.join(' '));
  return data;
};

// "Duplicate" in the editor makes the event's next date (docs/staff.md, "Series"): a week later, or by
// its repeat's step, the same length, a slug with the new date, and no repeat of its own. The first
// hook to run works out the new dates from the original ones and keeps them for the others.
interface NextDates {
  startDate: string;
  endDate: string;
  slug: string;
}
const nextDates = (args: Parameters<FieldHook>[0]): NextDates | undefined => {
  const context = args.context as { nextDates?: NextDates };
  if (context.nextDates) return context.nextDates;
  const doc = args.data as Record<string, unknown> | undefined;
  const start = doc?.startDate;
  const end = doc?.endDate;
  if (typeof start !== 'string' || typeof end !== 'string') return undefined;
  const startDate = nextDate(start, { repeat: (doc?.repeat as RepeatRule['repeat']) ?? 'none' });
  const shift = Math.round((Date.parse(startDate) - Date.parse(start)) / 86_400_000);
  const base = String(doc?.slug ?? 'event').replace(/-+\d{4}-\d{2}-\d{2}$/, '');
  context.nextDates = { startDate, endDate: shiftDays(end, shift), slug: `${base}-${startDate}` };
  return context.nextDates;
};
const asNextDate =
  (key: keyof NextDates): FieldHook =>
  (args) =>
    nextDates(args)?.[key] ?? args.value;

// A label or help in every language of the table, for the editor to show in its own.
const inEveryLang = (pick: (t: SeriesEditorTexts) => string) =>
  Object.fromEntries(langs.map((lang) => [lang, pick(seriesEditorTexts[lang])]));

// Events (docs/product.md §9): the texts in every language of the table, the facts once. Each field is
// checked by the schema the build used to check data/events.ts, so the editor shows the same errors.
const shared = editorial('events');

export const events: CollectionConfig = {
  slug: 'events',
  labels: { singular: 'Event', plural: 'Events' },
  admin: {
    preview: shared.preview,
    useAsTitle: 'title',
    defaultColumns: ['title', 'startDate', 'endDate', '_status'],
  },
  versions: shared.versions,
  access: shared.access,
  hooks: shared.hooks({
    beforeValidate: [pathOfPicture, refuseBadSeries],
    afterChange: [revalidateEvent],
    afterDelete: [revalidateEvent],
  }),
  defaultSort: 'startDate',
  fields: [
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'The address: /events/{slug}. Lowercase letters, digits and hyphens.' },
      validate: check('slug'),
      hooks: { beforeDuplicate: [asNextDate('slug')] },
    },
    { name: 'title', type: 'text', required: true, localized: true, validate: check('title') },
    {
      name: 'inSentence',
      type: 'text',
      required: true,
      localized: true,
      admin: { description: 'The title inside a sentence, with its article: "the Baobab Data Hackathon 2023".' },
      validate: check('inSentence'),
    },
    {
      name: 'dates',
      type: 'text',
      required: true,
      localized: true,
      admin: { description: 'The dates as visitors read them: "18-19 March 2023".' },
      validate: check('dates'),
      hooks: {
        beforeDuplicate: [
          (args) => {
            const next = nextDates(args);
            return next ? formatDates(next.startDate, next.endDate, defaultLang) : args.value;
          },
        ],
      },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'startDate',
          type: 'text',
          required: true,
          admin: { placeholder: 'YYYY-MM-DD' },
          validate: check('startDate'),
          hooks: { beforeDuplicate: [asNextDate('startDate')] },
        },
        {
          name: 'endDate',
          type: 'text',
          required: true,
          admin: { placeholder: 'YYYY-MM-DD' },
          validate: check('endDate'),
          hooks: { beforeDuplicate: [asNextDate('endDate')] },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'startTime', type: 'text', admin: { placeholder: '09:00' }, validate: check('startTime') },
        { name: 'endTime', type: 'text', admin: { placeholder: '17:00' }, validate: check('endTime') },
        { name: 'timeZone', type: 'text', admin: { placeholder: 'Africa/Lagos' }, validate: check('timeZone') },
      ],
    },
    {
      name: 'capacity',
      type: 'number',
      admin: { description: 'Places; empty for no limit.' },
      validate: check('capacity'),
    },
    {
      name: 'price',
      label: 'Price (US$)',
      type: 'number',
      admin: {
        description:
          'Paid online when a place is taken, the same for every place. Empty for a free event, or give ticket kinds below instead.',
      },
      validate: check('price'),
    },
    pricesField((t) => t.eventHelp, check('prices')),
    {
      name: 'tickets',
      label: 'Ticket kinds',
      type: 'array',
      labels: { singular: 'Ticket kind', plural: 'Ticket kinds' },
      admin: {
        description:
          'Kinds of ticket (for example student and professional), each with its own price and places. With kinds, leave the price and the places above empty; 0 places opens only the waiting list.',
      },
      validate: check('tickets'),
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'name', type: 'text', required: true, localized: true },
            { name: 'price', label: 'Price (US$)', type: 'number', required: true },
            { name: 'capacity', label: 'Places', type: 'number', required: true },
          ],
        },
        pricesField((t) => t.ticketHelp),
      ],
    },
    {
      name: 'reminders',
      label: 'Send reminders',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: remindersHelp() },
      validate: check('reminders'),
    },
    // A series (docs/product.md §9, "Series"): each date is an event of its own on the site, with its
    // own places, list, waiting list and check-in; the first keeps this event's address.
    {
      name: 'repeat',
      label: inEveryLang((t) => t.repeat),
      type: 'select',
      defaultValue: 'none',
      options: repeatKinds.map((value) => ({ value, label: inEveryLang((t) => t.kinds[value]) })),
      admin: {
        description: inEveryLang((t) => t.repeatHelp),
      },

      hooks: { beforeDuplicate: [() => 'none'] },
    },
    // Always shown, each saying which repeat it is for: a condition on "Repeat" left them hidden until
    // the editor's form state caught up with the choice.
    {
      type: 'row',
      fields: [
        {
          name: 'repeatUntil',
          label: inEveryLang((t) => t.until),
          type: 'text',
          admin: { placeholder: 'YYYY-MM-DD' },

          hooks: { beforeDuplicate: [() => null] },
        },
        {
          name: 'repeatCount',
          label: inEveryLang((t) => t.count),
          type: 'number',
          admin: {
            description: inEveryLang((t) => t.countHelp),
          },

          hooks: { beforeDuplicate: [() => null] },
        },
      ],
    },
    {
      name: 'repeatDates',
      label: inEveryLang((t) => t.dates),
      type: 'textarea',
      admin: {
        placeholder: '2027-01-14, 2027-02-11',
        description: inEveryLang((t) => t.datesHelp),
      },

      hooks: { beforeDuplicate: [() => null] },
    },
    { name: 'tagline', type: 'text', required: true, localized: true, validate: check('tagline') },
    { name: 'description', type: 'textarea', required: true, localized: true, validate: check('description') },
    { name: 'location', type: 'text', required: true, localized: true, validate: check('location') },
    ...pictureFields(check('img')),
    {
      name: 'partner',
      type: 'group',
      fields: [
        { name: 'img', label: 'Logo', type: 'text', required: true, validate: check('partner.img') },
        { name: 'alt', label: 'Name', type: 'text', required: true, validate: check('partner.alt') },
      ],
    },
    {
      name: 'registrationLink',
      type: 'text',
      admin: {
        description:
          'Optional. An external page that takes the registration, used only when the event has no places here (no capacity). With places, the site is the registration.',
      },
      validate: check('registrationLink'),
    },
  ],
};
