import type { Lang, Localised } from '@/lib/i18n';

import { en } from './en';
import { fr } from './fr';
import type { FormTexts } from './types';

export type { CheckWords, FormTexts, FormUi, ServerWords } from './types';

// Every text of the forms, in each language: the one place to look one up. For the server and for
// the pages (server components), which hand a form its own language's `ui` only. The browser never
// imports this module (it would carry both languages); it loads one language's file with the schemas.
export const formTexts: Localised<FormTexts> = { en, fr };

export function formUi(lang: Lang) {
  return formTexts[lang].ui;
}
