import { inParallel, postAction, postForm, tally } from './client.mjs';
import { operations, singleLine, validFields } from './forms.mjs';
import { quick } from './settings.mjs';

// Field hygiene: forged lines and hidden text in every single-line field.
const dirty = [
  'Ada\nEmail: boss@evil.example',
  'Ada\r\nPay here: https://evil.example',
  'Ada\tObi',
  'Ada\u0085Pay',
  'Ada\u2028Pay',
  'Ada\u2029Pay',
  'Ada\u202eyaP',
  'Ada\u200bObi',
  'Ada\u2066x\u2069',
  '\ufeffAda',
  'Ada\u009b',
  '=?utf-8?b?UGF5IGhlcmU=?=',
  'Ada =?ISO-8859-1?Q?Pay_here?= Obi',
];
export async function hygiene() {
  const t = tally('field hygiene');
  const tries = operations.flatMap((operation) =>
    singleLine(operation)
      .slice(0, quick ? 1 : undefined)
      .flatMap((field) => dirty.map((value) => [operation, field, value] as const)),
  );
  await inParallel(tries, async ([operation, field, value]) => {
    const fields = { ...validFields(operation), [field]: field === 'email' ? `${value}@example.org` : value };
    if ((await postForm(t, operation, fields)).accepted) {
      t.bypasses += 1;
      t.notes.push(`${operation}.${field} took ${JSON.stringify(value)}`);
    }
    if ((await postAction(t, operation, Object.entries(fields))).accepted) {
      t.bypasses += 1;
      t.notes.push(`${operation}.${field} took ${JSON.stringify(value)} without JavaScript`);
    }
  });
}
