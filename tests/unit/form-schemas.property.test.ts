/** @jest-environment node */
import fc from 'fast-check';
import * as z from 'zod/mini';

import { contactSchema, enrolmentSchema, eventSchema, newsletterSchema, offerSchema } from '@/lib/forms/schemas';
import { escapeHtml, renderLetter } from '@/lib/mail/letter';

// Whatever a visitor (or a bot) sends, a schema either refuses it or returns clean data: strings
// trimmed, within bounds, without control characters, enumerations from their lists.
const anything = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u0007', '\u001b', '<', '>', '"', "'", ';', '--', ' ', '=', 'a'),
    maxLength: 40,
  }),
  fc.constant('x'.repeat(6000)),
  fc.constantFrom('male', 'female', 'others', 'phd', 'bachelor', "' OR 1=1 --", '<script>alert(1)</script>'),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
);

// Values a real visitor would send, so that many generated submissions pass and the property has
// something to check.
const plausible: Record<string, fc.Arbitrary<string>> = {
  email: fc.constantFrom('ada@example.org', ' kofi.asante@example.org '),
  phone: fc.constantFrom('+234 801 234 5678', '(0244) 123-456'),
  gender: fc.constantFrom('male', 'female', 'others'),
  degree: fc.constantFrom('high_school', 'phd'),
};
const field = (name: string) =>
  fc.oneof(
    { arbitrary: plausible[name] ?? fc.constantFrom('  Ada Obi ', 'Ọlá', 'Nigeria', 'Hello there'), weight: 6 },
    { arbitrary: anything, weight: 1 },
  );

const schemas = { enrolmentSchema, contactSchema, newsletterSchema, eventSchema, offerSchema };
const fieldsOf = (schema: z.ZodMiniObject) => Object.keys(schema.shape);
const OPTIONAL = new Set(['ticket']);
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

describe.each(Object.entries(schemas))('%s under arbitrary input', (_name, schema) => {
  it('never accepts dirty data', () => {
    const fields = fieldsOf(schema);
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(fields.map((f) => [f, field(f)])), { requiredKeys: [] }),
        fc.dictionary(fc.string(), anything, { maxKeys: 3 }),
        (input, extra) => {
          const result = z.safeParse(schema, { ...extra, ...input });
          if (!result.success) return true;
          accepted += 1;
          const data = result.data as Record<string, unknown>;
          // An optional field (a paid event's ticket kind, an id) may be left out; when there, an id.
          expect(Object.keys(data).sort()).toEqual(fields.filter((f) => f in data || !OPTIONAL.has(f)).sort());
          for (const [key, value] of Object.entries(data)) {
            if (OPTIONAL.has(key)) {
              expect(value).toMatch(/^[\w-]{0,40}$/);
              continue;
            }
            expect(typeof value).toBe('string');
            const text = value as string;
            expect(text).toBe(text.trim());
            expect(text.length).toBeGreaterThan(0);
            expect(text.length).toBeLessThanOrEqual(5000);
            expect(CONTROL.test(text)).toBe(false);
          }
          return true;
        },
      ),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});

describe('letters built from visitor input', () => {
  it('never let markup through into the HTML', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (name, message) => {
        const { html } = renderLetter({
          heading: `Message from ${name}`,
          paragraphs: [name],
          quote: message,
          rows: [['Name', name]],
        });
        const injected = html.replace(
          /<\/?(!doctype|html|head|meta|title|body|h1|p|blockquote|table|tr|th|td)\b[^>]*>/gi,
          '',
        );
        expect(injected).not.toMatch(/[<>]/);
        expect(html).toContain(escapeHtml(name));
      }),
      { numRuns: 300 },
    );
  });
});
