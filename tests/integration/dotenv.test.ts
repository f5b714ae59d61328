/** @jest-environment node */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import { openFirestoreStore } from '@/lib/storage/firestore';
import { openSqliteStore } from '@/lib/storage/sqlite';
import type { Store } from '@/lib/storage/types';

import { startFirestoreEmulator } from '../helpers/firestore-emulator';

const run = promisify(execFile);
const repo = resolve(__dirname, '../..');

// A checkout of its own (its scripts copied, the rest linked) whose .env the test writes: commands
// read .env from the project folder, as Next does.
function projectWithDotenv(dotenv: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'baobab-dotenv-'));
  cpSync(join(repo, 'scripts'), join(dir, 'scripts'), { recursive: true });
  for (const name of ['lib', 'data', 'messages', 'public', 'node_modules', 'package.json', 'tsconfig.json']) {
    symlinkSync(join(repo, name), join(dir, name));
  }
  writeFileSync(join(dir, '.env'), dotenv);
  return dir;
}

// The store settings come from .env only: none of them is in the command's environment.
function exportFrom(project: string, args: string[]) {
  const env = { ...process.env };
  for (const name of ['DATA_DIR', 'STORE', 'FIRESTORE_PROJECT_ID', 'FIRESTORE_EMULATOR_HOST', 'NODE_ENV']) {
    delete env[name];
  }
  return run(process.execPath, ['scripts/run-ts.mjs', 'export', ...args], { cwd: project, env });
}

async function seed(store: Store, name: string) {
  await store.add('contact', { name, email: 'env@example.org', message: 'Found through .env', date: 1 });
  await store.close();
}

describe('npm run export reads the store settings from .env', () => {
  it('DATA_DIR names the SQLite store', async () => {
    const data = mkdtempSync(join(tmpdir(), 'baobab-dotenv-data-'));
    await seed(openSqliteStore(join(data, 'baobab.sqlite')), 'From the SQLite in .env');
    const project = projectWithDotenv(`DATA_DIR=${data}\n`);
    const { stdout } = await exportFrom(project, ['contact', '--format', 'json']);
    expect(JSON.parse(stdout)).toEqual([expect.objectContaining({ name: 'From the SQLite in .env' })]);
    rmSync(project, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }, 60_000);

  it('STORE, FIRESTORE_PROJECT_ID and FIRESTORE_EMULATOR_HOST name the Firestore store', async () => {
    const emulator = await startFirestoreEmulator();
    await seed(openFirestoreStore({ projectId: 'dotenv-test', emulatorHost: emulator.host }), 'From Firestore in .env');
    const project = projectWithDotenv(
      `STORE=firestore\nFIRESTORE_PROJECT_ID=dotenv-test\nFIRESTORE_EMULATOR_HOST=${emulator.host}\n`,
    );
    const { stdout } = await exportFrom(project, ['contact', '--format', 'json']);
    expect(JSON.parse(stdout)).toEqual([expect.objectContaining({ name: 'From Firestore in .env' })]);
    rmSync(project, { recursive: true, force: true });
    await emulator.stop();
  }, 60_000);
});
