import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Client } from 'pg';

import { startPostgres, type Postgres } from '../helpers/postgres';

// Several instances on one Postgres (CMS_DATABASE_URL), each a process of its own with its own DATA_DIR
// (tests/cms/instance.mts), as on several machines: started together on an empty database, they apply
// the migrations and fill it from data/ once; what one publishes, the other reads.
let postgres: Postgres;
const dirs: string[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  postgres.createDatabase('cms');
});
afterAll(async () => {
  await postgres?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Read {
  courses: number;
  events: number;
  offers: number;
  title: string;
  french: string;
}

function instance(...args: string[]): Promise<{ code: number | null; read?: Read; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'baobab-instance-'));
  dirs.push(dir);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/lib/run-bundled.mjs', 'tests/cms/instance.mts', ...args], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'production',
        DATA_DIR: dir,
        CMS_DATABASE_URL: postgres.url('cms'),
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      resolve({ code, output, read: last.startsWith('{"courses"') ? (JSON.parse(last) as Read) : undefined });
    });
  });
}

it('two instances started together on an empty database migrate and seed it once, and read what the other publishes', async () => {
  const [a, b] = await Promise.all([instance(), instance()]);
  expect([a.code, b.code]).toEqual([0, 0]);
  for (const started of [a, b]) {
    expect(started.read).toEqual({
      courses: 9,
      events: 1,
      offers: 1,
      title: 'Data Analysis with Python',
      french: '3\u00a0semaines',
    });
  }
  // Each migration applied once, and the seed ran in one of the two.
  const client = new Client({ connectionString: postgres.url('cms') });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; times: string }>(
      "SELECT name, count(*) AS times FROM payload_migrations WHERE name <> 'dev' GROUP BY name",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.times === '1')).toBe(true);
  } finally {
    await client.end();
  }
  expect([a.output, b.output].filter((output) => output.includes('courses seeded from data/'))).toHaveLength(1);

  // One instance renames a course; another, started after, reads the new title from the same database.
  const renamed = await instance('rename', 'Python for Data Analysis');
  expect(renamed.read?.title).toBe('Python for Data Analysis');
  const other = await instance();
  expect(other.read).toMatchObject({ courses: 9, title: 'Python for Data Analysis' });
}, 180_000);
