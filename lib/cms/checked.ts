import { z } from 'zod';

import { CMS_ADMIN } from '@/lib/http/cms-paths';
import { log } from '@/lib/log';

import type { EditorialCollection } from './access';

// Content is input too: an item saved in the editor that the site cannot read (a text missing in the
// default language, a date reversed by a script, a value the schema refuses) is left out of the list on
// its own, and every other item shows as before. A list, a page, the door, the places pass and the mails
// read through these, so one bad item never takes a page down.

export type Doc = Record<string, unknown>;
// A zod result, whatever the schema's own type.
export type Checked<T> = { success: true; data: T } | { success: false; error: z.ZodError };

// What the workspace shows for an item left out: where to fix it, and why.
export interface ContentProblem {
  collection: EditorialCollection | 'figures' | 'contact';
  id: string;
  title: string;
  lang: string;
  fields: string[];
  editHref: string;
}

// Each item is logged once per saved version and language, however many pages read it. The set is
// bounded: at worst a line comes again after many other problems.
const warned = new Set<string>();
const WARNED_LIMIT = 2_000;

function warnOnce(problem: ContentProblem, version: string): void {
  const key = `${problem.collection}:${problem.id}:${problem.lang}:${version}`;
  if (warned.has(key)) return;
  if (warned.size >= WARNED_LIMIT) warned.clear();
  warned.add(key);
  log.warn(
    { component: 'cms', collection: problem.collection, id: problem.id, lang: problem.lang, fields: problem.fields },
    `content left out of the site until it is fixed: ${problem.collection} ${problem.id} (${problem.fields.join(', ')})`,
  );
}

export function editHref(collection: ContentProblem['collection'], id: string): string {
  return collection === 'figures' || collection === 'contact'
    ? `${CMS_ADMIN}/globals/${collection}`
    : `${CMS_ADMIN}/collections/${collection}/${encodeURIComponent(id)}`;
}

function fieldsOf(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.path.join('.') || '(the item)'))];
}

function problemOf(collection: ContentProblem['collection'], doc: Doc, lang: string, fields: string[]) {
  const id = String(doc.id ?? '');
  const title = [doc.title, doc.name, doc.alt, doc.slug].find((value) => typeof value === 'string' && value);
  return {
    collection,
    id,
    title: typeof title === 'string' ? title.slice(0, 120) : `#${id}`,
    lang,
    fields,
    editHref: editHref(collection, id),
  };
}

export interface Sorted<T> {
  kept: { doc: Doc; value: T }[];
  problems: ContentProblem[];
}

// Each document shaped and checked on its own; with `key`, a later item that repeats an earlier one's
// key (a slug) is left out too, since the two would share one address.
export function sortDocs<T>(
  collection: EditorialCollection,
  lang: string,
  docs: Doc[],
  check: (doc: Doc) => Checked<T>,
  key?: (value: T) => unknown,
): Sorted<T> {
  const kept: Sorted<T>['kept'] = [];
  const problems: ContentProblem[] = [];
  const seen = new Set<unknown>();
  for (const doc of docs) {
    let result: Checked<T>;
    try {
      result = check(doc);
    } catch {
      // A shape that throws on a value no schema expected (an object where a text belongs).
      problems.push(problemOf(collection, doc, lang, ['(the item)']));
      continue;
    }
    if (!result.success) {
      problems.push(problemOf(collection, doc, lang, fieldsOf(result.error)));
      continue;
    }
    const value = result.data;
    if (key) {
      const k = key(value);
      if (seen.has(k)) {
        problems.push(problemOf(collection, doc, lang, [`slug (the same as another item's: ${String(k)})`]));
        continue;
      }
      seen.add(k);
    }
    kept.push({ doc, value });
  }
  return { kept, problems };
}

// The items the site can show; the others are logged once each.
export function keepValid<T>(
  collection: EditorialCollection,
  lang: string,
  docs: Doc[],
  check: (doc: Doc) => Checked<T>,
  key?: (value: T) => unknown,
): { doc: Doc; value: T }[] {
  const { kept, problems } = sortDocs(collection, lang, docs, check, key);
  problems.forEach((problem, i) => {
    const doc = docs.find((candidate) => String(candidate.id) === problem.id) ?? {};
    warnOnce(problem, `${String(doc.updatedAt ?? '')}:${i}`);
  });
  return kept;
}

// A global (the figures, the contact details) that fails its shape: the site shows its first content
// from data/ instead, and says so once.
export function globalOr<T>(
  global: 'figures' | 'contact',
  schema: z.ZodType<T>,
  value: unknown,
  fallback: () => T,
  version: unknown,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  warnOnce(problemOf(global, { id: global, title: global }, 'all', fieldsOf(result.error)), String(version ?? ''));
  return fallback();
}

export function globalProblem(global: 'figures' | 'contact', schema: z.ZodType, value: unknown): ContentProblem[] {
  const result = schema.safeParse(value);
  return result.success ? [] : [problemOf(global, { id: global, title: global }, 'all', fieldsOf(result.error))];
}
