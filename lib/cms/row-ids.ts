import type { CollectionBeforeValidateHook, CollectionConfig } from 'payload';

// The rows of a document's lists (a project's team, a contact's links) carry ids, which the SQL
// databases keep unique per list. A client that sends another document's row ids (a project copied
// with its rows, as issue 41 saw) would have its write fail half-way: such an id is dropped before the
// write, and the row gets a new one. A document's own rows keep theirs.
type Value = unknown;

function rowIds(value: Value, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'string') into.add(id);
      rowIds(item, into);
    }
  } else if (value && typeof value === 'object') {
    for (const each of Object.values(value)) rowIds(each, into);
  }
  return into;
}

// A copy of `value` whose list rows keep only ids of `own`; what is not a list or a plain object is kept.
function withoutForeignIds(value: Value, own: Set<string>): Value {
  if (Array.isArray(value)) {
    return value.map((item: Value) => {
      const copy = withoutForeignIds(item, own);
      if (copy && typeof copy === 'object' && !Array.isArray(copy)) {
        const { id, ...rest } = copy as { id?: unknown };
        return typeof id === 'string' && !own.has(id) ? rest : copy;
      }
      return copy;
    });
  }
  if (value && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, withoutForeignIds(each, own)]));
  }
  return value;
}

const ownRowsOnly: CollectionBeforeValidateHook = ({ data, originalDoc }) =>
  data && (withoutForeignIds(data, rowIds(originalDoc, new Set())) as typeof data);

export function withOwnRowIds(collection: CollectionConfig): CollectionConfig {
  const hooks = collection.hooks ?? {};
  return { ...collection, hooks: { ...hooks, beforeValidate: [ownRowsOnly, ...(hooks.beforeValidate ?? [])] } };
}
