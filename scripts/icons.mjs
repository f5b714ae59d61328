#!/usr/bin/env node
// Draws the browser and home-screen icons from the site's own mark, app/icon.svg: app/favicon.ico
// (16, 32 and 48 px), app/apple-icon.png (180 px, square: iOS rounds it) and public/icons/icon-192.png
// and icon-512.png for the web manifest. Run after changing app/icon.svg; the results are committed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

import sharp from 'sharp';

const mark = readFileSync('app/icon.svg', 'utf8');
const square = mark.replace('rx="14"', 'rx="0"');
const png = (svg, size) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png()
    .toBuffer();

// An ICO file holding PNG images: a 6-byte header, a 16-byte entry per image, then the images.
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size === 256 ? 0 : size, 0);
    entry.writeUInt8(size === 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)]);
}

const favicon = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(mark, size) })));
writeFileSync('app/favicon.ico', ico(favicon));
writeFileSync('app/apple-icon.png', await png(square, 180));
mkdirSync('public/icons', { recursive: true });
for (const size of [192, 512]) writeFileSync(`public/icons/icon-${size}.png`, await png(mark, size));
console.log('Wrote app/favicon.ico, app/apple-icon.png, public/icons/icon-192.png, public/icons/icon-512.png');
