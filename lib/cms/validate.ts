import type { Validate } from 'payload';
import type { z } from 'zod';

// A field's check in the editor, from the schema that checks the same kind of content in data/: the whole
// document is shaped as the site reads it and parsed, and the field shows the messages about its own path
// (the rules across fields, such as an end before a start, land on the field the schema names).
export function checkedBy<D>(schema: z.ZodType, shape: (doc: Record<string, unknown>) => D) {
  return (path: string): Validate =>
    (value, { data }) => {
      // A document not saved yet has no id: a stand-in keeps zod's rules across fields running (it skips
      // an object's refinements while any of its fields is invalid).
      const doc: Record<string, unknown> = { ...(data as Record<string, unknown>) };
      doc.id ??= 1;
      setPath(doc, path.split('.'), value);
      const result = schema.safeParse(shape(doc));
      if (result.success) return true;
      const messages = result.error.issues
        .filter((issue) => issue.path.join('.') === path || issue.path.join('.').startsWith(`${path}.`))
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
