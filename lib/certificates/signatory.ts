import sharp from 'sharp';

import { cmsPictureBuffer, cmsSignatory } from '@/lib/cms';
import type { Lang } from '@/lib/i18n';
import { log } from '@/lib/log';

import type { CertificatePage } from './pdf';

// Who signs the certificates, as set in the content editor (lib/cms/globals/certificates.ts): a name,
// a role in the certificate's language and a picture of the signature. Each part is optional and read
// defensively: a missing or odd value leaves that part off the certificate, and issuing goes on (a
// certificate without a signature is still verifiable by its code). The media collection stores the
// picture as WebP, which pdf-lib does not read: it is converted to a grey PNG here.
export type Signatory = NonNullable<CertificatePage['signatory']>;

const text = (value: unknown, max: number) =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, max) : '';

async function signatureImage(filename: unknown): Promise<Signatory['image']> {
  if (typeof filename !== 'string' || !/^[\w.-]{1,200}$/.test(filename) || filename.startsWith('.')) return null;
  try {
    const bytes = await cmsPictureBuffer(filename);
    if (!bytes) throw new Error('no such file');
    const png = await sharp(bytes, { limitInputPixels: 16_000_000 })
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

export async function certificateSignatory(lang: Lang): Promise<Signatory | null> {
  let stored: Awaited<ReturnType<typeof cmsSignatory>>;
  try {
    stored = await cmsSignatory(lang);
  } catch (error) {
    log.warn(`certificates: the signatory could not be read (${String(error)})`);
    return null;
  }
  const name = text(stored.name, 80);
  const role = text(stored.role, 80);
  const image = await signatureImage(stored.signature);
  return name || role || image ? { name, role, image } : null;
}
