import type { CollectionConfig, Field } from 'payload';
import type { z } from 'zod';

import { insightSchema, partnerSchema, personSchema, testimonialSchema } from '@/lib/content/schemas';

import { editorial, type EditorialCollection } from '../access';
import { revalidateInsights, revalidatePartners, revalidatePeople, revalidateTestimonials } from '../revalidate';
import { checkedBy } from '../validate';
import { pathOfPicture, pictureFields } from './picture';

// The site's shorter lists: insights, partners, the team and the fellows' testimonials. Each is shown
// in the order staff drag it to in the list view (`orderable`), with drafts, versions and a preview like
// the programme, its texts in every language of the table, and each field checked by the schema that
// checks the same list in data/.
type Check = ReturnType<ReturnType<typeof checkedBy>>;

function list(
  slug: EditorialCollection,
  labels: { singular: string; plural: string },
  useAsTitle: string,
  revalidate: (args: { doc: unknown; context: Record<string, unknown> }) => unknown,
  fields: Field[],
): CollectionConfig {
  const shared = editorial(slug);
  return {
    slug,
    labels,
    orderable: true,
    admin: { preview: shared.preview, useAsTitle, defaultColumns: [useAsTitle, '_status'] },
    versions: shared.versions,
    access: shared.access,
    hooks: shared.hooks({ beforeValidate: [pathOfPicture], afterChange: [revalidate], afterDelete: [revalidate] }),
    fields,
  };
}

// A list's entry is checked as the site reads it: the document's fields, as they are.
const checker = (schema: z.ZodType) => checkedBy(schema, (doc) => doc);

const text = (name: string, check: (path: string) => Check, extra: Partial<Field> = {}) =>
  ({ name, type: 'text', required: true, validate: check(name), ...extra }) as Field;

const insightCheck = checker(insightSchema);
export const insights = list('insights', { singular: 'Insight', plural: 'Insights' }, 'title', revalidateInsights, [
  text('title', insightCheck, { localized: true }),
  text('description', insightCheck, { localized: true, type: 'textarea' } as Partial<Field>),
  text('link', insightCheck, { admin: { description: 'Where the article is published (https://…).' } }),
  ...pictureFields(insightCheck('img')),
]);

const partnerCheck = checker(partnerSchema);
export const partners = list('partners', { singular: 'Partner', plural: 'Partners' }, 'alt', revalidatePartners, [
  text('alt', partnerCheck, { label: 'Name' }),
  ...pictureFields(partnerCheck('img')),
]);

const personCheck = checker(personSchema);
export const people = list('people', { singular: 'Team member', plural: 'Team' }, 'name', revalidatePeople, [
  text('name', personCheck),
  text('title', personCheck, { label: 'Role', localized: true }),
  {
    name: 'group',
    type: 'select',
    required: true,
    defaultValue: 'founders',
    options: [
      { label: 'Founders (shown on About)', value: 'founders' },
      { label: 'Advisory board (kept, not shown)', value: 'advisoryBoard' },
    ],
  },
  text('link', personCheck, { label: 'Profile page' }),
  ...pictureFields(personCheck('img')),
]);

const testimonialCheck = checker(testimonialSchema);
export const testimonials = list(
  'testimonials',
  { singular: 'Testimonial', plural: 'Testimonials' },
  'name',
  revalidateTestimonials,
  [
    text('quote', testimonialCheck, { localized: true, type: 'textarea' } as Partial<Field>),
    text('name', testimonialCheck),
    text('title', testimonialCheck, { label: 'Role', localized: true }),
    text('country', testimonialCheck, { localized: true }),
    text('flag', testimonialCheck, {
      admin: { description: 'A flag under public/images/flags/, such as /images/flags/ng.svg.' },
    }),
  ],
);
