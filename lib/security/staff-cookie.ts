// The name of the staff session's cookie, on its own so that the proxy and the request intake can
// read it without the rest of the workspace.
export function sessionCookieName(https: boolean): string {
  return https ? '__Host-baobab-staff' : 'baobab-staff';
}

// Whether a Cookie header carries a staff session cookie at all (whether the session is valid is for
// the workspace to say).
export function hasSessionCookie(cookie: string | null | undefined): boolean {
  const names = [sessionCookieName(true), sessionCookieName(false)];
  return (cookie ?? '').split(';').some((pair) => names.includes(pair.split('=')[0]!.trim()));
}
