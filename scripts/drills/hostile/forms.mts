// The forms the drill attacks: the site's own table (lib/forms/registry.ts) for each form's collection,
// fields and check, and here only what the drill adds: a valid submission and the page that shows it.
import type * as z from 'zod/mini';

import {
  forms as registry,
  operations as registryOperations,
  type FormCollection,
  type FormOperation,
} from '@/lib/forms/registry';

export type Operation = FormOperation;

const drill = {
  enrol: {
    valid: {
      name: 'Ada Obi',
      phone: '+234 801 234 5678',
      gender: 'female',
      country: 'Nigeria',
      course: 'Data Analysis with Python',
    },
    page: '/academy/data-analysis-with-python',
  },
  contactUs: {
    valid: { name: 'Ada Obi', message: 'Hello from the drill.' },
    page: '/contact',
  },
  subscribe: {
    valid: { name: 'Ada Obi' },
    page: '/',
  },
  registerEvent: {
    valid: { firstName: 'Ada', lastName: 'Obi', event: 'baobab-data-hackathon-2023' },
    page: '/events/baobab-data-hackathon-2023',
  },
  registerOffer: {
    valid: {
      firstName: 'Ada',
      lastName: 'Obi',
      gender: 'female',
      degree: 'bachelor',
      occupation: 'Analyst',
      country: 'Ghana',
      offer: 'become-a-data-analyst',
    },
    page: '/offers/become-a-data-analyst',
  },
} satisfies Record<Operation, { valid: Record<string, string>; page: string }>;

interface DrillForm {
  collection: FormCollection;
  // The visitor's fields in the form's order (the registry's schema, without the hidden event or
  // offer), and the schema that checks them.
  fields: string[];
  schema: z.ZodMiniObject;
  valid: Record<string, string>;
  page: string;
}

export const forms = Object.fromEntries(
  registryOperations.map((operation): [Operation, DrillForm] => {
    const { collection, fields: schema } = registry[operation];
    return [operation, { collection, schema, fields: Object.keys(schema.shape), ...drill[operation] }];
  }),
) as Record<Operation, DrillForm>;
export const operations = Object.keys(forms) as Operation[];
export const singleLine = (operation: Operation) =>
  forms[operation].fields.filter((f) => f !== 'message' && f !== 'gender' && f !== 'degree');

let serial = 0;
export const uniqueEmail = (tag: string) => `${tag}.${process.pid}.${++serial}@example.org`;
export const validFields = (operation: Operation, email = uniqueEmail(operation)): Record<string, string> => ({
  ...forms[operation].valid,
  email,
});
