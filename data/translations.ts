import { french } from './fr';

// Each language's texts, laid over the English data (data/*.ts) by lib/content; keyed like the language
// table (lib/i18n/locales.ts), which makes a language without its texts a type error there.
export const translations = { fr: french };
