// Response headers of every page and API answer. The Content-Security-Policy is as strict as static
// prerendering allows: a prerendered page cannot carry a per-visitor nonce and Next's inline bootstrap
// scripts differ per page, so inline scripts are allowed, and otherwise only our own origin and the
// third parties an operator configured (reCAPTCHA, analytics).
export interface HeaderOptions {
  https: boolean;
  recaptcha: boolean;
  analyticsSrc?: string;
}

export function contentSecurityPolicy({ https, recaptcha, analyticsSrc }: HeaderOptions): string {
  const analytics = analyticsSrc && URL.canParse(analyticsSrc) ? new URL(analyticsSrc).origin : '';
  const google = recaptcha ? 'https://www.google.com https://www.gstatic.com https://recaptcha.google.com' : '';
  const list = (...sources: string[]) => sources.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", "'unsafe-inline'", google, analytics)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${list("'self'", recaptcha ? 'https://www.google.com' : '', analytics)}`,
    `frame-src ${recaptcha ? 'https://www.google.com https://recaptcha.google.com' : "'none'"}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

export function securityHeaders(options: HeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Only over HTTPS: a browser must never be told to insist on HTTPS for a plain-HTTP local run.
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
