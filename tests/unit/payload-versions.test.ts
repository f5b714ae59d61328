import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Payload's packages must all be of one version (Payload's own check is off, lib/cms/config.ts): every one
// the project installs is, but the S3 adapter and the plugin under it, which the registry has one patch
// behind. When they catch up, this test fails until package.json takes the same version for them too.
const installed = (name: string) =>
  (JSON.parse(readFileSync(join(process.cwd(), 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

const LAGGING = ['@payloadcms/storage-s3', '@payloadcms/plugin-cloud-storage'];

it('installs every Payload package at payload’s version, the S3 adapter at the latest 3.90 published', () => {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const payload = installed('payload');
  const others = Object.keys(manifest.dependencies).filter((name) => name.startsWith('@payloadcms/'));
  expect(others.length).toBeGreaterThan(4);
  for (const name of others.filter((name) => !LAGGING.includes(name)))
    expect([name, installed(name)]).toEqual([name, payload]);
  for (const name of LAGGING) expect([name, installed(name)]).toEqual([name, '3.90.1']);
  expect(payload).toBe('3.90.2');
});
