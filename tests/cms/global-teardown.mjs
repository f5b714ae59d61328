import { rmSync } from 'node:fs';
import { dirname } from 'node:path';

export default function globalTeardown() {
  const copy = process.env.CMS_SEEDED_COPY;
  if (copy) rmSync(dirname(copy), { recursive: true, force: true });
}
