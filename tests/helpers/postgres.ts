import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A throwaway PostgreSQL server of Debian's package (`npm test` installs it), in a temporary folder,
// on a free port of 127.0.0.1, with trust authentication for local test connections only. As root (CI),
// the server runs as the package's `postgres` user: PostgreSQL refuses to run as root.
export interface Postgres {
  url(database: string): string;
  createDatabase(name: string): void;
  stop(): Promise<void>;
}

function binDir(): string {
  const root = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql';
  if (existsSync(join(root, 'initdb'))) return root;
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  if (!found) throw new Error(`No PostgreSQL under ${root}: install Debian's postgresql (npm test does, as root)`);
  return found;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export async function startPostgres(): Promise<Postgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'baobab-postgres-'));
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : undefined;
  const group = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) : undefined;
  chmodSync(dir, 0o700);
  if (owner !== undefined && group !== undefined) chownSync(dir, owner, group);
  const as = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const data = join(dir, 'data');
  // A throwaway server lives and dies with its test: it never waits on the disk (no fsync at initdb, none
  // after). Under CI's other lanes, a flush of each migration's writes took minutes; what the tests prove
  // is what the server answers, which a flush does not change.
  execFileSync(...as(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']), {
    stdio: 'ignore',
  });
  const port = await freePort();
  const server: ChildProcess = spawn(
    ...as(join(bin, 'postgres'), [
      ...['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'],
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    ]),
    { stdio: 'ignore' },
  );
  const ready = () => {
    try {
      execFileSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  for (let tries = 0; !ready(); tries++) {
    if (tries > 100 || server.exitCode !== null) throw new Error('PostgreSQL did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    createDatabase(name) {
      execFileSync(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
    },
    async stop() {
      const exited = server.exitCode === null ? new Promise((r) => server.once('exit', r)) : Promise.resolve();
      // pg_ctl, as the server's own user: a signal to `runuser` would not reach the server.
      execFileSync(...as(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w']), { stdio: 'ignore' });
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
