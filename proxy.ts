import { NextResponse, type NextRequest } from 'next/server';

import { publicConfig } from '@/lib/public-config';
import { redirectFor } from '@/lib/routing';
import { securityHeaders } from '@/lib/security/headers';
import { newXsrfToken, XSRF_COOKIE, XSRF_TOKEN_PATTERN } from '@/lib/security/xsrf-token';

const recaptcha = Boolean(publicConfig.recaptchaSiteKey);
const { analyticsSrc } = publicConfig;

export function proxy(request: NextRequest) {
  // Production is served over HTTPS (directly or behind a proxy that says so).
  const https =
    request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto')?.split(',')[0] === 'https';

  const redirect = redirectFor(request.nextUrl.pathname);
  const response = redirect
    ? NextResponse.redirect(new URL(redirect.location, request.url), redirect.status)
    : NextResponse.next();
  for (const [name, value] of Object.entries(securityHeaders({ https, recaptcha, analyticsSrc }))) {
    response.headers.set(name, value);
  }
  if (redirect) return response;

  const token = request.cookies.get(XSRF_COOKIE)?.value;
  if (!token || !XSRF_TOKEN_PATTERN.test(token)) {
    response.cookies.set(XSRF_COOKIE, newXsrfToken(), {
      path: '/',
      sameSite: 'lax',
      // Readable by the page's script, which echoes it in a header: that is the point of the pattern.
      httpOnly: false,
      // A plain-HTTP local run would never get a Secure cookie back.
      secure: https,
    });
  }
  return response;
}

export const config = {
  // Pages and API routes: static files, images and metadata files get their headers from next.config.ts.
  matcher: [
    '/((?!_next/static|_next/image|favicon.ico|icon|apple-icon|.*opengraph-image|robots.txt|sitemap.xml|images/|.*\\.(?:svg|png|jpg|jpeg|webp|avif|woff2|ico|txt|xml)$).*)',
  ],
};
