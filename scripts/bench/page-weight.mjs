#!/usr/bin/env node
// Page weight of a first visit: gzip bytes of the HTML and of every stylesheet, script and preloaded
// font it references (images are listed separately: they are lazy unless marked priority).
// Usage: node scripts/bench/page-weight.mjs [base URL] [path ...]   (the site must be running)
import { gzipSync } from 'node:zlib';

const [base = 'http://127.0.0.1:3000', ...args] = process.argv.slice(2);
const paths = args.length ? args : ['/', '/academy/data-analysis-with-python', '/contact', '/about'];

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
// woff2 and images are already compressed: servers send them as they are.
const wire = (url, bytes) => (/\.(woff2|png|jpe?g|webp|avif)(\?|$)/.test(url) ? bytes.length : gz(bytes));

async function weigh(path) {
  const html = await fetchBytes(new URL(path, base));
  const text = html.toString('utf8');
  const refs = { css: new Set(), js: new Set(), font: new Set(), image: new Set() };
  for (const [, href] of text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) refs.css.add(href);
  // Scripts marked noModule (legacy polyfills) are never fetched by modern browsers.
  for (const [tag, src] of text.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g))
    if (!/noModule/i.test(tag)) refs.js.add(src);
  for (const [, href] of text.matchAll(/<link[^>]+href="([^"]+\.woff2)"/g)) refs.font.add(href);
  for (const [, src] of text.matchAll(/<img[^>]+src="([^"]+)"/g)) refs.image.add(src.replaceAll('&amp;', '&'));
  const row = { path, html: gz(html) };
  for (const kind of ['css', 'js', 'font', 'image']) {
    let total = 0;
    for (const ref of refs[kind]) total += wire(ref, await fetchBytes(new URL(ref, base)));
    row[kind] = total;
  }
  row.total = row.html + row.css + row.js + row.font + row.image;
  return row;
}

const kib = (n) => (n / 1024).toFixed(1);
console.log('| route | HTML | CSS | JS | fonts | images | total (KiB gzip) |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const path of paths) {
  const r = await weigh(path);
  console.log(
    `| ${r.path} | ${kib(r.html)} | ${kib(r.css)} | ${kib(r.js)} | ${kib(r.font)} | ${kib(r.image)} | ${kib(r.total)} |`,
  );
}
