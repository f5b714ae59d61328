import { cmsPictureFile } from '@/lib/cms';

// A picture uploaded in the editor, under the hash of its upload (lib/http/cms-paths.ts): the address is the
// version, so it is kept for a year, like the site's own images. Anything else is a plain 404 that no
// cache keeps. The bytes come from the local folder or the bucket (lib/cms/bucket.ts).
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ hash: string; file: string }> }) {
  const { hash, file } = await params;
  const found = await cmsPictureFile(hash, file);
  if (!found) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return new Response(found.body, {
    headers: {
      'Content-Type': found.mimeType,
      'Content-Length': String(found.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
