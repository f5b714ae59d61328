import type { CollectionBeforeValidateHook, Field, Validate } from 'payload';

import { mediaPath } from '@/lib/http/cms-paths';

// An item's picture: a picture uploaded in the editor, or a path under public/images/ (the items seeded
// from data/ have one). On save, the address of the chosen upload's banner-size copy is written into the
// path, which is what the pages read; clearing the upload keeps the last address until the path is changed.
// Until the save writes it, the path may be empty when a picture is chosen.
const pathUnlessPicture =
  (checkPath: Validate): Validate =>
  (value, args) =>
    !value && (args.data as { image?: unknown } | undefined)?.image ? true : checkPath(value, args);

export function pictureFields(checkPath: Validate): Field[] {
  return [
    {
      name: 'image',
      label: 'Picture',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'Upload a picture or choose one already uploaded; it replaces the path below.' },
    },
    {
      name: 'img',
      label: 'Picture path',
      type: 'text',
      admin: { description: 'Filled from the picture above, or a file under public/images/ such as /images/x.svg.' },
      validate: pathUnlessPicture(checkPath),
    },
  ];
}

export const pathOfPicture: CollectionBeforeValidateHook = async ({ data, req }) => {
  const chosen = data?.image as number | string | { id: number | string } | null | undefined;
  if (!data || chosen === null || chosen === undefined || chosen === '') return data;
  const picture = await req.payload.findByID({
    collection: 'media',
    id: typeof chosen === 'object' ? chosen.id : chosen,
    depth: 0,
    req,
    overrideAccess: true,
  });
  const sizes = picture.sizes as { wide?: { filename?: string | null } } | undefined;
  data.img = mediaPath(String(picture.hash), sizes?.wide?.filename ?? String(picture.filename));
  return data;
};
