import { sessionCookieName } from '@/lib/security/staff-cookie';
import { isHttps } from '@/lib/security/xsrf';

import { currentSession } from './auth';
import { may, type Staff } from './roles';

function cookieValue(headers: Headers, name: string): string | undefined {
  for (const pair of (headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

// The session of a request whose role includes content, or null: the CMS's user (lib/cms/auth.ts), and
// who may send the CMS a body (the request intake and app/(payload)/staff/content/api).
export async function contentSession(headers: Headers): Promise<Staff | null> {
  const session = await currentSession(cookieValue(headers, sessionCookieName(isHttps(headers))), Date.now());
  return session && may(session, 'content') ? session : null;
}
