// The worst content an editor can publish through the CMS's API, per collection (the idea of
// tests/e2e/editor-slip.spec.ts, for the drills): built from a collection's first document as the API
// gives it, each item sent as the editor's browser sends it, published.
// Relative, not '@/': the browser tests import this module too, and their loader maps '@/' only in tests/.
import { defaultLang, langs } from '../../lib/i18n';

// Every collection an editor publishes to (lib/cms/collections).
export const contentCollections = [
  'courses',
  'events',
  'offers',
  'projects',
  'insights',
  'partners',
  'people',
  'testimonials',
];

// A language other than the default one: an item created in it lacks the default language's texts.
export const otherLang = langs.find((lang) => lang !== defaultLang)!;

export type WorstItem = [kind: string, path: string, data: Record<string, unknown>];

export function worstOf(collection: string, doc: Record<string, unknown>): WorstItem[] {
  // The document as a new one: without what the CMS fills itself, nor an uploaded picture's id.
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => !['id', 'createdAt', 'updatedAt', '_status', 'image'].includes(key))
              .map(([key, inner]) => [key, strip(inner)]),
          )
        : value;
  const base: Record<string, unknown> = { ...(strip(doc) as Record<string, unknown>), _status: 'published' };
  // Each item its own slug (or key), but for the one whose point is to collide.
  const fresh = (tag: string) => ({
    ...base,
    ...(typeof base.slug === 'string' ? { slug: `${base.slug}-${tag}` } : {}),
    ...(typeof base.key === 'string' ? { key: `${base.key}-${tag}` } : {}),
  });
  const texts = Object.keys(base).filter(
    (key) => typeof base[key] === 'string' && !/slug|key|img|Date|link/i.test(key),
  );
  const each = (value: string) => Object.fromEntries(texts.map((key) => [key, value]));
  return [
    ['missing language', `${collection}?locale=${otherLang}`, fresh('lang')],
    ['empty required fields', collection, { ...fresh('empty'), ...each('') }],
    ['reversed dates', collection, { ...fresh('dates'), startDate: '2023-06-09', endDate: '2023-06-01' }],
    ['zero capacity', collection, { ...fresh('zero'), capacity: 0 }],
    ['negative capacity', collection, { ...fresh('negative'), capacity: -5 }],
    ['very long texts', collection, { ...fresh('long'), ...each('Long '.repeat(4_000)) }],
    ['odd Unicode', collection, { ...fresh('odd'), ...each('\u202Eevil\u200B \uD800 🦁 e\u0301\u0301\u0301 \uFEFF') }],
    [
      'a slug of another',
      collection,
      { ...fresh('twin'), ...(typeof doc.slug === 'string' ? { slug: doc.slug } : {}) },
    ],
  ];
}
