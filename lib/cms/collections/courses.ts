import type { CollectionConfig } from 'payload';

import { courseSchemaFor } from '@/lib/content/schemas';
import type { Lang } from '@/lib/i18n';

import { editorial } from '../access';
import { revalidateCourse } from '../revalidate';
import { toCourse } from '../shapes';
import { checkedBy } from '../validate';
import { pathOfPicture, pictureFields } from './picture';
import { pricesField } from './prices';

const check = checkedBy((lang: Lang) => courseSchemaFor(lang, { fromData: false }), toCourse);

// The academy's courses (docs/product.md §3): the fee, the duration in the words of each language, open
// or closed, the next cohort, the introduction and what a learner will be able to do. Each field is
// checked by the schema that checks data/courses.ts, so the editor shows the same errors as the build.
const shared = editorial('courses');

export const courses: CollectionConfig = {
  slug: 'courses',
  labels: { singular: 'Course', plural: 'Courses' },
  admin: {
    preview: shared.preview,
    useAsTitle: 'title',
    defaultColumns: ['title', 'cost', 'isActive', '_status'],
  },
  versions: shared.versions,
  access: shared.access,
  hooks: shared.hooks({
    // The key enrolments are stored under is the slug the course was created with (the seed gives its
    // own), and no later edit changes it, through the editor or the API.
    beforeValidate: [
      ({ data, originalDoc }) => (data ? { ...data, key: originalDoc?.key || data.key || data.slug } : data),
      pathOfPicture,
    ],
    afterChange: [revalidateCourse],
    afterDelete: [revalidateCourse],
  }),
  fields: [
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'The address: /academy/{slug}. Lowercase letters, digits and hyphens.' },
      validate: check('slug'),
    },
    {
      name: 'key',
      type: 'text',
      unique: true,
      index: true,
      access: { update: () => false },
      admin: {
        readOnly: true,
        description: 'What its enrolments are filed under: set once, so a renamed course keeps its list.',
      },
    },
    { name: 'title', type: 'text', required: true, localized: true, validate: check('title') },
    {
      type: 'row',
      fields: [
        {
          name: 'cost',
          label: 'Fee',
          type: 'text',
          required: true,
          admin: { description: '"$10", or "Free".' },
          validate: check('cost'),
        },
        {
          name: 'weeks',
          label: 'Duration (weeks)',
          type: 'number',
          required: true,
          min: 1,
          admin: { description: 'Each language writes it in its words: "3 weeks", "3 semaines".', step: 1 },
          validate: check('weeks', 'duration'),
        },
        {
          name: 'nextCohortDate',
          label: 'Next cohort starts',
          type: 'text',
          admin: { placeholder: 'YYYY-MM-DD', description: 'Empty when none is planned.' },
          validate: check('nextCohortDate'),
        },
      ],
    },
    pricesField((t) => t.courseHelp, check('prices')),
    {
      type: 'row',
      fields: [
        {
          name: 'isActive',
          label: 'Open for enrolment',
          type: 'checkbox',
          defaultValue: true,
          admin: { description: 'Unticked, the course page says it is closed and enrolments are refused.' },
        },
        { name: 'isPremium', label: 'Premium (highlighted)', type: 'checkbox', defaultValue: false },
      ],
    },
    {
      name: 'link',
      label: 'Registration form',
      type: 'text',
      required: true,
      validate: check('link'),
    },
    {
      name: 'pay_link',
      label: 'Payment page',
      type: 'text',
      admin: { description: 'Empty for a free course.' },
      validate: check('pay_link'),
    },
    ...pictureFields(check('img')),
    {
      name: 'intro',
      label: 'Introduction',
      type: 'textarea',
      required: true,
      localized: true,
      validate: check('intro'),
    },
    {
      name: 'outcomes',
      label: 'Learning outcomes',
      type: 'array',
      localized: true,
      minRows: 1,
      fields: [{ name: 'outcome', type: 'text', required: true }],
      validate: check('outcomes'),
    },
  ],
};
