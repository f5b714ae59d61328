import type { DoubleOptInNewsletter } from '.';

// The HTTP side of confirming and unsubscribing, without JavaScript: the pages hold a plain form that
// POSTs here, and the answer is a 303 to the page's result. A GET never changes anything, because
// mail scanners open links. Whatever a client sends gets a 3xx or 4xx; only a store failure is a 5xx.
const see = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

// The posted form (null for a body that is not one) and the token, from the form or the query.
async function read(request: Request): Promise<{ form: FormData | null; token: string | null }> {
  const form = await request.formData().catch(() => null);
  const field = form?.get('t');
  return { form, token: typeof field === 'string' ? field : new URL(request.url).searchParams.get('t') };
}

export async function confirmPost(request: Request, list: DoubleOptInNewsletter, now: number): Promise<Response> {
  const result = await list.confirm((await read(request)).token, now);
  return see(`/newsletter/confirm?result=${result}`);
}

// RFC 8058: a mail program POSTs 'List-Unsubscribe=One-Click' to the List-Unsubscribe URL and reads
// only the status; the page's form posts the token and is sent on to the result.
export async function unsubscribePost(request: Request, list: DoubleOptInNewsletter, now: number): Promise<Response> {
  const { form, token } = await read(request);
  const result = await list.unsubscribe(token, now);
  if (form?.get('List-Unsubscribe') === 'One-Click') {
    return new Response(result === 'unsubscribed' ? 'Unsubscribed\n' : 'This link is not valid\n', {
      status: result === 'unsubscribed' ? 200 : 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return see(`/newsletter/unsubscribe?result=${result}`);
}

// The one-click URL opened in a browser: the page with the button, which asks before acting.
export function unsubscribeGet(request: Request): Response {
  const token = new URL(request.url).searchParams.get('t') ?? '';
  return see(`/newsletter/unsubscribe?t=${encodeURIComponent(token)}`);
}
