import type { Validate } from 'payload';
import type { z } from 'zod';

import { defaultLang, isLang, type Lang } from '@/lib/i18n';

// A field's check in the editor, from the schema that checks the same kind of content in data/: the whole
// document is shaped as the site reads it and parsed, and the field shows the messages about its own path
// (the rules across fields, such as an end before a start, land on the field the schema names). A schema
// given per language checks the texts of the language being edited (a course's duration in its words).
export function checkedBy<D>(
  schema: z.ZodType | ((lang: Lang) => z.ZodType),
  shape: (doc: Record<string, unknown>, lang: Lang) => D,
) {
  // `reported`: the schema's name for the field, when the CMS stores it otherwise (a course's weeks are
  // its duration).
  return (path: string, reported: string = path): Validate =>
    (value, { data, req }) => {
      const locale = String(req?.locale ?? '');
      const lang = isLang(locale) ? locale : defaultLang;
      // A document not saved yet has no id: a stand-in keeps zod's rules across fields running (it skips
      // an object's refinements while any of its fields is invalid).
      const doc: Record<string, unknown> = { ...(data as Record<string, unknown>) };
      doc.id ??= 1;
      setPath(doc, path.split('.'), value);
      const result = (typeof schema === 'function' ? schema(lang) : schema).safeParse(shape(doc, lang));
      if (result.success) return true;
      const messages = result.error.issues
        .filter((issue) => issue.path.join('.') === reported || issue.path.join('.').startsWith(`${reported}.`))
        .map((issue) => issue.message);
      return messages.length === 0 ? true : messages.join('; ');
    };
}

function setPath(target: Record<string, unknown>, [head, ...rest]: string[], value: unknown): void {
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const inner = { ...((target[head] as Record<string, unknown> | undefined) ?? {}) };
  target[head] = inner;
  setPath(inner, rest, value);
}
