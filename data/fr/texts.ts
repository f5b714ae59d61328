// The types of the French text tables in this folder. Unlike Translation, they keep the length of every
// list (outcomes, sections, paragraphs), so a French text left out of a table fails the type check.
export type Texts<T> = T extends string
  ? string
  : T extends readonly unknown[]
    ? { readonly [K in keyof T]: Texts<T[K]> }
    : T extends object
      ? { readonly [K in keyof T]: Texts<T[K]> }
      : T;

// One entry of texts per entity of a list, keyed by the entity's identifier: the French of fields F of
// each entity, with exactly that entity's number of list items.
export type TextsBy<List extends readonly object[], Key extends keyof List[number], F extends keyof List[number]> = {
  readonly [E in List[number] as E[Key] & PropertyKey]: Texts<Pick<E, F>>;
};
