import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Where this run keeps the content database as the first test file migrated and seeded it, for the
// other files to start from a copy (tests/cms/setup.ts). A folder of this run only: a copy from an
// earlier run could predate a migration, a seed change or data/.
export default function globalSetup() {
  process.env.CMS_SEEDED_COPY = join(mkdtempSync(join(tmpdir(), 'baobab-cms-seeded-')), 'cms.db');
}
