import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Images under public/images are linked as /v/<hash of the file>/images/…: the address changes when the
// picture does, so browsers and proxies may keep it for a year (next.config.ts rewrites it back and
// sets the header). Read at build time: every page that shows a picture is prerendered.
const hashes = new Map<string, string>();

export function versionedImage(src: string): string {
  if (!src.startsWith('/images/') || src.includes('..')) return src;
  let hash = hashes.get(src);
  if (!hash) {
    hash = createHash('sha256')
      .update(readFileSync(join(/*turbopackIgnore: true*/ process.cwd(), 'public', src)))
      .digest('hex')
      .slice(0, 12);
    hashes.set(src, hash);
  }
  return `/v/${hash}${src}`;
}
