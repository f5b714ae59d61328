import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

// Reading back the PDFs the site makes, as a person or a machine would: their text through Mozilla's
// PDF.js (the reader of Firefox), and the QR codes of their pictures decoded with jsQR.

// The text of every page, each text run on its own line (./pdf-text.mjs, in a process of its own).
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return execFileSync(process.execPath, [join(process.cwd(), 'tests/helpers/pdf-text.mjs')], {
    input: bytes,
    encoding: 'utf8',
    timeout: 30_000,
  });
}

// The pictures of a PDF (pdf-lib writes a PNG as 8-bit RGB or grey, compressed with Flate), decoded
// as QR codes: the text of each one that is a code.
export async function pdfQrCodes(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const filter = dict.get(PDFName.of('Filter'));
    if (filter !== PDFName.of('FlateDecode')) continue;
    const raw = inflateSync(object.contents);
    const channels = raw.length / (width * height);
    if (channels !== 1 && channels !== 3) continue;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = raw[i * channels + (channels === 3 ? c : 0)]!;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
