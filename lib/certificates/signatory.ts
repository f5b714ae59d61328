import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import sharp from 'sharp';

import { cms } from '@/lib/cms';
import { cmsSettings } from '@/lib/config';
import { log } from '@/lib/log';

import type { CertificatePage } from './pdf';

// Who signs the certificates, as set in the content editor (lib/cms/globals/certificates.ts): a name,
// a role and a picture of the signature. Each part is optional and read defensively: a missing or odd
// value leaves that part off the certificate, and issuing goes on (a certificate without a signature is
// still verifiable by its code). The picture is stored as WebP by the media collection; pdf-lib takes
// PNG, so it is converted here.
export type Signatory = NonNullable<CertificatePage['signatory']>;

const text = (value: unknown, max: number) =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, max) : '';

async function signatureImage(value: unknown): Promise<Signatory['image']> {
  const filename = (value as { filename?: unknown } | null)?.filename;
  if (typeof filename !== 'string' || !/^[\w.-]{1,200}$/.test(filename)) return null;
  try {
    const bytes = await readFile(join(cmsSettings().cms.mediaDir, filename));
    const png = await sharp(bytes, { limitInputPixels: 4_000_000 })
      .resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .grayscale()
      .png()
      .toBuffer();
    return { bytes: new Uint8Array(png), type: 'png' };
  } catch (error) {
    log.warn(`certificates: the signature picture ${filename} could not be read (${String(error)})`);
    return null;
  }
}

export async function certificateSignatory(): Promise<Signatory | null> {
  let doc: Record<string, unknown>;
  try {
    const payload = await cms();
    doc = (await payload.findGlobal({ slug: 'certificates' as never, depth: 1 })) as Record<string, unknown>;
  } catch (error) {
    log.warn(`certificates: the signatory could not be read (${String(error)})`);
    return null;
  }
  const name = text(doc.signatoryName, 80);
  const role = text(doc.signatoryRole, 80);
  const image = await signatureImage(doc.signature);
  return name || role || image ? { name, role, image } : null;
}
