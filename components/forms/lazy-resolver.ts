import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';

export type SchemaLoader<T extends FieldValues> = () => Promise<z.ZodMiniType<T, T>>;

// zod, the schemas and their react-hook-form resolver are a large part of a form's code, and a visitor
// who only reads the page never needs them. They are fetched when the visitor first focuses the form
// (`load`) and awaited by the first validation that needs them. Until then the form as first rendered
// counts as not valid, which it never is: every form has required fields (tests/unit/form-schemas).
// If the code cannot be fetched, the form counts as valid and the server's own check answers instead:
// a visitor on a failing network can still send what they typed.
export function lazyZodResolver<T extends FieldValues>(loadSchema: SchemaLoader<T>, blank: Partial<T>) {
  let validator: Promise<Resolver<T>> | undefined;

  const load = () =>
    (validator ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) =>
      zodResolver(schema),
    ));

  const untouched = (values: T) => Object.keys(values).every((name) => values[name] === (blank[name] ?? ''));

  const resolver: Resolver<T> = async (values, context, options) => {
    if (!validator && untouched(values)) {
      return { values: {}, errors: { root: { type: 'untouched', message: '' } } as FieldErrors<T> };
    }
    let validate: Resolver<T>;
    try {
      validate = await load();
    } catch {
      validator = undefined; // the next validation tries again
      return { values, errors: {} };
    }
    return validate(values, context, options);
  };

  return { resolver, load };
}
