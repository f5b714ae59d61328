/** @jest-environment node */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import Database from 'better-sqlite3';
import { Client } from 'pg';

import { startPostgres, type Postgres } from '../helpers/postgres';

const run = promisify(execFile);

// The operator's commands on the data folder of a site that has run: a production start migrated the
// content database and seeded it (tests/helpers/live-site.mts). With that site running, then stopped,
// each command does its work and leaves the content database's schema exactly as the server made it;
// on SQLite and on Postgres. Only the server's migrations shape that database.

type Store = 'sqlite' | 'postgres';
type Env = Record<string, string>;

// The migrations of the code, by name (lib/cms/migrations/<store>/*.ts, their index aside).
const migrationsOf = (store: Store) =>
  readdirSync(join('lib/cms/migrations', store))
    .filter((file) => /^\d{8}_\d{6}_\w+\.ts$/.test(file))
    .map((file) => file.slice(0, -3))
    .sort();

// Everything that makes the content database's shape, and the migrations it records (a push records one
// named "dev"), as one text: equal texts, equal schemas.
async function schemaOf(store: Store, env: Env): Promise<string> {
  if (store === 'sqlite') {
    const db = new Database(join(env.DATA_DIR!, 'cms.db'), { readonly: true, fileMustExist: true });
    try {
      const shape = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
      const recorded = db.prepare('SELECT name, batch FROM payload_migrations ORDER BY name').all();
      return JSON.stringify({ shape, recorded }, null, 1);
    } finally {
      db.close();
    }
  }
  const client = new Client({ connectionString: env.CMS_DATABASE_URL });
  await client.connect();
  try {
    const rows = async (sql: string) => (await client.query(sql)).rows;
    return JSON.stringify(
      {
        columns: await rows(`SELECT table_name, column_name, ordinal_position, data_type, udt_name, is_nullable,
          column_default FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 3`),
        indexes: await rows(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
          ORDER BY 1, 2`),
        constraints: await rows(`SELECT conrelid::regclass::text AS on_table, conname, pg_get_constraintdef(oid) AS def
          FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`),
        types: await rows(`SELECT t.typname, e.enumlabel FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
          ORDER BY 1, e.enumsortorder`),
        recorded: await rows('SELECT name, batch FROM payload_migrations ORDER BY name'),
      },
      null,
      1,
    );
  } finally {
    await client.end();
  }
}

// The environment an operator's shell gives a command: no NODE_ENV (jest sets "test") unless asked, the
// site's settings.
function commandEnv(env: Env, nodeEnv?: 'production'): NodeJS.ProcessEnv {
  const vars: Record<string, string | undefined> = { ...process.env, NODE_OPTIONS: '', ...env };
  delete vars.NODE_ENV;
  if (nodeEnv) vars.NODE_ENV = nodeEnv;
  return vars as NodeJS.ProcessEnv;
}

// A command that waits for an answer (a schema push asking to accept its warnings) is stopped, not waited on.
const COMMAND_LIMIT_MS = 180_000;

const command = (name: string, args: string[], env: Env, nodeEnv?: 'production') =>
  run(process.execPath, ['scripts/lib/run-bundled.mjs', `scripts/${name}.ts`, ...args], {
    env: commandEnv(env, nodeEnv),
    timeout: COMMAND_LIMIT_MS,
  });

// The site, started as in production on `env`'s folder and database; resolves once it has migrated,
// seeded, and taken a submission.
function startSite(env: Env): Promise<ChildProcess> {
  const site = spawn(process.execPath, ['scripts/lib/run-bundled.mjs', 'tests/helpers/live-site.mts'], {
    env: commandEnv(env, 'production'),
  });
  let output = '';
  return new Promise((resolve, reject) => {
    site.stdout!.on('data', (chunk) => {
      output += chunk;
      if (/^ready$/m.test(output)) resolve(site);
    });
    site.stderr!.on('data', (chunk) => (output += chunk));
    site.once('exit', (code) => reject(new Error(`the site exited (${code}) before it was ready:\n${output}`)));
  });
}

async function stopSite(site: ChildProcess) {
  if (site.exitCode !== null) return;
  const exited = new Promise((resolve) => site.once('exit', resolve));
  site.kill('SIGTERM');
  await exited;
}

// Each command's ordinary use, and what it prints when it has done it.
async function runEach(dir: string, env: Env, running: boolean, schemaIs: () => Promise<void>) {
  const tag = running ? 'running' : 'stopped';
  const digest = await command('digest', ['--since', '2026-01-01'], env);
  expect(digest.stdout).toMatch(/Queued a digest of \d+ record\(s\)/);
  await schemaIs();

  const exported = await command('export', ['contact', '--format', 'json'], env);
  expect(Array.isArray(JSON.parse(exported.stdout))).toBe(true);
  await schemaIs();

  const forget = await command('forget', ['ada@example.org'], env);
  expect(forget.stdout).toMatch(running ? /Removed 1 record\(s\)/ : /Nothing stored about ada@example\.org/);
  await schemaIs();

  const file = join(dir, `backup-${tag}.sqlite`);
  const backup = await command('backup', [file], env);
  expect(backup.stdout).toContain(`to ${file}`);
  await schemaIs();

  if (running) {
    // A restore puts files in place of the live ones: with the site running it refuses, as documented.
    await expect(command('restore', [file], env)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('stop the site'),
    });
  } else {
    const restored = await command('restore', [file], env);
    expect(restored.stdout).toContain(`from ${file}`);
  }
  await schemaIs();
}

let postgres: Postgres | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await postgres?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function folderFor(store: Store): Promise<{ dir: string; env: Env }> {
  const dir = mkdtempSync(join(tmpdir(), `baobab-live-${store}-`));
  dirs.push(dir);
  if (store === 'sqlite') return { dir, env: { DATA_DIR: join(dir, 'data') } };
  postgres ??= await startPostgres();
  const name = `cms_${dirs.length}`;
  postgres.createDatabase(name);
  return { dir, env: { DATA_DIR: join(dir, 'data'), CMS_DATABASE_URL: postgres.url(name) } };
}

// The shape the production start gave the SQLite database, for the empty folder's test below.
let serverShape: string | undefined;
const shapeOf = (schema: string) => JSON.stringify(JSON.parse(schema).shape);

describe.each(['sqlite', 'postgres'] as const)('operator commands on a live site (%s)', (store) => {
  it('digest, export, forget, backup and restore leave the schema the server migrated as it was', async () => {
    const { dir, env } = await folderFor(store);
    const site = await startSite(env);
    let before: string;
    try {
      before = await schemaOf(store, env);
      // The server applied every migration of the code, and pushed nothing.
      expect(JSON.parse(before).recorded.map((m: { name: string }) => m.name)).toEqual(migrationsOf(store));
      if (store === 'sqlite') serverShape = shapeOf(before);
      const schemaIs = async () => expect(await schemaOf(store, env)).toBe(before);
      await runEach(dir, env, true, schemaIs);
    } finally {
      await stopSite(site);
    }
    await runEach(dir, env, false, async () => expect(await schemaOf(store, env)).toBe(before));

    // A database whose recorded migrations are behind the code's (here, its last one taken off the record):
    // the command says so in one line and stops, even under NODE_ENV=production, and reshapes nothing.
    const [last] = migrationsOf(store).slice(-1);
    const unrecord = `DELETE FROM payload_migrations WHERE name = '${last}'`;
    if (store === 'sqlite') {
      const db = new Database(join(env.DATA_DIR!, 'cms.db'));
      db.prepare(unrecord).run();
      db.close();
    } else {
      const client = new Client({ connectionString: env.CMS_DATABASE_URL });
      await client.connect();
      await client.query(unrecord);
      await client.end();
    }
    const behind = await schemaOf(store, env);
    const refused = await command('digest', ['--since', '2026-01-01'], env, 'production').catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringContaining(last!)]);
    expect(refused.stderr).toMatch(/start the server/);
    expect(await schemaOf(store, env)).toBe(behind);
  }, 600_000);
});

// A command on a folder where no server ever ran may create the content database, with the server's
// migrations (never a push): the same schema as the production start's above.
it('a command on an empty folder migrates it as the server would', async () => {
  const { env } = await folderFor('sqlite');
  await command('digest', ['--since', '2026-01-01'], env);
  const made = await schemaOf('sqlite', env);
  expect(JSON.parse(made).recorded.map((m: { name: string }) => m.name)).toEqual(migrationsOf('sqlite'));
  expect(serverShape).toBeDefined();
  expect(shapeOf(made)).toBe(serverShape);
}, 240_000);
