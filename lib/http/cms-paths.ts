// Where the CMS lives inside the site: its admin and its REST API sit under the staff workspace, so they
// share its rules (never indexed, never cached, outside the language rewrite). No imports: proxy.ts,
// next.config.ts and the service worker read it.
export const CMS_ADMIN = '/staff/content';
export const CMS_API = `${CMS_ADMIN}/api`;

// Whether an address is the CMS's, judged on its segments once decoded: an address that climbs out
// (`/staff/content/../x`, `/staff/content/%2e%2e/x`) or hides a separator in a segment is not, so
// nothing outside the prefix gets the CMS's looser rules (larger bodies, more methods).
export function isCmsPath(pathname: string): boolean {
  if (pathname !== CMS_ADMIN && !pathname.startsWith(`${CMS_ADMIN}/`)) return false;
  return pathname
    .slice(CMS_ADMIN.length)
    .split('/')
    .every((segment) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return false;
      }
      return decoded !== '.' && decoded !== '..' && !/[/\\]/.test(decoded);
    });
}

// Pictures uploaded in the editor are linked as /v/<hash of the upload>/media/<file name, URL-encoded>:
// the address changes with the picture, so browsers and proxies keep it for a year, as lib/assets.ts
// does for the site's own images (app/v/[hash]/media/[file] serves them).
export const MEDIA_PATH = /^\/v\/([0-9a-f]{12})\/media\/([A-Za-z0-9._~%-]+)$/;

export const mediaPath = (hash: string, filename: string) => `/v/${hash}/media/${encodeURIComponent(filename)}`;

// The editor's page for a new item of a collection. It opens in the language the editor was last used
// in; a new item is written in the default language first (lib/cms/default-texts.ts), so proxy.ts sends
// this page to that language.
export const CREATE_PAGE = /^\/staff\/content\/collections\/[a-z-]+\/create$/;
