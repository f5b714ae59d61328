import { crc32, deflateSync } from 'node:zlib';

import QRCode from 'qrcode';

// A QR code as a PNG for mail (clients show PNG; many do not show SVG): the `qrcode` package makes the
// code, and its modules are written here as a one-bit greyscale image, each module `scale` pixels
// square within a quiet zone of `margin` modules. The package's own PNG writer (pure JavaScript) took
// about 30 ms a code on the server and a second in the tests; this takes a millisecond.
export function qrPng(text: string, scale = 4, margin = 4): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * margin) * scale;
  const rowBytes = Math.ceil(side / 8);
  const raw = Buffer.alloc((rowBytes + 1) * side, 0);
  for (let y = 0; y < side; y++) {
    const row = y * (rowBytes + 1);
    // Filter type 0 (none), then the row's bits, most significant first: 1 is white.
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - margin;
      const my = Math.floor(y / scale) - margin;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
      if (!dark) raw[row + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // one bit per pixel, greyscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
