import type { GlobalConfig } from 'payload';

import { editors } from '../access';

// Who signs the certificates (lib/certificates): a name, a role in each language, and a picture of the
// signature (a PNG or JPEG with a white or clear background prints best). Every field is optional: a
// certificate issued without them still carries the organisation's name and its verification code.
// Certificates already issued keep what they were issued with until they are downloaded again.
export const certificates: GlobalConfig = {
  slug: 'certificates',
  label: 'Certificates',
  access: { read: editors, update: editors, readVersions: editors },
  versions: { max: 50 },
  fields: [
    { name: 'signatoryName', label: 'Signatory’s name', type: 'text', maxLength: 80 },
    { name: 'signatoryRole', label: 'Signatory’s role', type: 'text', maxLength: 80, localized: true },
    {
      name: 'signature',
      label: 'Signature picture',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'Printed above the signatory’s name, in black and white, at most 6 cm wide.' },
    },
  ],
};
