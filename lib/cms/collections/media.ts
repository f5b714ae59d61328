import type { CollectionBeforeChangeHook, CollectionConfig, ImageSize } from 'payload';

import { cmsSettings } from '@/lib/config';
import { sha256 } from '@/lib/hash';

import { deleters, editors } from '../access';

// Pictures uploaded in the editor (events, offers and courses choose one). Each upload is kept resized to
// at most 2400 px, in WebP, with two smaller copies for cards and banners, stripped of its metadata (a
// phone's photo carries where it was taken). Pages link them by the hash of the upload, as immutable.
// No SVG: a drawing can carry a script. Reading the list is for staff; visitors get the files through
// their own addresses only (lib/cms/paths.ts).
const webp = { format: 'webp', options: { quality: 80 } } as const;

export const imageSizes: ImageSize[] = [
  { name: 'card', width: 640, withoutEnlargement: true, formatOptions: webp },
  { name: 'wide', width: 1600, withoutEnlargement: true, formatOptions: webp },
];

// The hash of the uploaded file, kept with the document: a new file gives a new address.
const stampHash: CollectionBeforeChangeHook = ({ data, req }) => {
  if (req.file?.data) data.hash = sha256(req.file.data, 'hex', 12);
  return data;
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
  hooks: { beforeChange: [stampHash] },
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
