/** @jest-environment node */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { DOORS } from '../../scripts/lib/floors.mjs';

// Each folder of lib/ has a door, its index.ts, which says what the folder offers (docs/architecture.md).
// These folders were there before doors were kept, and hold shared helpers that callers import one file
// at a time; a new folder is not one of them.
const WITHOUT_DOOR = ['forms', 'http', 'mail', 'offline', 'privacy', 'security', 'staff'];

const lib = join(__dirname, '..', '..', 'lib');
const folders = readdirSync(lib, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

it.each(folders.filter((folder) => !WITHOUT_DOOR.includes(folder)))('lib/%s has a door, its index.ts', (folder) => {
  expect(existsSync(join(lib, folder, 'index.ts'))).toBe(true);
});

it('keeps every capability whose insides the linter closes among the folders, each with its door', () => {
  for (const folder of DOORS) {
    expect(folders).toContain(folder);
    expect(existsSync(join(lib, folder, 'index.ts'))).toBe(true);
  }
});

it('lists only folders that exist and still lack a door among the exceptions', () => {
  for (const folder of WITHOUT_DOOR) {
    expect(folders).toContain(folder);
    expect(existsSync(join(lib, folder, 'index.ts'))).toBe(false);
  }
});
