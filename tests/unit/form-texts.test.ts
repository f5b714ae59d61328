import * as z from 'zod/mini';

import { buildSchemas } from '@/lib/forms/schemas';
import { formTexts } from '@/messages/forms';
import { visitorMails } from '@/messages/mails/visitor';

// The type check already fails when a French text is missing (Localised<...>); this catches what it
// cannot: an empty text, or an English one left in the French set.

// Texts that are the same word in both languages, on purpose.
const sameInBoth = new Set([
  'ui.labels.message', // "Message"
  'ui.degrees.master', // "Master", the French degree's name
  'event.dates', // "Dates"
  'offer.programme', // "Programme"
  'receipt.programme', // "Programme"
  'receipt.eventDates', // "Dates"
  'receipt.channels.ussd', // "USSD"
  'receipt.channels.mobile_money', // "Mobile money", as West Africa says it in French too
  'receipt.channels.apple_pay', // "Apple Pay"
]);

// Every text of a set: strings as they are, functions called with sample arguments, by their path.
function leaves(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(path, value);
  else if (typeof value === 'function') found.set(path, String(value('ZZ', 9, 'ZZ', 'ZZ')));
  else if (Array.isArray(value))
    value.forEach((item, i) => leaves(item, `${path}.${i}`).forEach((v, k) => found.set(k, v)));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      leaves(item, path ? `${path}.${key}` : key).forEach((v, k) => found.set(k, v));
  return found;
}

describe.each([
  ['form texts', formTexts.en, formTexts.fr],
  ['visitor mail texts', visitorMails.en, visitorMails.fr],
])('the French %s', (_name, english, french) => {
  const en = leaves(english);
  const fr = leaves(french);

  it('have every text the English ones have, and nothing else', () => {
    expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('are all written: none empty, none left in English but the words both languages share', () => {
    for (const [path, text] of fr) {
      expect({ path, empty: text.trim() === '' }).toEqual({ path, empty: false });
      if (!sameInBoth.has(path)) expect({ path, text }).not.toEqual({ path, text: en.get(path) });
      // A sample argument that went missing from a sentence.
      if (text.includes('undefined')) throw new Error(`${path}: ${text}`);
      // French typography: a no-break space before : ; ! ? (and inside « »), never a plain one.
      expect({ path, plainSpace: /( [:;!?»]|« )/.test(text) }).toEqual({ path, plainSpace: false });
    }
  });
});

describe('the French schemas', () => {
  const fr = buildSchemas(formTexts.fr.checks);

  it('word every refusal in French', () => {
    const result = z.safeParse(fr.offerSchema, {
      email: 'not-an-address',
      firstName: '',
      lastName: 'A\tB',
      gender: 'robot',
      degree: '',
      occupation: 'x'.repeat(101),
      country: '=?utf-8?b?QQ==?=',
    });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      email: 'Indiquez une adresse e-mail du type nom@exemple.com',
      firstName: 'Indiquez votre prénom',
      lastName: 'Écrivez votre nom de famille sur une seule ligne, sans tabulation',
      gender: 'Choisissez un genre',
      degree: 'Choisissez votre diplôme le plus élevé',
      occupation: 'Votre profession doit compter 100\u00a0caractères au plus',
      country: 'Retirez le code «\u00a0=?…?=\u00a0» de votre pays',
    });
    const phone = z.safeParse(fr.enrolmentSchema.shape.phone, '12');
    expect(phone.error!.issues[0]!.message).toBe(formTexts.fr.checks.phonePattern);
  });

  it('accept and store exactly what the English ones do', () => {
    const en = buildSchemas(formTexts.en.checks);
    const post = { name: '  Ada  ', email: 'ada@example.org', message: 'Bonjour\r\nà tous' };
    expect(z.parse(fr.contactSchema, post)).toEqual(z.parse(en.contactSchema, post));
  });
});
