import config from '@payload-config';
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes';
import { getPayload } from 'payload';

import { bodyRefusal, inApiRequest, readUpload, refusalOf, refused, writesDocument, type Refusal } from '@/lib/cms';
import { contentSession } from '@/lib/team';

// The CMS's REST API. Every collection's access comes from the staff roles (lib/cms/access.ts): without a
// session whose role has content, no route and no method gives any data. It answers no request with a
// 5xx: what Payload would fail on is refused first (lib/cms/api-guard.ts), and each refusal is one short
// line in the log (lib/cms/refusals.ts).

// Payload's own record of its migrations has no route of its own: Payload answers 501 for it, a server
// error to whoever asks. Here it is not found, for everyone.
const unlisted = new Set(['payload-migrations']);

const answer = ({ status, message }: Refusal) => Response.json({ errors: [{ message }] }, { status });

// A body the CMS cannot read is refused here in words: Payload answers a text body, a broken multipart
// one, or JSON that is not an object with a 500. Its API reads JSON, and multipart for uploads.
const BODY_TYPES = /^(application\/json|multipart\/form-data)\b/i;

// The refusal of a write's body, if any, else the request to give Payload (an upload is read here once,
// its bytes handed on: lib/cms/multipart.ts); `document` says whether the route writes a document, which
// needs a JSON object (Payload's field hooks read a property of whatever is there, even nothing).
async function checkedBody(request: Request, document: boolean): Promise<Response | Request> {
  const type = request.headers.get('content-type') ?? '';
  const length = Number(request.headers.get('content-length') ?? 0);
  if (!type && !length && !request.headers.has('transfer-encoding'))
    return document ? answer(bodyRefusal(undefined)!) : request;
  if (!BODY_TYPES.test(type))
    return Response.json({ errors: [{ message: 'Send JSON or a multipart form' }] }, { status: 415 });
  let data: unknown;
  let forPayload = request;
  try {
    if (/^multipart\//i.test(type)) {
      const upload = await readUpload(request);
      forPayload = upload.request;
      data = typeof upload.payload === 'string' ? JSON.parse(upload.payload) : {};
    } else {
      const text = await request.clone().text();
      data = text ? JSON.parse(text) : undefined;
    }
  } catch {
    return Response.json({ errors: [{ message: 'The form could not be read' }] }, { status: 400 });
  }
  const refusal = data === undefined && !document ? null : bodyRefusal(data);
  return refusal ? answer(refusal) : forPayload;
}

type Handler = ReturnType<typeof REST_GET>;
function listedOnly(handler: Handler, withBody = false): Handler {
  const checked: Handler = async (request, context) => {
    const { slug = [] } = await context.params;
    if (unlisted.has(slug[0] ?? '')) return answer({ status: 404, message: 'Not Found' });
    const payload = await getPayload({ config });
    const refusal = refusalOf(payload, request.method, slug, new URL(request.url));
    if (refusal) return answer(refusal);
    // A write's body is parsed only for someone whose session has content: a picture may be 16 MiB
    // (lib/http/read-body.ts), and a stranger's is refused before Payload parses it (its access control
    // would refuse the write only after reading the upload).
    if (withBody && !(await contentSession(request.headers)))
      return Response.json({ errors: [{ message: 'You are not allowed to perform this action.' }] }, { status: 403 });
    if (!withBody) return handler(request, context);
    const checked = await checkedBody(request, writesDocument(payload, request.method, slug));
    return checked instanceof Response ? checked : handler(checked as typeof request, context);
  };
  return (request, context) =>
    inApiRequest(async () => {
      const response = await checked(request, context);
      if (response.status >= 400 && response.status < 500) await refused(request, response);
      return response;
    });
}

export const GET = listedOnly(REST_GET(config));
export const POST = listedOnly(REST_POST(config), true);
export const DELETE = listedOnly(REST_DELETE(config));
export const PATCH = listedOnly(REST_PATCH(config), true);
export const PUT = listedOnly(REST_PUT(config), true);
export const OPTIONS = listedOnly(REST_OPTIONS(config));
