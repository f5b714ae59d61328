import { type CollectionBeforeChangeHook, type CollectionConfig, type Field } from 'payload';

import { defaultLang, locales } from '@/lib/i18n';

import { refusal } from './refusal';

// The site reads every language over the default one (a text not yet translated shows the default's), so
// an item published without its default-language texts has nothing to show where they are missing, and
// the readers leave it out (./checked.ts). The editor remembers the last language it was used in: an
// item can be written first in another one. These checks refuse, with words, what would be left out:
// a new item is created in the default language first, and nothing is published while a required text
// of the default language is empty.

interface RequiredText {
  path: string[];
  label: string;
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function labelOf(field: { name: string; label?: unknown }): string {
  return typeof field.label === 'string' ? field.label : words(field.name);
}

// The localised fields an item needs in every language (with the default's standing in for a missing
// one): required texts, and arrays that must have rows.
export function requiredTexts(fields: Field[], prefix: string[] = [], labels: string[] = []): RequiredText[] {
  return fields.flatMap((field): RequiredText[] => {
    if (field.type === 'row' || field.type === 'collapsible') return requiredTexts(field.fields, prefix, labels);
    if (field.type === 'tabs')
      return field.tabs.flatMap((tab) =>
        'name' in tab && tab.name
          ? requiredTexts(tab.fields, [...prefix, tab.name], labels)
          : requiredTexts(tab.fields, prefix, labels),
      );
    if (!('name' in field)) return [];
    const path = [...prefix, field.name];
    const label = [...labels, labelOf(field)].join(' › ');
    if (field.type === 'group') return requiredTexts(field.fields, path, [...labels, labelOf(field)]);
    if (!('localized' in field) || !field.localized) return [];
    if (field.type === 'array') return (field.minRows ?? 0) > 0 || field.required ? [{ path, label }] : [];
    return 'required' in field && field.required ? [{ path, label }] : [];
  });
}

function valueAt(doc: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
    doc,
  );
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const defaultName = locales[defaultLang].name;

// Why, then every text at fault after a colon: the editor shows it as the save's error, with the texts as
// a list, and the API answers it with a 400.
export function missingMessage(labels: string[]): string {
  return `Missing in ${defaultName} (switch the editor's language to ${defaultName} and write them first; every other language falls back to them): ${labels.join(', ')}`;
}

function refuse(missing: RequiredText[]): never {
  throw refusal(missingMessage(missing.map(({ label }) => label)));
}

// The hook every collection with drafts gets (./config.ts).
export function defaultTextsFirst(collection: CollectionConfig): CollectionBeforeChangeHook {
  const required = requiredTexts(collection.fields);
  return async ({ data, operation, originalDoc, req }) => {
    if (required.length === 0 || req.context?.seeding) return data;
    const locale = String(req.locale ?? defaultLang);
    if (locale === defaultLang) return data;
    // Every language at once (the API's locale=all): the default's values are in the data.
    if (locale === 'all') {
      if (data._status !== 'published') return data;
      const missing = required.filter(({ path }) => {
        const value = valueAt(data, path);
        return isEmpty(
          value && typeof value === 'object' && !Array.isArray(value) ? (value as never)[defaultLang] : value,
        );
      });
      return missing.length > 0 ? refuse(missing) : data;
    }
    if (operation === 'create') refuse(required);
    if (data._status !== 'published') return data;
    // Read in the write's own transaction (`req`); the Local API sets the request's language to the one
    // it reads in, so the write's own is put back after, or the rest of the save would land in the
    // default language's texts.
    const { locale: writing, fallbackLocale } = req;
    let inDefault: unknown;
    try {
      inDefault = await req.payload.findByID({
        collection: collection.slug as never,
        id: (originalDoc as { id: number | string }).id,
        locale: defaultLang,
        fallbackLocale: false,
        draft: true,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
        req,
      });
    } finally {
      req.locale = writing;
      req.fallbackLocale = fallbackLocale;
    }
    const missing = required.filter(({ path }) => isEmpty(valueAt(inDefault, path)));
    return missing.length > 0 ? refuse(missing) : data;
  };
}

// Collections with drafts get the check; the others (the staff, the pictures) have no localised texts.
export function withDefaultTextsFirst(collection: CollectionConfig): CollectionConfig {
  if (!collection.versions || typeof collection.versions !== 'object' || !collection.versions.drafts) return collection;
  const hooks = collection.hooks ?? {};
  return {
    ...collection,
    hooks: { ...hooks, beforeChange: [defaultTextsFirst(collection), ...(hooks.beforeChange ?? [])] },
  };
}
