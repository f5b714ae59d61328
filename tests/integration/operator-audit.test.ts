/** @jest-environment node */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { openSqliteStore } from '@/lib/storage/sqlite';

import { COMMAND_TEST_TIMEOUT } from '../helpers/command-timeout';

// The operator's commands are in the staff audit trail, named as the operator: export and forget in
// the store they read, backup in the live store, restore in the restored one.
const run = promisify(execFile);
const command = (name: string, args: string[], dir: string) =>
  run(process.execPath, ['scripts/lib/run-bundled.mjs', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dir },
  });

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'baobab-operator-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const trail = async () => {
  const store = openSqliteStore(join(dir, 'baobab.sqlite'));
  const entries = await store.auditPage({ trail: 'staff', limit: 10 });
  await store.close();
  return entries.map(({ who, what, detail }) => ({ who, what, detail }));
};
const operator = `operator (${userInfo().username}@${hostname()})`.toLowerCase();

it(
  'records npm run export with the rows it wrote, and npm run forget with its counts, never the address',
  async () => {
    const store = openSqliteStore(join(dir, 'baobab.sqlite'));
    await store.add('contact', { name: 'Ada', email: 'ada@example.org', message: 'hi', date: 1 });
    await store.add('contact', { name: 'Kojo', email: 'kojo@example.org', message: 'hi', date: Date.UTC(2026, 5, 2) });
    await store.close();

    await command('export', ['contact'], dir);
    await command('export', ['contact', '--format', 'json', '--since', '2026-06-01'], dir);
    await command('forget', ['ada@example.org'], dir);
    expect(await trail()).toEqual([
      { who: operator, what: 'command-forget', detail: '1 records, 0 mails' },
      { who: operator, what: 'command-export', detail: 'Contact message json (1 rows) since 2026-06-01' },
      { who: operator, what: 'command-export', detail: 'Contact message csv (2 rows)' },
    ]);
  },
  COMMAND_TEST_TIMEOUT,
);

it(
  'records npm run backup in the live store, and npm run restore in the restored store',
  async () => {
    const store = openSqliteStore(join(dir, 'baobab.sqlite'));
    await store.add('contact', { name: 'Ada', email: 'ada@example.org', message: 'hi', date: 1 });
    await store.close();
    const file = join(dir, 'copy.sqlite');

    await command('backup', [file], dir);
    expect(await trail()).toEqual([{ who: operator, what: 'command-backup', detail: `1 records, 0 mails to ${file}` }]);
    await command('restore', [file], dir);
    // The copy was taken before its backup was recorded: the restored trail holds the restore only.
    expect(await trail()).toEqual([
      { who: operator, what: 'command-restore', detail: `1 records, 0 mails from ${file}` },
    ]);
  },
  COMMAND_TEST_TIMEOUT,
);

it(
  'with the pictures in a bucket, npm run backup copies none and says where they are and how to copy them',
  async () => {
    const store = openSqliteStore(join(dir, 'baobab.sqlite'));
    await store.add('contact', { name: 'Ada', email: 'ada@example.org', message: 'hi', date: 1 });
    await store.close();
    const file = join(dir, 'copy.sqlite');
    const bucket = {
      MEDIA_S3_BUCKET: 'baobab-media',
      MEDIA_S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      MEDIA_S3_REGION: 'eu-west-1',
      MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
    };
    const { stdout } = await run(process.execPath, ['scripts/lib/run-bundled.mjs', 'scripts/backup.ts', file], {
      env: { ...process.env, DATA_DIR: dir, ...bucket },
    });
    expect(stdout).toContain(
      `The pictures uploaded in the editor are in the bucket baobab-media at https://s3.eu-west-1.amazonaws.com, not in this backup: copy them with the service's tools, e.g. aws s3 sync s3://baobab-media ${file}.media`,
    );
    expect(existsSync(`${file}.media`)).toBe(false);
  },
  COMMAND_TEST_TIMEOUT,
);
