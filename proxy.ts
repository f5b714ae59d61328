import { NextResponse, type NextRequest } from 'next/server';

import { config as settings } from '@/lib/config';
import { formActionId, isFormActionPost } from '@/lib/forms/action-post';
import { staleFormOperation } from '@/lib/forms/stale-action';
import { PAGE_FORM_FIELD } from '@/lib/forms/state';
import { isApiPath } from '@/lib/http/api-paths';
import { isCmsAction } from '@/lib/http/cms-actions';
import { CMS_API, CREATE_PAGE, isCmsPath } from '@/lib/http/cms-paths';
import { bodyMessages, refuseBody } from '@/lib/http/read-body';
import { defaultLang, LANG_HEADER, splitPath } from '@/lib/i18n';
import { publicConfig } from '@/lib/public-config';
import { redirectFor } from '@/lib/routing';
import { isContentWriter } from '@/lib/security/content-writer';
import { CHECK_IN_PERMISSIONS_POLICY, securityHeaders } from '@/lib/security/headers';
import { gateVerifyPage } from '@/lib/security/verify-gate';
import { fromOtherOrigin, isHttps } from '@/lib/security/xsrf';
import { CROSS_ORIGIN_MESSAGE } from '@/lib/security/xsrf-token';

const recaptcha = Boolean(publicConfig.recaptchaSiteKey);
const { analyticsSrc } = publicConfig;
// Built once for each scheme, on the first request (the settings are the running server's): the proxy
// runs for every request, files included.
let headersFor: Record<'https' | 'http', [string, string][]> | undefined;
function headersOf(scheme: 'https' | 'http'): [string, string][] {
  const { hsts } = settings();
  headersFor ??= {
    https: Object.entries(securityHeaders({ https: true, recaptcha, analyticsSrc, hsts })),
    http: Object.entries(securityHeaders({ https: false, recaptcha, analyticsSrc, hsts })),
  };
  return headersFor[scheme];
}

export async function proxy(request: NextRequest) {
  // Production is served over HTTPS, through a proxy that says so (lib/security/xsrf.ts).
  const https = isHttps(request.headers);

  const redirect = redirectFor(request.nextUrl.pathname);
  const refusal = await refuse(request);
  const response =
    refusal ??
    (redirect
      ? NextResponse.redirect(new URL(redirect.location + request.nextUrl.search, request.url), redirect.status)
      : await forward(request));
  for (const [name, value] of headersOf(https ? 'https' : 'http')) {
    response.headers.set(name, value);
  }
  if (request.nextUrl.pathname.startsWith('/staff/check-in/')) {
    response.headers.set('Permissions-Policy', CHECK_IN_PERMISSIONS_POLICY);
  }
  return response;
}

// Each page request carries its language to app/global-not-found.tsx, set here whatever the client sent.
// (English addresses reach app/[lang] under /{defaultLang} through next.config.ts's rewrite, which runs
// after this.) A certificate's verification page gets its status and the allowance's verdict here
// (lib/security/verify-gate.ts).
async function forward(request: NextRequest): Promise<NextResponse> {
  const headers = new Headers(request.headers);
  headers.set(LANG_HEADER, splitPath(request.nextUrl.pathname).lang);
  if (tooLong(request.nextUrl.pathname)) {
    return NextResponse.rewrite(new URL(NO_SUCH_PAGE, request.url), { request: { headers } });
  }
  const status = await gateVerifyPage(request.nextUrl.pathname, request.method, headers);
  return NextResponse.next({ request: { headers }, ...(status !== null && { status }) });
}

// A page's address names the file its rendering is cached in (an event, offer, course or project page
// of a slug the build did not list, its 404 included): a part longer than a file name may be is refused
// by the file system, and Next logs that with a stack. No page has such an address, so it gets the 404
// page of a short address that stands for it, which is cached nowhere. The workspace, the API, the CMS
// and the files are not pages of a slug.
const LONGEST_PART = 200;
const NO_SUCH_PAGE = '/_no-such-page';
function tooLong(pathname: string): boolean {
  if (/^\/(staff|api|v|_next)(\/|$)/.test(pathname)) return false;
  return pathname.split('/').some((part) => part.length > LONGEST_PART);
}

const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

