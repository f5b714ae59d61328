// A folder served as a single-page app (its index.html for every address without a file), compressed
// as Next compresses its own answers: another site's `dist`, measured beside ours by the benchmarks.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { createGzip } from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
};

export function serveStatic(folder, port) {
  const dir = resolve(folder);
  return createServer((request, response) => {
    let file = join(dir, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const type = types[extname(file)] ?? 'application/octet-stream';
    const compress = /^(text|application\/(json|manifest)|image\/svg)/.test(type);
    response.setHeader('Content-Type', type);
    if (compress) response.setHeader('Content-Encoding', 'gzip');
    const stream = createReadStream(file);
    (compress ? stream.pipe(createGzip()) : stream).pipe(response);
  }).listen(port, '127.0.0.1');
}
