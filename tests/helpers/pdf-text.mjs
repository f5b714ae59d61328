// The text of a PDF given on standard input, one text run a line, read by Mozilla's PDF.js (the reader
// of Firefox). A script of its own: PDF.js is an ES module, which jest's CommonJS tests cannot import.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), useSystemFonts: false }).promise;
const lines = [];
for (let n = 1; n <= doc.numPages; n++) {
  const content = await (await doc.getPage(n)).getTextContent();
  for (const item of content.items) if ('str' in item && item.str.trim() !== '') lines.push(item.str);
}
await doc.cleanup();
process.stdout.write(lines.join('\n'));
