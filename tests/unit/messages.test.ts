import { en } from '@/messages/en';
import { fr } from '@/messages/fr';

// Texts that are the same in French: the brand's section names, the nav's own word, and a sentence of
// placeholders only.
const sameInFrench = new Set([
  'Menu',
  'Contact',
  'Articles',
  'Premium',
  'Introduction',
  'Pays',
  'Message',
  '{dates}, {location}. {tagline}',
]);

function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    texts(inner, path ? `${path}.${key}` : key),
  );
}

describe('messages/fr.ts', () => {
  const english = new Map(texts(en));
  const french = new Map(texts(fr));

  it('has a French text for every English one, and no other', () => {
    expect([...french.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of french) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('leaves no text in English', () => {
    const same = [...french].filter(([key, text]) => text === english.get(key) && !sameInFrench.has(text));
    expect(same).toEqual([]);
  });

  it('puts a no-break space before : ; ! ? and never a plain one', () => {
    const plain = [...french].filter(([, text]) => / [:;!?]/.test(text));
    expect(plain).toEqual([]);
  });
});
