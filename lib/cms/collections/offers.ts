import type { CollectionConfig } from 'payload';

import { offerSchema } from '@/lib/content/schemas';

import { editorial } from '../access';
import { revalidateOffer } from '../revalidate';
import { toOffer } from '../shapes';
import { checkedBy } from '../validate';
import { pathOfPicture, pictureFields } from './picture';
import { pricesField } from './prices';

const check = checkedBy(offerSchema, toOffer);

// Cohort offers (docs/product.md §9, §14): prices in US dollars, the discount and the price arithmetic
// checked by the schema that checked data/offers.ts, the texts in every language of the table.
const shared = editorial('offers');

export const offers: CollectionConfig = {
  slug: 'offers',
  labels: { singular: 'Offer', plural: 'Offers' },
  admin: {
    preview: shared.preview,
    useAsTitle: 'title',
    defaultColumns: ['title', 'endsOnDate', 'nowPrice', '_status'],
  },
  versions: shared.versions,
  access: shared.access,
  hooks: shared.hooks({
    beforeValidate: [pathOfPicture],
    afterChange: [revalidateOffer],
    afterDelete: [revalidateOffer],
  }),
  defaultSort: 'endsOnDate',
  fields: [
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'The address: /offers/{slug}. Lowercase letters, digits and hyphens.' },
      validate: check('slug'),
    },
    { name: 'title', type: 'text', required: true, localized: true, validate: check('title') },
    {
      name: 'inSentence',
      label: 'In a sentence',
      type: 'text',
      required: true,
      localized: true,
      admin: {
        description: 'The title as a sentence names it, with its article: "the Become a Data Analyst programme".',
      },
      validate: check('inSentence'),
    },
    {
      name: 'highlights',
      type: 'text',
      required: true,
      localized: true,
      admin: { description: 'Training | Mentorship | Internship' },
      validate: check('highlights'),
    },
    {
      type: 'row',
      fields: [
        {
          name: 'cohortStart',
          type: 'text',
          required: true,
          localized: true,
          admin: { description: 'As visitors read it: "May 2023".' },
          validate: check('cohortStart'),
        },
        {
          name: 'cohortStartDate',
          type: 'text',
          required: true,
          admin: { placeholder: 'YYYY-MM-DD' },
          validate: check('cohortStartDate'),
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'wasPrice', label: 'Price before (US$)', type: 'number', required: true, validate: check('wasPrice') },
        {
          name: 'discountPercent',
          label: 'Discount (%)',
          type: 'number',
          required: true,
          validate: check('discountPercent'),
        },
        { name: 'nowPrice', label: 'Price now (US$)', type: 'number', required: true, validate: check('nowPrice') },
        { name: 'deposit', label: 'Deposit paid online (US$)', type: 'number', validate: check('deposit') },
      ],
    },
    pricesField((t) => t.offerHelp, check('prices')),
    {
      type: 'row',
      fields: [
        {
          name: 'endsOn',
          type: 'text',
          required: true,
          localized: true,
          admin: { description: 'As visitors read it: "25 March 2023".' },
          validate: check('endsOn'),
        },
        {
          name: 'endsOnDate',
          type: 'text',
          required: true,
          admin: { placeholder: 'YYYY-MM-DD' },
          validate: check('endsOnDate'),
        },
      ],
    },
    {
      name: 'capacity',
      type: 'number',
      admin: { description: 'Places; empty for no limit.' },
      validate: check('capacity'),
    },
    ...pictureFields(check('img')),
    { name: 'description', type: 'textarea', required: true, localized: true, validate: check('description') },
  ],
};
