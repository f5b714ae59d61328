// The form texts of the default language (lib/i18n/locales.ts): the words of the schemas the server and
// the types are built from when no page language is at hand.
export { en as defaultFormTexts } from './en';
