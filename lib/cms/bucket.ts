import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import { GetObjectCommand, NoSuchKey, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { s3Storage } from '@payloadcms/storage-s3';
import type { Plugin } from 'payload';

import { cmsSettings, type MediaBucket } from '@/lib/config';
import { singleton } from '@/lib/singletons';

// Where the uploaded pictures are kept: the local folder (CMS_MEDIA_DIR, DATA_DIR/media) by default, or a
// bucket of an S3-compatible service when MEDIA_S3_* are set, for instances on hosts that share no disk.
// Payload's S3 adapter writes and deletes the files; the site's own addresses (/v/<hash>/media/…) read
// them through pictureBytes below, whichever the place.

// The client's settings for any S3-compatible service. The SDK's newer integrity checksums on every
// request (since v3.729) are not understood by every S3-compatible service: they are sent and checked
// only where S3 requires them, as before.
export function bucketClientConfig(bucket: MediaBucket): S3ClientConfig {
  return {
    endpoint: bucket.endpoint,
    region: bucket.region,
    forcePathStyle: bucket.forcePathStyle,
    credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

// The adapter for the pictures (lib/cms/collections/media.ts). Its fields (prefix, _objectKey) are in the
// schema whether a bucket is set or not, so that one set of migrations serves both: turning the bucket on
// or off needs no migration.
export function mediaStorage(): Plugin {
  const { bucket } = cmsSettings().cms;
  return s3Storage({
    enabled: Boolean(bucket),
    alwaysInsertFields: true,
    bucket: bucket?.bucket ?? 'unused',
    config: bucket ? bucketClientConfig(bucket) : {},
    collections: { media: true },
  });
}

export interface PictureBytes {
  size: number;
  body: ReadableStream<Uint8Array>;
}

const client = (bucket: MediaBucket) =>
  singleton(`cms-bucket-client:${bucket.endpoint}:${bucket.bucket}`, () => new S3Client(bucketClientConfig(bucket)));

// The bytes of a picture's file, by its name, from wherever they are kept; null when they are not there
// (an instance on a folder of its own, a file deleted in the bucket).
export async function pictureBytes(filename: string): Promise<PictureBytes | null> {
  const { bucket, mediaDir } = cmsSettings().cms;
  if (!bucket) {
    const path = join(mediaDir, filename);
    const size = statSync(path, { throwIfNoEntry: false })?.size;
    if (!size) return null;
    return { size, body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array> };
  }
  try {
    const object = await client(bucket).send(new GetObjectCommand({ Bucket: bucket.bucket, Key: filename }));
    if (!object.Body || !object.ContentLength) return null;
    return { size: object.ContentLength, body: object.Body.transformToWebStream() };
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
    throw error;
  }
}
