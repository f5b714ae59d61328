// The cross-site request forgery token of docs/product.md §7: the cookie the page's script reads and echoes
// back in the X-XSRF-TOKEN header (or a hidden field) of every form submission.
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const XSRF_FIELD = '_xsrf';
export const XSRF_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function newXsrfToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
