import * as z from 'zod/mini';

import { degrees, genders } from './options';

// One schema per form, shared by the client form (react-hook-form) and the server action. Written
// with zod/mini so the browser downloads only the checks these forms use. Required fields and types
// follow docs/product.md §5; the bounds the spec leaves open are ours: trimmed text, names up to 100
// characters, messages up to 5,000, phone numbers of digits with + ( ) - and spaces.

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const required = (label: string, max: number) =>
  z.string(`Enter ${label}`).check(
    z.trim(),
    z.minLength(1, `Enter ${label}`),
    z.maxLength(max, `Keep ${label} under ${max + 1} characters`),
    z.refine((v) => !CONTROL_CHARACTERS.test(v), `Remove the control characters from ${label}`),
  );

const email = z
  .string('Enter your email address')
  .check(
    z.trim(),
    z.minLength(1, 'Enter your email address'),
    z.maxLength(254, 'Keep your email address under 255 characters'),
    z.email('Enter an email address like name@example.com'),
  );

const phone = z.string('Enter your phone number').check(
  z.trim(),
  z.minLength(1, 'Enter your phone number'),
  z.regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number of 7 to 20 digits; you may use +, spaces, dashes and brackets'),
  z.refine((v) => v.replace(/\D/g, '').length >= 7, 'Enter at least 7 digits'),
);

const gender = z.enum(genders, 'Choose a gender');

export const enrolmentSchema = z.object({
  name: required('your name', 100),
  email,
  phone,
  gender,
  country: required('your country', 60),
  // Which course is checked against the academy's tracks on the server (lib/forms/forms.ts).
  course: required('the course', 120),
});

export const contactSchema = z.object({
  name: required('your name', 100),
  email,
  message: required('your message', 5000),
});

export const newsletterSchema = z.object({
  name: required('your name', 100),
  email,
});

export const eventSchema = z.object({
  firstName: required('your first name', 60),
  lastName: required('your last name', 60),
  email,
});

export const offerSchema = z.object({
  email,
  firstName: required('your first name', 60),
  lastName: required('your last name', 60),
  gender,
  degree: z.enum(degrees, 'Choose your highest degree'),
  occupation: required('your occupation', 100),
  country: required('your country', 60),
});

export type EnrolmentInput = z.infer<typeof enrolmentSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
export type NewsletterInput = z.infer<typeof newsletterSchema>;
export type EventInput = z.infer<typeof eventSchema>;
export type OfferInput = z.infer<typeof offerSchema>;
