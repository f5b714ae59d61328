import config from '@payload-config';
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes';

import { contentSession } from '@/lib/cms/auth';

// The CMS's REST API. Every collection's access comes from the staff roles (lib/cms/access.ts): without a
// session whose role has content, no route and no method gives any data.

// Payload's own record of its migrations has no route of its own: Payload answers 501 for it, a server
// error to whoever asks. Here it is not found, for everyone.
const unlisted = new Set(['payload-migrations']);

// A body the CMS cannot read is refused here in words: Payload answers a text body or a broken
// multipart one with a 500. Its API reads JSON, and multipart for uploads.
const BODY_TYPES = /^(application\/json|multipart\/form-data)\b/i;

async function unreadable(request: Request): Promise<Response | null> {
  const type = request.headers.get('content-type') ?? '';
  const length = Number(request.headers.get('content-length') ?? 0);
  if (!type && !length && !request.headers.has('transfer-encoding')) return null;
  if (!BODY_TYPES.test(type))
    return Response.json({ errors: [{ message: 'Send JSON or a multipart form' }] }, { status: 415 });
  if (/^multipart\//i.test(type)) {
    try {
      await request.clone().formData();
    } catch {
      return Response.json({ errors: [{ message: 'The form could not be read' }] }, { status: 400 });
    }
  }
  return null;
}

type Handler = ReturnType<typeof REST_GET>;
function listedOnly(handler: Handler, withBody = false): Handler {
  return async (request, context) => {
    const { slug } = await context.params;
    if (unlisted.has(slug?.[0] ?? '')) return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 });
    // A write's body is parsed only for someone whose session has content: a picture may be 16 MiB
    // (lib/http/read-body.ts), and a stranger's is refused before Payload parses it (its access control
    // would refuse the write only after reading the upload).
    if (withBody && !(await contentSession(request.headers)))
      return Response.json({ errors: [{ message: 'You are not allowed to perform this action.' }] }, { status: 403 });
    const refused = withBody ? await unreadable(request) : null;
    return refused ?? handler(request, context);
  };
}

export const GET = listedOnly(REST_GET(config));
export const POST = listedOnly(REST_POST(config), true);
export const DELETE = listedOnly(REST_DELETE(config));
export const PATCH = listedOnly(REST_PATCH(config), true);
export const PUT = listedOnly(REST_PUT(config), true);
export const OPTIONS = listedOnly(REST_OPTIONS(config));
