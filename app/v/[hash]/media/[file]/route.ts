import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';

import { cmsPictureFile } from '@/lib/cms';

// A picture uploaded in the editor, under the hash of its upload (lib/http/cms-paths.ts): the address is the
// version, so it is kept for a year, like the site's own images. Anything else is a plain 404 that no
// cache keeps.
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ hash: string; file: string }> }) {
  const { hash, file } = await params;
  const found = await cmsPictureFile(hash, file);
  // The file itself may be missing where instances do not share CMS_MEDIA_DIR.
  const size = found && statSync(found.path, { throwIfNoEntry: false })?.size;
  if (!found || !size) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const body = Readable.toWeb(createReadStream(found.path)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'Content-Type': found.mimeType,
      'Content-Length': String(size),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
