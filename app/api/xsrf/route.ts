import { NextResponse, type NextRequest } from 'next/server';

import { isHttps, isOurXsrfToken, issueXsrfToken } from '@/lib/security/xsrf';
import { isFreshXsrfToken, XSRF_COOKIE_MAX_AGE_S, xsrfCookieName } from '@/lib/security/xsrf-token';

// The page's script asks here for its XSRF cookie before its first post, so pages themselves carry no
// Set-Cookie and a CDN can cache them. A valid cookie is kept; otherwise a new token is set.
export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  const https = isHttps(request.headers);
  const name = xsrfCookieName(https);
  const response = new NextResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  const current = request.cookies.get(name)?.value;
  const now = Date.now();
  if (current === undefined || !isOurXsrfToken(current, undefined, now) || !isFreshXsrfToken(current, now)) {
    response.cookies.set(name, issueXsrfToken(), {
      path: '/',
      maxAge: XSRF_COOKIE_MAX_AGE_S,
      sameSite: 'strict',
      // Readable by the page's script, which echoes it in a header: that is the point of the pattern.
      httpOnly: false,
      // Required by the __Host- prefix; a plain-HTTP local run would never get a Secure cookie back.
      secure: https,
    });
  }
  return response;
}
