import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

import { qrPng } from '@/lib/places';

// The certificate as a PDF, made on the server with pdf-lib (pure JavaScript, no native code, no browser:
// it draws text, lines and PNG or JPEG pictures and embeds TrueType fonts through fontkit). A4 landscape,
// black on white with grey lines, so it prints the same in black and white. Names are set in DejaVu Sans
// (its licence lets it be bundled), which covers the Latin, Greek and Cyrillic letters with their accents
// and dots (Ọlábísí Adéyẹmí, Zoë N’Diaye): only the letters used are embedded. This module is imported
// by server code only (lib/certificates/index.ts); nothing of it reaches a browser.

export interface CertificatePage {
  lang: string;
  heading: string;
  certifies: string;
  name: string;
  verb: string;
  title: string;
  achievement: string;
  dates: string[];
  organisation: string;
  issuedBy: string;
  signatory: { name: string; role: string; image: { bytes: Uint8Array; type: 'png' | 'jpeg' } | null } | null;
  verifyLabel: string;
  verifyUrl: string;
  // The code's line, the code grouped by four in it.
  codeLine: string;
}

const WIDTH = 841.89;
const HEIGHT = 595.28;
const MARGIN = 48;
const INK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);

const fontFile = (name: string) =>
  readFileSync(join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf', name));

let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontBytes = () => (fonts ??= { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') });

// Text centred on the page, made smaller until it fits the width (a long name or title stays whole).
function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, colour = INK) {
  let fitted = size;
  while (fitted > 8 && font.widthOfTextAtSize(text, fitted) > WIDTH - 2 * MARGIN - 40) fitted -= 1;
  const width = font.widthOfTextAtSize(text, fitted);
  page.drawText(text, { x: (WIDTH - width) / 2, y, size: fitted, font, color: colour });
}

async function embedded(doc: PDFDocument, image: { bytes: Uint8Array; type: 'png' | 'jpeg' }) {
  try {
    return image.type === 'png' ? await doc.embedPng(image.bytes) : await doc.embedJpg(image.bytes);
  } catch {
    // A picture that is not what it says it is leaves the signature line without it.
    return null;
  }
}

function drawSignatory(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  c: CertificatePage,
  picture: PDFImage | null,
) {
  const x = MARGIN + 40;
  const lineY = 118;
  if (picture) {
    const scale = Math.min(180 / picture.width, 60 / picture.height);
    page.drawImage(picture, { x, y: lineY + 4, width: picture.width * scale, height: picture.height * scale });
  }
  page.drawLine({ start: { x, y: lineY }, end: { x: x + 220, y: lineY }, thickness: 0.75, color: GREY });
  const signatory = c.signatory;
  if (signatory?.name) page.drawText(signatory.name, { x, y: lineY - 16, size: 11, font: fonts.bold, color: INK });
  if (signatory?.role) page.drawText(signatory.role, { x, y: lineY - 30, size: 10, font: fonts.regular, color: GREY });
  page.drawText(c.issuedBy, { x, y: lineY - 46, size: 10, font: fonts.regular, color: GREY });
}

export async function certificatePdf(c: CertificatePage): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${c.heading}: ${c.title}`);
  doc.setAuthor(c.organisation);
  doc.setSubject(c.name);
  doc.setLanguage(c.lang);
  doc.setCreator(c.organisation);
  doc.setProducer('pdf-lib');
  const { regular: regularBytes, bold: boldBytes } = fontBytes();
  const fonts = {
    regular: await doc.embedFont(regularBytes, { subset: true }),
    bold: await doc.embedFont(boldBytes, { subset: true }),
  };
  const page = doc.addPage([WIDTH, HEIGHT]);
  page.drawRectangle({
    x: 24,
    y: 24,
    width: WIDTH - 48,
    height: HEIGHT - 48,
    borderColor: INK,
    borderWidth: 2,
  });
  page.drawRectangle({ x: 30, y: 30, width: WIDTH - 60, height: HEIGHT - 60, borderColor: GREY, borderWidth: 0.5 });

  centred(page, c.organisation.toUpperCase(), HEIGHT - 84, fonts.bold, 14, GREY);
  centred(page, c.heading, HEIGHT - 136, fonts.bold, 32);
  centred(page, c.certifies, HEIGHT - 184, fonts.regular, 14, GREY);
  centred(page, c.name, HEIGHT - 230, fonts.bold, 30);
  page.drawLine({
    start: { x: WIDTH / 2 - 200, y: HEIGHT - 242 },
    end: { x: WIDTH / 2 + 200, y: HEIGHT - 242 },
    thickness: 0.5,
    color: GREY,
  });
  centred(page, c.verb, HEIGHT - 272, fonts.regular, 14, GREY);
  centred(page, c.title, HEIGHT - 306, fonts.bold, 22);
  let y = HEIGHT - 334;
  if (c.achievement) {
    centred(page, c.achievement, y, fonts.regular, 13);
    y -= 22;
  }
  for (const line of c.dates) {
    centred(page, line, y, fonts.regular, 12, GREY);
    y -= 18;
  }

  const picture = c.signatory?.image ? await embedded(doc, c.signatory.image) : null;
  drawSignatory(page, fonts, c, picture);

  // The QR code of the verification address, with the address and the code written beside it.
  const qr = await doc.embedPng(qrPng(c.verifyUrl, 4, 2));
  const side = 96;
  const qrX = WIDTH - MARGIN - 40 - side;
  page.drawImage(qr, { x: qrX, y: 70, width: side, height: side });
  const right = (text: string, at: number, font: PDFFont, size: number) =>
    page.drawText(text, { x: qrX + side - font.widthOfTextAtSize(text, size), y: at, size, font, color: GREY });
  right(c.codeLine, 56, fonts.bold, 9);
  const url = c.verifyUrl;
  const urlSize = Math.min(8, (330 / fonts.regular.widthOfTextAtSize(url, 8)) * 8);
  page.drawText(c.verifyLabel, { x: qrX - 250, y: 118, size: 9, font: fonts.regular, color: GREY, maxWidth: 240 });
  page.drawText(url, { x: qrX - 250, y: 104, size: Math.max(5, urlSize), font: fonts.regular, color: INK });
  return doc.save({ useObjectStreams: false });
}
