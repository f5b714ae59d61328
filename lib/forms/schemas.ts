import * as z from 'zod/mini';

import { degrees, genders } from './options';

// One schema per form, shared by the client form (react-hook-form) and the server action. Written
// with zod/mini so the browser downloads only the checks these forms use. Required fields and types
// follow docs/product.md §5; the bounds the spec leaves open are ours: trimmed text, names up to 100
// characters, messages up to 5,000, phone numbers of digits with + ( ) - and spaces.

// What can forge lines or hide text in a mail or the staff's notification: line breaks and tabs (in
// single-line fields), other C0 and C1 controls, invisible and text-direction characters, and RFC 2047
// encoded words that a mail program would decode into anything.
const LINE_BREAKS = /[\n\r\t\u0085\u2028\u2029]/;
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f]/;
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const ENCODED_WORD = /=\?[^?]*\?[bq]\?[^?]*\?=/i;

// A single-line field: refused, with a message saying why, rather than silently changed. Checked
// before trimming, which would quietly drop a line break or U+FEFF at either end.
const oneLine = (label: string) => [
  z.refine<string>((v) => !LINE_BREAKS.test(v), `Keep ${label} on one line, without tabs`),
  z.refine<string>((v) => !CONTROL_CHARACTERS.test(v), `Remove the control characters from ${label}`),
  z.refine<string>((v) => !INVISIBLE.test(v), `Remove the invisible or text-direction characters from ${label}`),
  z.refine<string>((v) => !ENCODED_WORD.test(v), `Remove the "=?…?=" code from ${label}`),
];

const required = (label: string, max: number) =>
  z
    .string(`Enter ${label}`)
    .check(
      ...oneLine(label),
      z.trim(),
      z.minLength(1, `Enter ${label}`),
      z.maxLength(max, `Keep ${label} under ${max + 1} characters`),
    );

// A message keeps its line breaks (every kind becomes "\n") and loses the other controls and the
// invisible characters, which a visitor does not see typing.
const clean = (v: string) =>
  v
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(new RegExp(`${CONTROL_CHARACTERS.source}|${INVISIBLE.source}`, 'g'), '');

const multiline = (label: string, max: number) =>
  z
    .string(`Enter ${label}`)
    .check(
      z.overwrite(clean),
      z.trim(),
      z.minLength(1, `Enter ${label}`),
      z.maxLength(max, `Keep ${label} under ${max + 1} characters`),
    );

const email = z
  .string('Enter your email address')
  .check(
    ...oneLine('your email address'),
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
  message: multiline('your message', 5000),
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
