import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

import { freePort, privateBuild } from '../../scripts/lib/next-server.mjs';

// What a supervisor or Ctrl-C does: the signal goes to the outermost process, `npm start`, only.
function processTable(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the parent id follows the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Ended while being read.
    }
  }
  return parents;
}

function descendants(pid: number): number[] {
  const table = processTable();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} to \`npm start\` stops the server gracefully and leaves no process behind`, async () => {
    test.setTimeout(90_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'baobab-stop-'));
    const port = await freePort();
    // `npm start` in a copy of the project whose build folder is its own: its visitors' process makes
    // Home before serving, and writes it there, not into the build the suite's other servers share. The
    // scripts are copied, not linked: start.mjs finds the project from its own real path.
    const project = privateBuild(join(dataDir, 'project'));
    cpSync('scripts', join(project, 'scripts'), { recursive: true, preserveTimestamps: true });
    // Same build settings as the suite's server, so `npm start` serves the build without rebuilding it.
    const npm = spawn('npm', ['start'], {
      cwd: project,
      env: {
        ...process.env,
        PORT: String(port),
        HOSTNAME: '127.0.0.1',
        DATA_DIR: join(dataDir, 'data'),
        NEXT_TELEMETRY_DISABLED: '1',
      },
    });
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));

    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
        timeout: 60_000,
      })
      .toBe(200);
    const tree = descendants(npm.pid!);
    // npm, the start script and the Next server (no shell between npm and node to swallow the signal).
    expect(tree.length).toBeGreaterThanOrEqual(2);

    npm.kill(signal);
    await exited;
    await expect.poll(() => tree.filter(alive), { timeout: 15_000 }).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
    expect(output).toMatch(/"component":"mail","msg":"outbox worker stopped cleanly"/);
    rmSync(dataDir, { recursive: true, force: true });
  });
}
