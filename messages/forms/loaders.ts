import type { Localised } from '@/lib/i18n';

import type { FormTexts } from './types';

// Each language's form texts as a chunk of its own, for the browser (components/forms/load-schemas.ts):
// a page downloads its own language's words only.
export const formTextLoaders: Localised<() => Promise<FormTexts>> = {
  en: () => import('./en').then((m) => m.en),
  fr: () => import('./fr').then((m) => m.fr),
};
