import type { Collection } from '@/lib/storage';

// The workspace's addresses, built in one place: every segment is encoded, whatever a record's id or an
// item's slug holds.
const segment = encodeURIComponent;

export const staffSubmissionPath = (collection: Collection, id: string) =>
  `/staff/submissions/${segment(collection)}/${segment(id)}`;

export const staffForgetPath = (collection: Collection, id: string) =>
  `/staff/forget/${segment(collection)}/${segment(id)}`;

export const staffItemPath = (collection: Collection, value: string) =>
  `/staff/items/${segment(collection)}/${segment(value)}`;

export const staffCheckInPath = (event: string) => `/staff/check-in/${segment(event)}`;

export const staffCertificatesPath = (collection: Collection, value: string) =>
  `/staff/certificates/${segment(collection)}/${segment(value)}`;
