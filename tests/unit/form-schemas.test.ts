/** @jest-environment node */
import * as z from 'zod/mini';

import { contactSchema, enrolmentSchema, eventSchema, newsletterSchema, offerSchema } from '@/lib/forms/schemas';

const valid = {
  enrolment: {
    name: 'Ada Obi',
    email: 'ada@example.org',
    phone: '+234 801 234 5678',
    gender: 'female',
    country: 'Nigeria',
    course: 'Data Analysis with Python',
  },
  contact: { name: 'Ada Obi', email: 'ada@example.org', message: 'Hello, I would like to partner with you.' },
  newsletter: { name: 'Ada Obi', email: 'ada@example.org' },
  event: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.org' },
  offer: {
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Obi',
    gender: 'others',
    degree: 'high_school',
    occupation: 'Analyst',
    country: 'Ghana',
  },
};

const schemas = {
  enrolment: enrolmentSchema,
  contact: contactSchema,
  newsletter: newsletterSchema,
  event: eventSchema,
  offer: offerSchema,
} as const;

function errorsOf(schema: z.ZodMiniType, input: unknown): Record<string, string> {
  const result = z.safeParse(schema, input);
  if (result.success) return {};
  // The first message per field, as the forms show it.
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe.each(Object.keys(schemas) as (keyof typeof schemas)[])('%s schema', (form) => {
  const schema = schemas[form];
  const input = valid[form];

  // The browser form counts its first-rendered state as not valid before its validation code has
  // loaded (components/forms/lazy-resolver.ts): that holds only while no form can be sent blank,
  // even with a field the page fills in for the visitor (the enrolment's course).
  it('rejects the form as first rendered, every field the visitor fills still blank', () => {
    const blank = Object.fromEntries(
      Object.keys(input).map((field) => [field, field === 'course' ? input[field as never] : '']),
    );
    expect(Object.keys(errorsOf(schema, blank)).length).toBeGreaterThan(0);
  });

  it('accepts a valid submission and trims its text', () => {
    const padded = Object.fromEntries(
      Object.entries(input).map(([k, v]) => [k, ['gender', 'degree'].includes(k) ? v : `  ${v}  `]),
    );
    const result = z.safeParse(schema, padded);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(input);
  });

  it.each(Object.keys(input))('rejects a missing or blank %s with a message for that field', (field) => {
    const { [field]: _dropped, ...missing } = input as Record<string, string>;
    expect(errorsOf(schema, missing)[field]).toMatch(/^(Enter|Choose)/);
    expect(errorsOf(schema, { ...input, [field]: '   ' })[field]).toMatch(/^(Enter|Choose)/);
  });

  it('rejects a malformed email, oversized text and control characters', () => {
    expect(errorsOf(schema, { ...input, email: 'ada@' }).email).toBe('Enter an email address like name@example.com');
    expect(errorsOf(schema, { ...input, email: `${'a'.repeat(250)}@example.org` }).email).toMatch(/under 255/);
    const textField = Object.keys(input).find((k) => !['email', 'gender', 'degree', 'phone'].includes(k))!;
    expect(errorsOf(schema, { ...input, [textField]: 'x'.repeat(6000) })[textField]).toMatch(/^Keep .* under/);
    expect(errorsOf(schema, { ...input, [textField]: 'Ada\u0007' })[textField]).toMatch(/control characters/);
  });

  it('rejects values of the wrong type', () => {
    expect(z.safeParse(schema, { ...input, email: 42 }).success).toBe(false);
    expect(z.safeParse(schema, null).success).toBe(false);
  });
});

describe('enumerations and formats of docs/product.md §3', () => {
  it('accepts only male, female or others as gender, and the five degrees', () => {
    for (const gender of ['male', 'female', 'others'])
      expect(z.safeParse(offerSchema, { ...valid.offer, gender }).success).toBe(true);
    expect(errorsOf(offerSchema, { ...valid.offer, gender: 'unknown' }).gender).toBe('Choose a gender');
    for (const degree of ['high_school', 'bachelor', 'master', 'phd', 'others']) {
      expect(z.safeParse(offerSchema, { ...valid.offer, degree }).success).toBe(true);
    }
    expect(errorsOf(offerSchema, { ...valid.offer, degree: 'diploma' }).degree).toBe('Choose your highest degree');
  });

  it('accepts phone numbers with +, spaces, dashes and brackets, and refuses letters or too few digits', () => {
    for (const phone of ['+234 801 234 5678', '(0801) 234-5678', '08012345678']) {
      expect(z.safeParse(enrolmentSchema, { ...valid.enrolment, phone }).success).toBe(true);
    }
    expect(errorsOf(enrolmentSchema, { ...valid.enrolment, phone: '0801-CALL-ME' }).phone).toMatch(/7 to 20 digits/);
    expect(errorsOf(enrolmentSchema, { ...valid.enrolment, phone: '+1 (2) 3-4' }).phone).toMatch(
      /7 to 20 digits|at least 7/,
    );
  });
});
