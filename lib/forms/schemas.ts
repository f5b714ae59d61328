import * as z from 'zod/mini';

import { defaultFormTexts } from '@/messages/forms/default';
import type { CheckedField, CheckWords } from '@/messages/forms/types';

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
const oneLine = (w: CheckWords, field: string) => [
  z.refine<string>((v) => !LINE_BREAKS.test(v), w.oneLine(field)),
  z.refine<string>((v) => !CONTROL_CHARACTERS.test(v), w.controls(field)),
  z.refine<string>((v) => !INVISIBLE.test(v), w.invisible(field)),
  z.refine<string>((v) => !ENCODED_WORD.test(v), w.encoded(field)),
];

const required = (w: CheckWords, name: CheckedField, max: number) => {
  const field = w.fields[name];
  return z
    .string(w.enter(field))
    .check(...oneLine(w, field), z.trim(), z.minLength(1, w.enter(field)), z.maxLength(max, w.keepUnder(field, max)));
};

// A message keeps its line breaks (every kind becomes "\n") and loses the other controls and the
// invisible characters, which a visitor does not see typing.
const clean = (v: string) =>
  v
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(new RegExp(`${CONTROL_CHARACTERS.source}|${INVISIBLE.source}`, 'g'), '');

const multiline = (w: CheckWords, name: CheckedField, max: number) => {
  const field = w.fields[name];
  return z
    .string(w.enter(field))
    .check(z.overwrite(clean), z.trim(), z.minLength(1, w.enter(field)), z.maxLength(max, w.keepUnder(field, max)));
};

// The schemas of one language: the same checks, with the messages of that language's words
// (messages/forms). The server builds both; a page's form builds its own language's when it loads them.
export function buildSchemas(w: CheckWords) {
  const email = z
    .string(w.enter(w.fields.email))
    .check(
      ...oneLine(w, w.fields.email),
      z.trim(),
      z.minLength(1, w.enter(w.fields.email)),
      z.maxLength(254, w.keepUnder(w.fields.email, 254)),
      z.email(w.emailLike),
    );

  const phone = z.string(w.phoneEnter).check(
    z.trim(),
    z.minLength(1, w.phoneEnter),
    z.regex(/^\+?[0-9 ()-]{7,20}$/, w.phonePattern),
    z.refine((v) => v.replace(/\D/g, '').length >= 7, w.phoneDigits),
  );

  const gender = z.enum(genders, w.gender);

  return {
    enrolmentSchema: z.object({
      name: required(w, 'name', 100),
      email,
      phone,
      gender,
      country: required(w, 'country', 60),
      // Which course is checked against the academy's tracks on the server (lib/forms/registry.ts).
      course: required(w, 'course', 120),
    }),
    contactSchema: z.object({
      name: required(w, 'name', 100),
      email,
      message: multiline(w, 'message', 5000),
    }),
    newsletterSchema: z.object({
      name: required(w, 'name', 100),
      email,
    }),
    eventSchema: z.object({
      firstName: required(w, 'firstName', 60),
      lastName: required(w, 'lastName', 60),
      email,
      // The ticket kind of a paid event with kinds, by its id: checked against the event's own kinds on
      // the server (lib/forms/registry.ts); never a price, which the server reads from the CMS.
      ticket: z.optional(z.string(w.ticket).check(z.regex(/^[\w-]{0,40}$/, w.ticket))),
    }),
    offerSchema: z.object({
      email,
      firstName: required(w, 'firstName', 60),
      lastName: required(w, 'lastName', 60),
      gender,
      degree: z.enum(degrees, w.degree),
      occupation: required(w, 'occupation', 100),
      country: required(w, 'country', 60),
    }),
  };
}

export type FormSchemas = ReturnType<typeof buildSchemas>;

// The English schemas: their types are the forms' inputs in either language.
export const { enrolmentSchema, contactSchema, newsletterSchema, eventSchema, offerSchema } = buildSchemas(
  defaultFormTexts.checks,
);

export type EnrolmentInput = z.infer<typeof enrolmentSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
export type NewsletterInput = z.infer<typeof newsletterSchema>;
export type EventInput = z.infer<typeof eventSchema>;
export type OfferInput = z.infer<typeof offerSchema>;
