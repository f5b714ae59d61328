import { NextResponse, type NextRequest } from 'next/server';

import { bodyMessages, PROXY_BODY_LIMIT } from '@/lib/http/read-body';
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
  const refusal = refuse(request);
  const response =
    refusal ??
    (redirect ? NextResponse.redirect(new URL(redirect.location, request.url), redirect.status) : NextResponse.next());
  for (const [name, value] of Object.entries(securityHeaders({ https, recaptcha, analyticsSrc }))) {
    response.headers.set(name, value);
  }
  return response;
}

const PAGE_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];

// Requests Next would answer with a 500: a method no page has (TRACE, PUT…), and server-action posts
// over the body limit. A post to a page is a server action; browsers send its Content-Length, and one
// without it (a chunked body) is refused, since Next's own limit on it would end in a 500. The form
// endpoint under /api reads chunked bodies itself, up to its cap (lib/http/read-body.ts).
function refuse(request: NextRequest): NextResponse | null {
  const api = request.nextUrl.pathname.startsWith('/api/');
  if (!api && !PAGE_METHODS.includes(request.method)) {
    return new NextResponse('Method not allowed.', { status: 405, headers: { allow: PAGE_METHODS.join(', ') } });
  }
  if (request.method !== 'POST') return null;
  const length = request.headers.get('content-length');
  if (length !== null && !(Number(length) <= PROXY_BODY_LIMIT)) {
    return new NextResponse(bodyMessages.tooLarge, { status: 413 });
  }
  if (length === null && !api) {
    return new NextResponse('Please send this form again from the page.', { status: 411 });
  }
  return null;
}

export const config = {
  // Pages and API routes: static files, images and metadata files get their headers from next.config.ts.
  matcher: [
    '/((?!_next/static|_next/image|favicon.ico|icon|apple-icon|.*opengraph-image|robots.txt|sitemap.xml|images/|.*\\.(?:svg|png|jpg|jpeg|webp|avif|woff2|ico|txt|xml)$).*)',
  ],
};
