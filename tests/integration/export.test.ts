/** @jest-environment node */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { toCsv, toJson } from '@/lib/export';
import { openFirestoreStore } from '@/lib/storage/firestore';
import { openSqliteStore } from '@/lib/storage/sqlite';
import type { Store } from '@/lib/storage/types';

import { COMMAND_TEST_TIMEOUT } from '../helpers/command-timeout';
import { parseCsv } from '../helpers/csv';
import { startFirestoreEmulator } from '../helpers/firestore-emulator';

const run = promisify(execFile);
const tricky = {
  name: 'Ọlá "the analyst", Jr.',
  email: 'ola@example.org',
  message: '=HYPERLINK("http://evil.example")\nsecond line, with comma',
  date: Date.UTC(2026, 10, 1, 9, 30),
};

describe('toCsv and toJson', () => {
  const records = [{ id: 'r1', data: { ...tricky, botCheck: 'unavailable' } }];

  it('quotes every field, keeps commas, quotes, newlines and non-Latin text, and neutralises formulas', () => {
    const csv = toCsv('contact', records);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = parseCsv(csv.slice(1));
    expect(header).toEqual(['id', 'name', 'email', 'message', 'lang', 'date', 'botCheck']);
    expect(row).toEqual([
      'r1',
      tricky.name,
      tricky.email,
      `'${tricky.message}`,
      // A record from before the French site has no language: the column is empty.
      '',
      '2026-11-01T09:30:00.000Z',
      'unavailable',
    ]);
  });

  it("shows each newsletter subscriber's status", () => {
    const csv = toCsv('newsletter', [
      { id: 'n1', data: { name: 'Ada', email: 'ada@example.org', date: 1, status: 'confirmed', statusDate: 2 } },
      { id: 'n2', data: { name: 'Old', email: 'old@example.org', date: 1 } },
    ]);
    const [header, ada, old] = parseCsv(csv.slice(1));
    expect(header).toEqual(['id', 'name', 'email', 'lang', 'date', 'status', 'statusDate']);
    expect(ada![5]).toBe('confirmed');
    expect(old![5]).toBe('');
  });

  it('writes JSON with the id, the stored fields and the date as ISO 8601', () => {
    expect(JSON.parse(toJson(records))).toEqual([
      { id: 'r1', ...tricky, date: '2026-11-01T09:30:00.000Z', botCheck: 'unavailable' },
    ]);
  });
});

describe('npm run export', () => {
  const exportCommand = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['scripts/lib/run-bundled.mjs', 'scripts/export.ts', ...args], {
      env: { ...process.env, ...env },
    });

  async function seed(store: Store) {
    await store.add('contact', { ...tricky, date: Date.UTC(2026, 0, 5) });
    await store.add('contact', tricky);
    await store.add('enrolment', {
      name: 'Kofi',
      email: 'kofi@example.org',
      phone: '0244',
      gender: 'male',
      country: 'Ghana',
      course: 'Data Analysis with Python',
      date: 1,
    });
    await store.close();
  }

  it(
    'exports from SQLite as CSV to stdout and JSON to a file, filtered by --since',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'baobab-export-'));
      await seed(openSqliteStore(join(dir, 'baobab.sqlite')));
      const csv = (await exportCommand(['contact'], { DATA_DIR: dir })).stdout;
      expect(parseCsv(csv.slice(1))).toHaveLength(3);
      const out = join(dir, 'out.json');
      await exportCommand(['contact', '--format', 'json', '--since', '2026-06-01', '--out', out], { DATA_DIR: dir });
      expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([
        expect.objectContaining({ message: tricky.message, name: tricky.name }),
      ]);
      const enrolments = (await exportCommand(['enrolment'], { DATA_DIR: dir })).stdout;
      expect(parseCsv(enrolments.slice(1))[1]).toContain('Data Analysis with Python');
      rmSync(dir, { recursive: true, force: true });
    },
    COMMAND_TEST_TIMEOUT,
  );

  it(
    'exports from Firestore when configured',
    async () => {
      const emulator = await startFirestoreEmulator();
      await seed(openFirestoreStore({ projectId: 'export-test', emulatorHost: emulator.host }));
      const env = {
        STORE: 'firestore',
        FIRESTORE_PROJECT_ID: 'export-test',
        FIRESTORE_EMULATOR_HOST: emulator.host,
        METADATA_SERVER_DETECTION: 'none',
      };
      const rows = parseCsv((await exportCommand(['contact'], env)).stdout.slice(1));
      expect(rows).toHaveLength(3);
      expect(rows[2]!.slice(1, 4)).toEqual([tricky.name, tricky.email, `'${tricky.message}`]);
      const json = JSON.parse((await exportCommand(['enrolment', '--format', 'json'], env)).stdout);
      expect(json).toEqual([expect.objectContaining({ name: 'Kofi', course: 'Data Analysis with Python' })]);
      // Each export is in the audit trail as the operator's (tests/integration/operator-audit.test.ts).
      const store = openFirestoreStore({ projectId: 'export-test', emulatorHost: emulator.host });
      expect((await store.auditPage({ trail: 'staff', limit: 5 })).map((e) => [e.what, e.detail])).toEqual([
        ['command-export', 'Course enrolment json (1 rows)'],
        ['command-export', 'Contact message csv (2 rows)'],
      ]);
      await store.close();
      await emulator.stop();
    },
    COMMAND_TEST_TIMEOUT,
  );

  it(
    'under `npm run -s`, standard output holds the CSV and nothing else',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'baobab-export-'));
      await seed(openSqliteStore(join(dir, 'baobab.sqlite')));
      const { stdout } = await run('npm', ['run', '-s', 'export', '--', 'contact'], {
        env: { ...process.env, DATA_DIR: dir },
      });
      expect(stdout.startsWith('\uFEFF"id","name"')).toBe(true);
      expect(parseCsv(stdout.slice(1))).toHaveLength(3);
      rmSync(dir, { recursive: true, force: true });
    },
    COMMAND_TEST_TIMEOUT,
  );

  it(
    'refuses an unknown collection or a bad option with usage help',
    async () => {
      await expect(exportCommand(['passwords'], {})).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('"passwords" is not one'),
      });
      await expect(exportCommand(['contact', '--since', 'yesterday'], {})).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--since must be a date'),
      });
    },
    COMMAND_TEST_TIMEOUT,
  );
});
