import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import {
  type CollectionAfterErrorHook,
  type CollectionBeforeChangeHook,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type ImageSize,
} from 'payload';
import sharp from 'sharp';

import { cmsSettings } from '@/lib/config';
import { sha256 } from '@/lib/hash';

import { deleters, editors } from '../access';
import { refusal } from '../refusal';

// Pictures uploaded in the editor (events, offers and courses choose one). Each upload is kept resized to
// at most 2400 px, in WebP, with two smaller copies for cards and banners, stripped of its metadata (a
// phone's photo carries where it was taken). Pages link them by the hash of the upload, as immutable.
// No SVG: a drawing can carry a script. Reading the list is for staff; visitors get the files through
// their own addresses only (lib/http/cms-paths.ts).
const webp = { format: 'webp', options: { quality: 80 } } as const;

export const imageSizes: ImageSize[] = [
  { name: 'card', width: 640, withoutEnlargement: true, formatOptions: webp },
  { name: 'wide', width: 1600, withoutEnlargement: true, formatOptions: webp },
];

// Where the upload's bytes wait on disk while the CMS makes its copies (uploadFromFile), per request.
const UPLOAD_FILE = 'uploadFile';
type UploadedFile = { data?: Buffer; tempFilePath?: string };

// sharp's clone() copies its input when the input is bytes, and the CMS clones the upload once per
// smaller copy (imageSizes): a 16 MiB picture was copied twice on the server's thread, some 50 ms each,
// while visitors waited. From a file, a clone copies a path. So the upload is written to a private
// file first (DATA_DIR/uploading), which sharp's own threads read the picture from (and the smaller
// copies are then made from the resized picture, not the upload); the file is removed as soon as the
// copies are made (dropUploadFile) or the write fails, and one a stopped server left behind by the next
// upload after ten minutes.
const uploadingDir = () => join(cmsSettings().dataDir, 'uploading');
const LEFT_BEHIND_MS = 10 * 60_000;

const uploadFromFile: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args;
  const file = req.file as UploadedFile | undefined;
  if (!file?.data?.length || file.tempFilePath) return args;
  const base = uploadingDir();
  await mkdir(base, { recursive: true, mode: 0o700 });
  for (const name of await readdir(base)) {
    const old = join(base, name);
    const { mtimeMs } = await stat(old).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > LEFT_BEHIND_MS) await rm(old, { recursive: true, force: true });
  }
  const dir = await mkdtemp(join(base, 'upload-'));
  const path = join(dir, 'picture');
  await writeFile(path, file.data, { mode: 0o600 });
  file.tempFilePath = path;
  req.context[UPLOAD_FILE] = dir;
  return args;
};

// Before anything stores the file. The CMS wrote its own copy (resized, in WebP, without metadata) over
// the temporary file; the request's bytes become that copy, as they do when no file is used, so that
// the hash below and a storage adapter (which would send a temporary file as it stands) get it.
async function dropUploadFile(req: { file?: unknown; context: Record<string, unknown> }, keep: boolean) {
  const dir = req.context[UPLOAD_FILE];
  if (typeof dir !== 'string') return;
  delete req.context[UPLOAD_FILE];
  const file = req.file as (UploadedFile & { size?: number }) | undefined;
  try {
    if (file?.tempFilePath && keep) {
      file.data = await readFile(file.tempFilePath);
      file.size = file.data.length;
    }
  } finally {
    if (file) delete file.tempFilePath;
    await rm(dir, { recursive: true, force: true });
  }
}

const dropUploadFileOnError: CollectionAfterErrorHook = async ({ req }) => {
  await dropUploadFile(req, false);
};

// The hash of the uploaded file, kept with the document: a new file gives a new address.
const stampHash: CollectionBeforeChangeHook = async ({ data, req }) => {
  await dropUploadFile(req, true);
  if (req.file?.data) data.hash = sha256(req.file.data, 'hex', 12);
  return data;
};

// The most pixels an upload may have, every frame of an animation counted. Decoding and resizing cost
// time in proportion to the pixels, not to the file's size: a 12,000 × 12,000 PNG of one colour weighs
// 446 KB and kept a request busy for 17.5 s. 64 million passes every photograph a camera or a phone
// makes at full resolution (61 MP for the largest full-frame sensors, 50 MP for phones'), and the
// 108 and 200 MP modes of some phones make files larger than the upload limit anyway (16 MiB,
// lib/http/read-body.ts). A picture on the site is shown at most 2400 px wide.
export const MAX_PIXELS = 64_000_000;

export const tooManyPixels = (width: number, height: number) =>
  `This picture is ${width} × ${height} pixels: at most ${MAX_PIXELS / 1_000_000} million pixels are accepted. Make it smaller (2400 px wide is enough) and upload it again.`;
const unreadablePicture = 'This file could not be read as a picture. Upload a PNG, JPEG, WebP or AVIF file.';

// Read from the file's header before anything decodes it (sharp's metadata reads no pixels): a picture
// over the bound is refused with a 400 that the editor shows, before the CMS resizes it.
const boundPixels: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args;
  const file = req.file as { data?: Buffer; tempFilePath?: string } | undefined;
  const input = file?.data?.length ? file.data : file?.tempFilePath;
  if (!input) return args;
  let size: { width?: number; height?: number; pages?: number };
  try {
    size = await sharp(input).metadata();
  } catch {
    throw refusal(unreadablePicture);
  }
  const { width = 0, height = 0, pages = 1 } = size;
  if (width * height * pages > MAX_PIXELS) throw refusal(tooManyPixels(width, height * pages));
  return args;
};

export const media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'Picture', plural: 'Pictures' },
  admin: {
    useAsTitle: 'filename',
    defaultColumns: ['filename', 'alt', 'width', 'height'],
    description: 'PNG, JPEG, WebP or AVIF. Kept at most 2400 px wide, with smaller copies for phones.',
  },
  access: { read: editors, create: editors, update: editors, delete: deleters },
  hooks: {
    beforeOperation: [boundPixels, uploadFromFile],
    beforeChange: [stampHash],
    afterError: [dropUploadFileOnError],
  },
  upload: {
    staticDir: cmsSettings().cms.mediaDir,
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/avif'],
    // Fetching a picture from an address would let the server be pointed at any host.
    pasteURL: false,
    resizeOptions: { width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true },
    formatOptions: webp,
    imageSizes,
    adminThumbnail: 'card',
    withMetadata: false,
  },
  fields: [
    {
      name: 'alt',
      label: 'Description',
      type: 'text',
      localized: true,
      admin: { description: 'What the picture shows, for people who cannot see it.' },
    },
    { name: 'hash', type: 'text', index: true, admin: { readOnly: true, hidden: true } },
  ],
};
