import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { NextRequest } from 'next/server';

import { NO_STORE, plain, see } from '@/lib/http/answers';
import { fromOtherOrigin, isHttps, requestHost } from '@/lib/security/xsrf';
import { currentSession, homeOf, may, sessionCookieName, type Permission, type Staff } from '@/lib/team';
import { staffText } from '@/messages/staff';

// The workspace's HTTP rules in one place: its answers are never stored (lib/http/answers.ts), and a
// post counts only when the browser shows it came from the workspace itself.

// A post without Sec-Fetch-Site same-origin or a matching Origin is refused: the session cookie is
// SameSite=Strict too, but a sibling subdomain counts as same-site.
export function fromWorkspace(request: NextRequest): boolean {
  if (fromOtherOrigin(request.headers)) return false;
  return request.headers.get('sec-fetch-site') === 'same-origin' || request.headers.get('origin') !== null;
}

// A download is a GET, which SameSite=Strict lets through from a page on another port or subdomain of
// the site, and it is recorded as the signed-in staff member's: it counts only when the browser says a
// workspace page asked for it (Sec-Fetch-Site same-origin). same-site, cross-site and none (a link
// opened from a mail or typed) are refused. A browser without Fetch Metadata must name a page of this
// host as its Referer, which the site's Referrer-Policy sends within the origin.
export function fromWorkspacePage(request: NextRequest): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const referer = request.headers.get('referer');
  return referer !== null && URL.canParse(referer) && new URL(referer).host === requestHost(request.headers);
}

export function requestCookie(request: NextRequest): string | undefined {
  return request.cookies.get(sessionCookieName(isHttps(request.headers)))?.value;
}

export async function requestSession(request: NextRequest): Promise<Staff | null> {
  return currentSession(requestCookie(request), Date.now());
}

// For pages: the signed-in staff member whose role allows the page; anyone else is sent to the sign-in
// page, or to where their role starts, which says the page is not theirs.
export async function requireStaff(permission: Permission): Promise<Staff> {
  const https = isHttps(await headers());
  const session = await currentSession((await cookies()).get(sessionCookieName(https))?.value, Date.now());
  if (!session) redirect('/staff/sign-in');
  if (!may(session, permission)) redirect(`${homeOf(session)}?denied=1`);
  return session;
}

// The refusal of a post or a download the role does not allow.
export function notYours(): Response {
  return plain(staffText.denied, 403);
}

// A file staff download (a form's or an item's list, the gifts): one made by `make` for a session whose
// role has `permission`, asked from a workspace page, recorded in the audit trail before it is sent
// (`unrecorded`: it is not sent). Nothing is cached; the browser saves it under its name.
type Made = { body: BodyInit; contentType: string; filename: string } | 'bad-request' | 'unrecorded';

export function downloadRoute(
  permission: Permission,
  make: (session: Staff, query: URLSearchParams, now: number) => Promise<Made>,
  badRequest: string,
) {
  return async function GET(request: NextRequest): Promise<Response> {
    const session = await requestSession(request);
    if (!session) return see('/staff/sign-in');
    if (!may(session, permission)) return notYours();
    if (!fromWorkspacePage(request)) return plain(staffText.exportElsewhere, 403);
    const file = await make(session, request.nextUrl.searchParams, Date.now());
    if (file === 'bad-request') return plain(badRequest, 400);
    if (file === 'unrecorded') return plain(staffText.exportUnrecorded, 503);
    return new Response(file.body, {
      headers: {
        'cache-control': NO_STORE,
        'x-content-type-options': 'nosniff',
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.filename}"`,
      },
    });
  };
}
