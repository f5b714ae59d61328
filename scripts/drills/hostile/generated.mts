import fc from 'fast-check';

import { formHeaders, inParallel, postAction, send, tally } from './client.mjs';
import { forms, operations } from './forms.mjs';
import { perForm } from './settings.mjs';

// The generated submissions: wrong types, missing and extra fields, control characters, scripts
// and SQL in every field, non-UTF-8 bytes, JSON where a form goes, repeated fields.
const evil = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE records; --",
  "' OR '1'='1",
  '=cmd|" /C calc"!A0',
  '\u0000\u0001\u0007',
  '\u202e\u200b',
  '../../etc/passwd',
  '{{7*7}}',
  '${process.exit()}',
  'a'.repeat(70_000),
  '   ',
];
const plausible: Record<string, string[]> = {
  email: ['ada@example.org', 'kofi.asante@example.org'],
  phone: ['+234 801 234 5678', '0244 123 456'],
  gender: ['male', 'female', 'others'],
  degree: ['bachelor', 'phd'],
  course: ['Data Analysis with Python', 'Introduction To Data Ethics & Privacy'],
  event: ['baobab-data-hackathon-2023'],
};
const value = (field: string) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...(plausible[field] ?? ['Ada Obi', 'Ọlá', 'Nigeria'])), weight: 5 },
    { arbitrary: fc.constantFrom(...evil), weight: 3 },
    { arbitrary: fc.string({ maxLength: 120 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  );

export async function generated() {
  const t = tally('generated submissions');
  for (const operation of operations) {
    const fields = [...forms[operation].fields, ...(operation === 'registerEvent' ? ['event'] : [])];
    const record = fc.record(Object.fromEntries(fields.map((f) => [f, value(f)])), { requiredKeys: [] });
    const extra = fc.dictionary(
      fc.constantFrom('date', 'id', '__proto__', 'botCheck', 'website', 'admin'),
      fc.string({ maxLength: 20 }),
      { maxKeys: 2 },
    );
    const samples = fc.sample(fc.tuple(record, extra, fc.nat(99)), perForm);
    await inParallel(
      samples,
      async ([fieldsValue, extraValue, dice]) => {
        const params = new URLSearchParams({ ...extraValue, ...fieldsValue } as Record<string, string>);
        const path = `/api/forms/${operation}`;
        if (dice < 8) {
          await send(
            t,
            'POST',
            path,
            formHeaders({ 'x-xsrf-token': dice % 2 ? 'c'.repeat(64) : '' }),
            params.toString(),
          );
        } else if (dice < 12) {
          const bytes = Buffer.concat([
            Buffer.from('name='),
            Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x80]),
            Buffer.from('&email=a%FF%FE@example.org'),
          ]);
          await send(t, 'POST', path, formHeaders(), bytes);
        } else if (dice < 16) {
          for (const f of fields) params.append(f, 'second value');
          await send(t, 'POST', path, formHeaders(), params.toString());
        } else if (dice < 20) {
          await send(
            t,
            'POST',
            path,
            formHeaders({ 'content-type': 'application/json' }),
            JSON.stringify({ name: ['x'], email: { $ne: null } }),
          );
        } else if (dice < 30) {
          await postAction(t, operation, [...params]);
        } else {
          await send(t, 'POST', path, formHeaders(), params.toString());
        }
      },
      16,
    );
  }
}