// Requests Next would answer with a 500: a method no page has (PUT, DELETE…), the bodies that
// lib/security/http-intake.ts refuses before Next when it is installed, cross-origin action posts,
// and action posts of any shape but the one our forms send.
async function refuse(request: NextRequest): Promise<NextResponse | null> {
  if (isCmsPath(request.nextUrl.pathname)) return refuseCms(request);
  const api = isApiPath(request.nextUrl.pathname);
  if (!api && !PAGE_METHODS.includes(request.method)) {
    return new NextResponse('Method not allowed.', { status: 405, headers: { allow: PAGE_METHODS.join(', ') } });
  }
  const refusal = refuseBody(request.method, request.nextUrl.pathname, request.headers.get('content-length'));
  if (refusal) return new NextResponse(refusal.message, { status: refusal.status });
  // A post to a page is a server action: Next answers one from another origin with a 500.
  if (!api && request.method === 'POST' && fromOtherOrigin(request.headers)) {
    return new NextResponse(CROSS_ORIGIN_MESSAGE, { status: 403 });
  }
  if (!api && request.method === 'POST') {
    const post = await readActionPost(request);
    if (!post.readable) return new NextResponse(bodyMessages.unreadable, { status: 400 });
    // A form of a page from another build names an action this build lacks: its form's own handling
    // answers it (lib/forms/stale-action.ts).
    const stale = post.actionId ? staleFormOperation(request.nextUrl.pathname, post.actionId) : null;
    // A 307 has the browser send the same post there (method and body kept), from our origin.
    if (stale) {
      const to = `/api/forms/${stale}?${new URLSearchParams({ [PAGE_FORM_FIELD]: request.nextUrl.pathname })}`;
      // Next writes a redirect to its own origin as a relative Location.
      return NextResponse.redirect(new URL(to, request.url), 307);
    }
  }
  return null;
}

// A page's form posts without JavaScript as multipart (lib/forms/action-post.ts); with JavaScript it
// posts to /api/forms/, so a script-driven action call (Next-Action header) never comes from our pages.
// The body read here is at most PROXY_BODY_LIMIT, and Next hands the page its own copy.
async function readActionPost(request: NextRequest): Promise<{ readable: boolean; actionId?: string }> {
  if (request.headers.has('next-action')) return { readable: false };
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) return { readable: true };
  try {
    const form = await request.formData();
    if (!isFormActionPost(form)) return { readable: false };
    const actionId = formActionId(form);
    return actionId ? { readable: true, actionId } : { readable: true };
  } catch {
    return { readable: false };
  }
}

const CMS_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];
const CMS_PAGE_METHODS = ['GET', 'HEAD', 'POST'];
const READS = ['GET', 'HEAD', 'OPTIONS'];

// The CMS (lib/cms) under its prefix, judged on the normalised path: its API takes the methods of a REST
// API and bodies up to CMS_BODY_LIMIT (CMS_UPLOAD_LIMIT for a picture from a session the HTTP intake
// verified); its admin pages take only Payload's own server actions, sent by
// its scripts. Every write must come from a page of this site (Fetch Metadata or Origin), on top of the
// SameSite=Strict session cookie. Who may do what is then Payload's access control (lib/cms/access.ts).
function refuseCms(request: NextRequest): NextResponse | null {
  const { pathname } = request.nextUrl;
  const api = pathname === CMS_API || pathname.startsWith(`${CMS_API}/`);
  const allowed = api ? CMS_METHODS : CMS_PAGE_METHODS;
  if (!allowed.includes(request.method)) {
    return new NextResponse('Method not allowed.', { status: 405, headers: { allow: allowed.join(', ') } });
  }
  const writer = isContentWriter(request.headers);
  const refusal = refuseBody(request.method, pathname, request.headers.get('content-length'), writer);
  if (refusal) return new NextResponse(refusal.message, { status: refusal.status });
  if (READS.includes(request.method)) return createInDefaultLanguage(request);
  const headers = request.headers;
  if (fromOtherOrigin(headers) || (headers.get('sec-fetch-site') !== 'same-origin' && !headers.has('origin'))) {
    return new NextResponse(CROSS_ORIGIN_MESSAGE, { status: 403 });
  }
  const action = headers.get('next-action');
  if (api ? action !== null : action === null || !isCmsAction(action)) {
    return new NextResponse(bodyMessages.unreadable, { status: 400 });
  }
  return null;
}

// A new item opens in the default language, whichever the editor was last used in.
function createInDefaultLanguage(request: NextRequest): NextResponse | null {
  const url = request.nextUrl;
  if (request.method !== 'GET' || !CREATE_PAGE.test(url.pathname) || url.searchParams.get('locale') === defaultLang)
    return null;
  const to = url.clone();
  to.searchParams.set('locale', defaultLang);
  return NextResponse.redirect(to, 307);
}

export const config = {
  // Every address but Next's own build files: a post to any address that could reach a page (an image's
  // path included, which a page's [lang] segment would take) gets the checks above, and a missing file
  // under a language's prefix gets that language's 404.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
