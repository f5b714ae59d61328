// Response headers of every page and API answer. The Content-Security-Policy is as strict as static
// prerendering allows: a prerendered page cannot carry a per-visitor nonce and Next's inline bootstrap
// scripts differ per page, so inline scripts are allowed, and otherwise only our own origin and the
// third parties an operator configured (reCAPTCHA, analytics).
export interface HeaderOptions {
  https: boolean;
  recaptcha: boolean;
  analyticsSrc?: string;
  // HSTS_MAX_AGE (0: no header) and HSTS_INCLUDE_SUBDOMAINS (lib/config.ts).
  hsts?: { maxAge: number; includeSubDomains: boolean };
}

const DEFAULT_HSTS = { maxAge: 63_072_000, includeSubDomains: false };

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

// What no page may use; the door's check-in page (app/staff/check-in) may use the camera, to read guests'
// QR codes, and only on this origin.
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';
export const CHECK_IN_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)');

export function securityHeaders(options: HeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...hstsHeader(options),
  };
}

// Only over HTTPS: a browser must never be told to insist on HTTPS for a plain-HTTP local run. Subdomains
// only when the operator says so: the organisation's other hosts (pay., events.) may not all be HTTPS.
function hstsHeader({ https, hsts = DEFAULT_HSTS }: HeaderOptions): Record<string, string> {
  if (!https || hsts.maxAge <= 0) return {};
  return {
    'Strict-Transport-Security': `max-age=${hsts.maxAge}${hsts.includeSubDomains ? '; includeSubDomains' : ''}`,
  };
}
