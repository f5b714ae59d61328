import config from '@payload-config';
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes';

// The CMS's REST API. Every collection's access comes from the staff roles (lib/cms/access.ts): without a
// session whose role has content, no route and no method gives any data.

// Payload's own record of its migrations has no route of its own: Payload answers 501 for it, a server
// error to whoever asks. Here it is not found, for everyone.
const unlisted = new Set(['payload-migrations']);

type Handler = ReturnType<typeof REST_GET>;
function listedOnly(handler: Handler): Handler {
  return async (request, context) => {
    const { slug } = await context.params;
    if (unlisted.has(slug?.[0] ?? '')) return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 });
    return handler(request, context);
  };
}

export const GET = listedOnly(REST_GET(config));
export const POST = listedOnly(REST_POST(config));
export const DELETE = listedOnly(REST_DELETE(config));
export const PATCH = listedOnly(REST_PATCH(config));
export const PUT = listedOnly(REST_PUT(config));
export const OPTIONS = listedOnly(REST_OPTIONS(config));
