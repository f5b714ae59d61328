import type { Field, GlobalConfig } from 'payload';
import { z } from 'zod';

import { contactInfoSchema, socialLinksSchema } from '@/lib/content/schemas';

import { editors } from '../access';
import { revalidateEveryPage } from '../revalidate';
import { checkedBy } from '../validate';

// The organisation's address, telephone, mail and its four social pages: the footer of every page,
// the contact page, Home's structured data, the newsletter's postal address and the receipts read them.
// Checked by the schemas of data/site.ts; a save is in the version history like any other edit.
type Doc = Record<string, unknown>;
const contactCheck = checkedBy(contactInfoSchema, (doc: Doc) => ({
  email: doc.email,
  phone: doc.phone,
  address: doc.address,
}));
const socialCheck = checkedBy(z.object({ socialLinks: socialLinksSchema }), (doc: Doc) => ({
  socialLinks: ((doc.socialLinks ?? []) as Doc[]).map(({ name, href }) => ({ name, href })),
}));

const text = (name: string, label: string, description?: string): Field => ({
  name,
  label,
  type: 'text',
  required: true,
  validate: contactCheck(name),
  ...(description ? { admin: { description } } : {}),
});

export const contact: GlobalConfig = {
  slug: 'contact',
  label: 'Contact and social links',
  access: { read: editors, update: editors, readVersions: editors },
  versions: { max: 50 },
  hooks: { afterChange: [revalidateEveryPage] },
  fields: [
    text('email', 'Email'),
    text('phone', 'Telephone', 'Digits and spaces, with the country code: +234 1 555 0142.'),
    text('address', 'Postal address', 'Shown in the footer and at the foot of every newsletter.'),
    {
      name: 'socialLinks',
      label: 'Social pages',
      type: 'array',
      minRows: 4,
      maxRows: 4,
      validate: socialCheck('socialLinks') as never,
      fields: [
        { name: 'name', label: 'Name', type: 'text', required: true },
        { name: 'href', label: 'Address (https://…)', type: 'text', required: true },
      ],
    },
  ],
};
