// Relative, not '@/': next.config.ts imports this module, and its loader does not know the alias.
// Apart from lib/i18n/index.ts so that the browser's bundle, which needs the paths, does not carry it.
import { API_PATH_PATTERN } from '../http/api-paths';
import { defaultLang, langs, locales } from './index';

// Every page lives under app/[lang]/; the default language keeps the unprefixed addresses, so
// next.config.ts rewrites them to /{defaultLang}. This is every address but the other languages' pages,
// API calls, files (a last segment with a dot: public files, icons, the sitemap; no page address has
// one), social cards, the staff workspace (app/staff, English only), and /{defaultLang} itself (the rewritten home, which Next would otherwise rewrite
// again). A visitor's /{defaultLang}/… is redirected before this (lib/routing.ts): a page has one
// address per language. Any other address, /images/about or /api/contact included, becomes
// /{defaultLang}/…, where no page claims it: a plain 404.
const prefixAlternation = langs
  .filter((lang) => lang !== defaultLang)
  .map((lang) => locales[lang].prefix)
  .join('|');
export const ENGLISH_PAGE_PATTERN = `(?!(?:${prefixAlternation})(?:/|$)|${defaultLang}$|staff(?:/|$)|${API_PATH_PATTERN}|_next/|.*\\.[^/]*$|.*opengraph-image).+`;

// An event's calendar file (app/[lang]/events/[slug]/calendar.ics): a file by its name, so the rule above
// leaves it alone; next.config.ts gives the default language's its own rewrite.
export const EVENT_CALENDAR_FILE = 'calendar.ics';
