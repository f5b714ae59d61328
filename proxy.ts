import { NextResponse, type NextRequest } from 'next/server';

import { redirectFor } from '@/lib/routing';
import { securityHeaders } from '@/lib/security/headers';

// Build-time settings (inlined when the site is built).
const recaptcha = Boolean(process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY);
const analyticsSrc = process.env.NEXT_PUBLIC_ANALYTICS_SRC;

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
  return response;
}

export const config = {
  // Pages and API routes: static files, images and metadata files get their headers from next.config.ts.
  matcher: [
    '/((?!_next/static|_next/image|favicon.ico|icon|apple-icon|.*opengraph-image|robots.txt|sitemap.xml|images/|.*\\.(?:svg|png|jpg|jpeg|webp|avif|woff2|ico|txt|xml)$).*)',
  ],
};
