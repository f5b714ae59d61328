import { NextResponse, type NextRequest } from 'next/server';

import { refuseBody } from '@/lib/http/read-body';
import { redirectFor } from '@/lib/routing';
import { securityHeaders } from '@/lib/security/headers';
import { fromOtherOrigin } from '@/lib/security/xsrf-token';

// Build-time settings (inlined when the site is built).
const recaptcha = Boolean(process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY);
const analyticsSrc = process.env.NEXT_PUBLIC_ANALYTICS_SRC;

export function proxy(request: NextRequest) {
  // Production is served over HTTPS (directly or behind a proxy that says so).
  const https =
    request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto')?.split(',')[0] === 'https';

  const redirect = redirectFor(request.nextUrl.pathname);
  const refusal = refuse(request);
  const response =
    refusal ??
    (redirect ? NextResponse.redirect(new URL(redirect.location, request.url), redirect.status) : NextResponse.next());
  for (const [name, value] of Object.entries(securityHeaders({ https, recaptcha, analyticsSrc }))) {
    response.headers.set(name, value);
  }
  return response;
}

const PAGE_METHODS = ['GET', 'HEAD', 'POST'];
const CROSS_ORIGIN = 'This form did not come from our site. Open the page on our site and send it again.';

// Requests Next would answer with a 500: a method no page has (PUT, DELETE…), the bodies that
// lib/security/http-intake.ts refuses before Next when it is installed, and cross-origin action posts.
function refuse(request: NextRequest): NextResponse | null {
  const api = request.nextUrl.pathname.startsWith('/api/');
  if (!api && !PAGE_METHODS.includes(request.method)) {
    return new NextResponse('Method not allowed.', { status: 405, headers: { allow: PAGE_METHODS.join(', ') } });
  }
  const refusal = refuseBody(request.method, request.nextUrl.pathname, request.headers.get('content-length'));
  if (refusal) return new NextResponse(refusal.message, { status: refusal.status });
  // A post to a page is a server action: Next answers one from another origin with a 500.
  if (!api && request.method === 'POST' && fromOtherOrigin(request.headers)) {
    return new NextResponse(CROSS_ORIGIN, { status: 403 });
  }
  return null;
}

export const config = {
  // Pages and API routes: static files, images and metadata files get their headers from next.config.ts.
  matcher: [
    '/((?!_next/static|_next/image|favicon.ico|icon|apple-icon|.*opengraph-image|robots.txt|sitemap.xml|images/|.*\\.(?:svg|png|jpg|jpeg|webp|avif|woff2|ico|txt|xml)$).*)',
  ],
};
