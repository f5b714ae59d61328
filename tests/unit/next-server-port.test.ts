/** @jest-environment node */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { claimPort, freePort, waitUntilUp } from '../../scripts/lib/next-server.mjs';

// The hostile drill starts its servers on a fixed port (tests/e2e/hostile.spec.ts). A second run started
// while a first one is under way must neither start a server that fails to listen nor take the first
// run's answers as its own: it waits for its turn, and a server that exits is an error at once.
const claimFile = (port: number) => join(tmpdir(), `baobab-port-${port}.claim`);

async function listenOn(port: number): Promise<Server> {
  const server = createServer().listen(port, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

describe('a fixed port shared by runs of a drill', () => {
  let said: jest.SpyInstance;
  beforeEach(() => (said = jest.spyOn(console, 'error').mockImplementation(() => {})));
  afterEach(() => said.mockRestore());

  it('is claimed by one run at a time: the second waits until the first has ended', async () => {
    const port = await freePort();
    // The first run holds the port until told to end; its exit releases it.
    const first = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { claimPort } = await import(${JSON.stringify(require.resolve('../../scripts/lib/next-server.mjs'))});
         await claimPort(${port});
         process.stdin.once('data', () => process.exit(0));
         console.log('claimed');`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    await once(first.stdout!, 'data');
    let claimed = false;
    const second = claimPort(port, { intervalMs: 50 }).then((release) => ((claimed = true), release));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(claimed).toBe(false);
    expect(said).toHaveBeenCalledWith(expect.stringContaining(`port ${port} is claimed`));
    first.stdin!.end('end');
    const release = await second;
    expect(readFileSync(claimFile(port), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(claimFile(port))).toBe(false);
  });

  it('is taken over at once from a run that died without releasing it', async () => {
    const port = await freePort();
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(gone, 'exit');
    writeFileSync(claimFile(port), String(gone.pid));
    const release = await claimPort(port, { timeoutMs: 1000 });
    expect(readFileSync(claimFile(port), 'utf8')).toBe(String(process.pid));
    release();
    expect(said).not.toHaveBeenCalled();
  });

  it('waits while something else listens there, and names the port when it never stops', async () => {
    const port = await freePort();
    const other = await listenOn(port);
    setTimeout(() => other.close(), 300);
    (await claimPort(port, { intervalMs: 50 }))();
    expect(said).toHaveBeenCalledWith(expect.stringContaining(`port ${port} is in use`));

    const stuck = await listenOn(port);
    try {
      await expect(claimPort(port, { timeoutMs: 200, intervalMs: 50 })).rejects.toThrow(`port ${port} is still in use`);
    } finally {
      stuck.close();
    }
  });

  it('makes a server that exits before answering an error at once', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    await once(server, 'exit');
    // Within the test's own time limit, far below waitUntilUp's minute.
    await expect(waitUntilUp(`http://127.0.0.1:${port}/`, { server })).rejects.toThrow(
      /the server exited \(3\) before/,
    );
  });
});
