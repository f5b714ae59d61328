// Answers in plain HTTP for the staff's browser: never stored by a browser or a proxy, a redirect after a
// post (303) and a refusal or error in words.
export const NO_STORE = 'no-store';

export function see(location: string, extra: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': NO_STORE, ...extra } });
}

// A refusal or an error in words, for a person reading it in the browser.
export function plain(message: string, status: number): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_STORE },
  });
}
