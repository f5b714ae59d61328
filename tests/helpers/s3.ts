import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import S3rver from 's3rver';

// A local S3-compatible server (s3rver: pure Node, files in a temporary folder) with one empty bucket, on a
// free port of 127.0.0.1. `env` is what an instance needs to keep its pictures there (lib/cms/bucket.ts).
// s3rver accepts any key pair; the SDK signs with these all the same.
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'baobab-media'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'baobab-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
