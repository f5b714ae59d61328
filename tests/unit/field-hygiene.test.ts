/** @jest-environment node */
import fc from 'fast-check';
import * as z from 'zod/mini';

import { contactSchema, enrolmentSchema, eventSchema, newsletterSchema, offerSchema } from '@/lib/forms/schemas';

const contact = { name: 'Ada Obi', email: 'ada@example.org', message: 'Hello' };
const errorsOf = (data: unknown) => {
  const result = z.safeParse(contactSchema, data);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

// Every single-line text field of every form, with a valid submission to put it in.
const singleLine: [z.ZodMiniType, Record<string, string>, string][] = [
  [contactSchema, contact, 'name'],
  [newsletterSchema, { name: 'Ada', email: 'ada@example.org' }, 'name'],
  ...(['firstName', 'lastName'] as const).map((f): [z.ZodMiniType, Record<string, string>, string] => [
    eventSchema,
    { firstName: 'Ada', lastName: 'Obi', email: 'a@example.org' },
    f,
  ]),
  ...(['name', 'country', 'course'] as const).map((f): [z.ZodMiniType, Record<string, string>, string] => [
    enrolmentSchema,
    {
      name: 'Ada',
      email: 'a@example.org',
      phone: '+234 801 234 5678',
      gender: 'female',
      country: 'Nigeria',
      course: 'x',
    },
    f,
  ]),
  ...(['firstName', 'lastName', 'occupation', 'country'] as const).map(
    (f): [z.ZodMiniType, Record<string, string>, string] => [
      offerSchema,
      {
        email: 'a@example.org',
        firstName: 'Ada',
        lastName: 'Obi',
        gender: 'female',
        degree: 'phd',
        occupation: 'Nurse',
        country: 'Ghana',
      },
      f,
    ],
  ),
];

describe('single-line fields', () => {
  it.each([
    ['a line feed', 'Ada\nEmail: boss@example.org', /on one line/],
    ['a carriage return', 'Ada\rPay here: http://x', /on one line/],
    ['a tab', 'Ada\tObi', /without tabs/],
    ['U+0085 (next line)', 'Ada\u0085Pay here', /on one line/],
    ['U+2028 (line separator)', 'Ada\u2028Pay here', /on one line/],
    ['U+2029 (paragraph separator)', 'Ada\u2029Pay here', /on one line/],
    ['a bell', 'Ada\u0007', /control characters/],
    ['a C1 control', 'Ada\u009b31m', /control characters/],
    ['U+202E (right-to-left override)', 'Ada\u202Egnp.exe', /invisible or text-direction/],
    ['U+200B (zero-width space)', 'A\u200Bda', /invisible or text-direction/],
    ['U+200F (right-to-left mark)', 'Ada\u200F', /invisible or text-direction/],
    ['U+202A (left-to-right embedding)', '\u202AAda', /invisible or text-direction/],
    ['U+2066 (left-to-right isolate)', 'Ada\u2066', /invisible or text-direction/],
    ['U+2069 (pop directional isolate)', 'Ada\u2069', /invisible or text-direction/],
    ['an RFC 2047 encoded word', '=?UTF-8?B?UGF5IGhlcmU=?=', /"=\?…\?=" code/],
    ['a quoted-printable encoded word', 'Ada =?iso-8859-1?q?Pay=20here?=', /"=\?…\?=" code/],
    // Trimming would drop these at either end and take the rest: they are refused there too.
    ['U+FEFF (byte order mark) in front', '\uFEFFAda', /invisible or text-direction/],
    ['a line feed at the end', 'Ada\n', /on one line/],
    ['U+2028 in front', '\u2028Ada', /on one line/],
  ])('refuse %s with a message beside the field', (_, name, message) => {
    expect(errorsOf({ ...contact, name })).toEqual({ name: expect.stringMatching(message) });
  });

  it('refuse an email address with a line break or invisible character at either end', () => {
    for (const email of ['\uFEFFada@example.org', 'ada@example.org\n', 'ada@example.org\u2029']) {
      expect(errorsOf({ ...contact, email })).toEqual({ email: expect.stringMatching(/one line|invisible/) });
    }
  });

  it('keep ordinary names in any script, apostrophes and accents', () => {
    for (const name of ['Ngozi Okonjo-Iweala', "N'Golo Kanté", 'محمد علي', 'Ṣàngó', '李小龍', 'a=b?c'])
      expect(errorsOf({ ...contact, name })).toEqual({});
  });

  const dangerous = fc.constantFrom(
    '\n',
    '\r',
    '\t',
    '\u0000',
    '\u0085',
    '\u009f',
    '\u2028',
    '\u2029',
    '\u200b',
    '\u200d',
    '\u202e',
    '\u2067',
    '=?utf-8?b?QQ==?=',
    '=?x?Q?y?=',
  );
  const text = fc
    .array(fc.oneof(fc.string({ minLength: 1, maxLength: 5 }), dangerous), { maxLength: 8 })
    .map((parts) => parts.join(''));

  it('never return a value with a line break, control, invisible character or encoded word (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...singleLine), text, ([schema, valid, field], value) => {
        const result = z.safeParse(schema, { ...valid, [field]: value });
        if (!result.success) return;
        const out = (result.data as Record<string, string>)[field]!;
        expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
        expect(out).not.toMatch(/=\?[^?]*\?[bq]\?[^?]*\?=/i);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the contact message', () => {
  it('keeps line breaks, written any way, as "\\n"', () => {
    const result = z.safeParse(contactSchema, { ...contact, message: 'Hello,\r\nline two\rthree\u2028four\u0085five' });
    expect(result.data?.message).toBe('Hello,\nline two\nthree\nfour\nfive');
  });

  it('loses the other controls and the invisible characters, and tabs become spaces', () => {
    const result = z.safeParse(contactSchema, {
      ...contact,
      message: 'Pay\u202E here\u200B\u0007\u009b\tnow\u2066',
    });
    expect(result.data?.message).toBe('Pay here now');
  });

  it('is refused when nothing is left', () => {
    expect(errorsOf({ ...contact, message: '\u200B\u202E\u0007' })).toEqual({ message: 'Enter your message' });
  });

  it('never returns a control other than "\\n" or an invisible character (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (message) => {
        const result = z.safeParse(contactSchema, { ...contact, message });
        if (result.success) {
          expect(result.data.message).not.toMatch(
            /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/,
          );
        }
      }),
      { numRuns: 2000 },
    );
  });
});
