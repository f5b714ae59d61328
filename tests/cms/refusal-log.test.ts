import fs, { rmSync } from 'node:fs';

import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';

import { startCms } from './setup';

// Refusals of the CMS's API are one short `warn` line each, without a stack, and a flood of them is
// bounded (issue 41: 200 refused requests once wrote 200 error lines with their stacks, 292 KB).
type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
let GET: Handler;
let cms: Awaited<ReturnType<typeof startCms>>;
let limits: { perClient: number; perProcess: number };

beforeAll(async () => {
  // Behind one proxy, whose X-Forwarded-For names each client.
  process.env.TRUSTED_PROXY_HOPS = '1';
  cms = await startCms();
  ({ GET } = (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as { GET: Handler });
  ({ REFUSAL_LINES: limits } = await import('@/lib/cms/refusals'));
});
afterAll(async () => {
  await cms.payload.destroy();
  await cms.store.close();
  rmSync(cms.dir, { recursive: true, force: true });
});

// The server's log lines (lib/log.ts writes them to stdout) while `work` runs.
async function logOf(work: () => Promise<void>): Promise<string[]> {
  let written = '';
  const write = jest.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown) => {
    if (fd !== 1) throw new Error(`unexpected write to ${fd}`);
    written += String(data);
    return String(data).length;
  }) as typeof fs.writeSync);
  try {
    await work();
  } finally {
    write.mockRestore();
  }
  return written.split('\n').filter(Boolean);
}

const refusedEvents = (client: string) =>
  GET(
    new Request('http://127.0.0.1:3000/staff/content/api/events', {
      headers: { 'x-forwarded-for': client, 'sec-fetch-site': 'same-origin' },
    }),
    { params: Promise.resolve({ slug: ['events'] }) },
  );

it('makes a refusal a short warn line whatever its class is called, as in a production build', async () => {
  // A production build renames Payload's error classes (its `Forbidden` became `a`): the status decides.
  const renamed = Object.assign(new Error('You are not allowed to perform this action.'), { name: 'a', status: 403 });
  const failure = Object.assign(new Error('The database is gone'), { name: 'b' });
  const lines = await logOf(async () => {
    cms.payload.logger.error({ err: renamed });
    cms.payload.logger.error({ err: failure });
  });
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries.map(({ level, msg }) => [level, msg])).toEqual([
    ['warn', 'content refused: You are not allowed to perform this action.'],
    // A real failure keeps its level and its stack.
    ['error', 'The database is gone'],
  ]);
  expect(lines[0]).not.toMatch(/stack/);
  expect(lines[1]).toMatch(/stack/);
});

it('logs 200 refused requests of one client as a few short warn lines', async () => {
  const statuses: number[] = [];
  const lines = await logOf(async () => {
    for (let i = 0; i < 200; i += 1) statuses.push((await refusedEvents('203.0.113.7')).status);
  });
  expect(new Set(statuses)).toEqual(new Set([403]));
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries.filter((entry) => entry.level !== 'warn')).toEqual([]);
  // One line per refusal up to the client's allowance, then one saying the rest are not logged.
  expect(entries).toHaveLength(limits.perClient + 1);
  expect(entries[0]).toMatchObject({
    status: 403,
    method: 'GET',
    path: '/staff/content/api/events',
    msg: 'content API refused: You are not allowed to perform this action.',
  });
  expect(entries.at(-1)?.msg).toMatch(/not logged/);
  expect(lines.join('\n')).not.toMatch(/stack|\bat \S+ \(/);
  expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(400);
  process.stdout.write(`200 refused requests of one client: ${lines.length} lines, ${lines.join('\n').length} bytes\n`);
});

it('bounds the lines of refusals from many clients for the whole process', async () => {
  const lines = await logOf(async () => {
    for (let i = 0; i < 200; i += 1) expect((await refusedEvents(`198.51.100.${i + 1}`)).status).toBe(403);
  });
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries.filter((entry) => entry.level !== 'warn')).toEqual([]);
  // The earlier tests' lines count in the same minute: what is left of the process's allowance.
  const refusals = entries.filter((entry) => String(entry.msg).startsWith('content API refused'));
  expect(refusals.length).toBeGreaterThan(0);
  expect(refusals.length).toBeLessThanOrEqual(limits.perProcess - limits.perClient);
  expect(entries).toHaveLength(refusals.length + 1);
  expect(entries.at(-1)?.msg).toMatch(/not logged/);
});
