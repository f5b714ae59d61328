import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

// The service worker (lib/offline/worker.ts), bundled after `next build` into .next/sw.js by
// scripts/lib/build-worker.mjs, so it names the build it belongs to. Served from the root so its scope
// is the whole site. no-cache: the browser and nginx ask again each time, so a deploy's new worker is
// seen on the next page a visitor opens (lib/offline/names.ts has the address).
export const dynamic = 'force-dynamic';

export async function GET() {
  let script: string;
  try {
    script = await readFile(join(/*turbopackIgnore: true*/ process.cwd(), '.next', 'sw.js'), 'utf8');
  } catch {
    // A build made with `next build` alone has no worker: the site works as before.
    return new Response('No service worker in this build.', { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  return new Response(script, {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
  });
}
