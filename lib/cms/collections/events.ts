import type { CollectionConfig } from 'payload';

import { eventSchema } from '@/lib/content/schemas';
import { remindersHelp } from '@/messages/reminders';

import { editorial } from '../access';
import { revalidateEvent } from '../revalidate';
import { toEvent } from '../shapes';
import { checkedBy } from '../validate';
import { pathOfPicture, pictureFields } from './picture';

const check = checkedBy(eventSchema, toEvent);

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
    beforeValidate: [pathOfPicture],
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
        },
        {
          name: 'endDate',
          type: 'text',
          required: true,
          admin: { placeholder: 'YYYY-MM-DD' },
          validate: check('endDate'),
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
