/** @jest-environment node */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { BUILD_SOURCES } from '../../scripts/lib/build-sources.mjs';

const repo = resolve(__dirname, '../..');

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

async function fetchText(url: string, until: number, exited: () => boolean): Promise<string> {
  for (;;) {
    if (exited()) throw new Error('npm start stopped');
    try {
      const response = await fetch(url);
      if (response.ok) return await response.text();
    } catch {
      // not listening yet: the build is still running
    }
    if (Date.now() > until) throw new Error(`${url} never answered`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

let server: ChildProcess | undefined;
let dir = '';
afterAll(() => {
  if (server?.pid && server.exitCode === null) process.kill(server.pid, 'SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// A real build (several minutes): the one test that `npm start` serves words edited after the last
// build. The checkout has a build older than the edit (its BUILD_ID is all `npm start` reads); had the
// rebuild check left messages/ out, it would start that build and serve nothing at all.
it(
  'npm start after an edit of a French text builds again and serves the new text',
  async () => {
    dir = mkdtempSync(join(tmpdir(), 'baobab-edited-text-'));
    // The build's type check reads the whole project (scripts/ import test helpers).
    for (const name of [...BUILD_SOURCES, 'package.json', 'scripts', 'tests', 'next-env.d.ts']) {
      if (existsSync(join(repo, name))) cpSync(join(repo, name), join(dir, name), { recursive: true });
    }
    // Hard links: a copy of the installed packages in a second, without writing through to the repo's.
    execFileSync('cp', ['-al', join(repo, 'node_modules'), join(dir, 'node_modules')]);
    mkdirSync(join(dir, '.next'));
    writeFileSync(join(dir, '.next', 'BUILD_ID'), 'before-the-edit');
    writeFileSync(join(dir, '.next', 'build-settings.json'), '{}');

    const french = join(dir, 'messages', 'fr.ts');
    const edited = 'Aller directement au contenu de la page';
    const before = readFileSync(french, 'utf8');
    expect(before).toContain("skipLink: 'Aller au contenu'");
    writeFileSync(french, before.replace("skipLink: 'Aller au contenu'", `skipLink: '${edited}'`));
    const later = new Date(Date.now() + 60_000);
    utimesSync(french, later, later);

    const port = await freePort();
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => name !== 'SITE_URL' && name !== 'NODE_ENV' && !name.startsWith('NEXT_PUBLIC_'),
      ),
    ) as NodeJS.ProcessEnv;
    let output = '';
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: dir,
      env: { ...env, PORT: String(port), HOSTNAME: '127.0.0.1', DATA_DIR: join(dir, 'var') },
    });
    server = child;
    let stopped = false;
    child.once('exit', () => (stopped = true));
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const page = await fetchText(`http://127.0.0.1:${port}/fr`, Date.now() + 14 * 60_000, () => stopped).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${output.slice(-2000)}`);
      },
    );
    expect(output).toContain('Building the site (sources changed)');
    expect(page).toContain(edited);
  },
  15 * 60_000,
);
