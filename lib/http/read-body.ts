// Relative: next.config.ts reads this module, and its loader resolves only relative imports here.
import { isApiPath } from './api-paths';
import { isCmsPath } from './cms-paths';

// A form post's body, read with a byte cap that holds whether or not the client sends Content-Length
// (a chunked body has none): reading stops at the cap, so an oversized body is never held or parsed.
export const FORM_BODY_LIMIT = 64 * 1024;

// What the proxy layer (proxy.ts, next.config.ts) lets through and buffers: a no-JavaScript form post
// with the server action's own fields, and for chunked posts to the form endpoint enough to tell that
// a body went past FORM_BODY_LIMIT. Next cuts a body at this size at a read boundary (64 KiB at most),
// so what reaches the route is still over FORM_BODY_LIMIT and is refused as too large.
export const PROXY_BODY_LIMIT = 2 * FORM_BODY_LIMIT;

// The CMS's saves and its own server actions (the admin's whole form state), under its prefix only.
export const CMS_BODY_LIMIT = 2 * 1024 * 1024;

// A picture uploaded in the content editor (lib/cms/collections/media.ts): a phone's photo is several
// megabytes. Only a post or patch of the Pictures collection by a content writer gets it: a session the
// HTTP intake found valid in the store, with a role that may write content, before reading the body
// (lib/security/content-writer.ts); every other address of the CMS keeps CMS_BODY_LIMIT.
export const CMS_UPLOAD_LIMIT = 16 * 1024 * 1024;
const UPLOAD_PATH = /^\/staff\/content\/api\/media(?:\/\d+)?$/;

export function isCmsUpload(method: string, path: string, contentWriter: boolean): boolean {
  return contentWriter && (method === 'POST' || method === 'PATCH') && UPLOAD_PATH.test(path.split('?')[0]!);
}

// A form has a dozen fields and a server action four more; a body of thousands of tiny fields or parts
// is refused as unreadable before anything walks them (lib/forms/action-post.ts likewise).
export const MAX_FORM_FIELDS = 64;

// A body declared over the limit, and a post to a page (a server action, whose Content-Length browsers
// always send) without a declared length: Next would answer either with a 500 (its own action body
// limit) after reading it. The form endpoint under /api/ reads chunked bodies itself, up to its cap.
// Checked before Next by lib/security/http-intake.ts, and by proxy.ts for a request that arrived
// before the intake was installed.
export function refuseBody(
  method: string,
  path: string,
  contentLength: string | null | undefined,
  contentWriter = false,
): { status: 411 | 413; message: string } | null {
  const cms = isCmsPath(path.split('?')[0]!);
  if (contentLength != null && !(Number(contentLength) <= bodyLimit(method, path, contentWriter))) {
    return { status: 413, message: bodyMessages.tooLarge };
  }
  // The CMS's saves (POST, PATCH, PUT) come from its own scripts, which always say their length.
  if (
    contentLength == null &&
    (cms
      ? method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && method !== 'DELETE'
      : method === 'POST' && !isApiPath(path))
  ) {
    return { status: 411, message: bodyMessages.lengthRequired };
  }
  return null;
}

// The most a request's body may hold, by where it goes (the cap of lib/security/http-intake.ts).
export function bodyLimit(method: string, path: string, contentWriter: boolean): number {
  if (isCmsUpload(method, path, contentWriter)) return CMS_UPLOAD_LIMIT;
  return isCmsPath(path.split('?')[0]!) ? CMS_BODY_LIMIT : PROXY_BODY_LIMIT;
}

export type FormBody =
  | { ok: true; formData: FormData }
  | { ok: false; reason: 'too-large' | 'unreadable'; status: 413 | 400; message: string };

export const bodyMessages = {
  tooLarge: 'This submission is too large. Please shorten your message and send it again.',
  unreadable: 'This submission could not be read. Reload the page and send it again.',
  lengthRequired: 'This submission could not be read. Reload the page and send it again from there.',
};

const tooLarge = { ok: false, reason: 'too-large', status: 413, message: bodyMessages.tooLarge } as const;
const unreadable = { ok: false, reason: 'unreadable', status: 400, message: bodyMessages.unreadable } as const;

export async function readFormBody(request: Request, maxBytes = FORM_BODY_LIMIT): Promise<FormBody> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
    const declared = request.headers.get('content-length');
    return declared !== null && !(Number(declared) <= maxBytes) ? tooLarge : unreadable;
  }
  const body = await readRawBody(request, maxBytes);
  return body instanceof Uint8Array ? parse(body, type) : body;
}

// A body's bytes as they came (a webhook's signature is over them), read with the same cap.
export async function readRawBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | typeof tooLarge | typeof unreadable> {
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= maxBytes)) return tooLarge;
  if (!request.body) return new Uint8Array(0);

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Stop reading: the rest of the body is never buffered.
        void reader.cancel().catch(() => {});
        return tooLarge;
      }
      chunks.push(value);
    }
  } catch {
    return unreadable;
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

async function parse(body: Uint8Array<ArrayBuffer>, type: string): Promise<FormBody> {
  try {
    const formData = await new Response(body, { headers: { 'content-type': type } }).formData();
    return tooManyFields(formData) ? unreadable : { ok: true, formData };
  } catch {
    return unreadable;
  }
}

export function tooManyFields(form: FormData): boolean {
  let count = 0;
  for (const _ of form.keys()) if (++count > MAX_FORM_FIELDS) return true;
  return false;
}
