import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { sha256 } from '@/lib/hash';

// Images under public/images are linked as /v/<hash of the file>/images/…: the address changes when the
// picture does, so browsers and proxies may keep it for a year (next.config.ts rewrites it back and
// sets the header). Read at build time: every page that shows a picture is prerendered. The server
// answers a /v/ address only under the file's own hash (lib/security/http-intake.ts).
const hashes = new Map<string, string>();

// The hash of public<src> for an image under /images/, or null when there is no such file.
export function imageHash(src: string): string | null {
  if (!src.startsWith('/images/') || src.includes('..') || src.includes('\0')) return null;
  let hash = hashes.get(src);
  if (!hash) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(/*turbopackIgnore: true*/ process.cwd(), 'public', src));
    } catch {
      return null;
    }
    hash = sha256(bytes, 'hex', 12);
    hashes.set(src, hash);
  }
  return hash;
}

// A missing picture fails the build here rather than showing broken on a page.
export function versionedImage(src: string): string {
  if (!src.startsWith('/images/') || src.includes('..')) return src;
  const hash = imageHash(src);
  if (!hash) throw new Error(`No such picture: public${src}`);
  return `/v/${hash}${src}`;
}
