// The API routes under app/api/. Only these are API calls: any other /api/… address is a page address
// no page claims, and gets the pages' checks and their 404.
export const API_ROUTES = [
  'certificates',
  'content',
  'forms',
  'gifts',
  'health',
  'newsletter',
  'payments',
  'places',
  'xsrf',
] as const;

// As a regular expression source, without the leading slash (next.config.ts's rewrite uses it too).
export const API_PATH_PATTERN = `api/(?:${API_ROUTES.join('|')})(?:/|$)`;

const apiPath = new RegExp(`^/${API_PATH_PATTERN}`);

export function isApiPath(pathname: string): boolean {
  return apiPath.test(pathname);
}
