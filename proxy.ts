import { NextResponse, type NextRequest } from 'next/server';
import { redirectFor } from '@/lib/routing';
import { XSRF_COOKIE, XSRF_TOKEN_PATTERN, newXsrfToken } from '@/lib/security/xsrf-token';

export function proxy(request: NextRequest) {
  const redirect = redirectFor(request.nextUrl.pathname);
  if (redirect) {
    return NextResponse.redirect(new URL(redirect.location, request.url), redirect.status);
  }

  const response = NextResponse.next();
  const token = request.cookies.get(XSRF_COOKIE)?.value;
  if (!token || !XSRF_TOKEN_PATTERN.test(token)) {
    const https =
      request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto')?.split(',')[0] === 'https';
    response.cookies.set(XSRF_COOKIE, newXsrfToken(), {
      path: '/',
      sameSite: 'lax',
      // Readable by the page's script, which echoes it in a header: that is the point of the pattern.
      httpOnly: false,
      // Production is served over HTTPS (directly or behind a proxy that says so); plain-HTTP local runs
      // would never get the cookie back if it were marked Secure.
      secure: https,
    });
  }
  return response;
}

export const config = {
  // Pages and actions only: static files, images and metadata files need neither.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon|apple-icon|.*opengraph-image|robots.txt|sitemap.xml|images/|.*\\.(?:svg|png|jpg|jpeg|webp|avif|woff2|ico|txt|xml)$).*)'],
};
