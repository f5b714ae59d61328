import type { Lang, Localised } from '@/lib/i18n';

import { en, type Messages } from './en';
import { fr } from './fr';

// The one way to look up a text of the site's frame: messages(lang).section.key.
const dictionaries: Localised<Messages> = { en, fr };

export function messages(lang: Lang): Messages {
  return dictionaries[lang];
}

// A text with its {placeholders} filled in; an unknown one stays as written.
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
