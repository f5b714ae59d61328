import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { startPostgres, type Postgres } from '../helpers/postgres';
import type { AtomicResult } from './atomic';
import { startCms } from './setup';

// A failed write leaves nothing half-done, on SQLite and on Postgres (issue 41): a project copied with
// its rows' ids (once a 500 that left the copy published without its team) is a new project with rows
// of its own, and a write refused after the database took it leaves neither document, version nor rows.
const expected: AtomicResult = {
  copyTeam: expect.arrayContaining([expect.any(String)]) as unknown as string[],
  copyReusedIds: false,
  copyStatus: 'published',
  sourceRowsKept: true,
  refused: 'Refused after the write',
  leftAfterRefusal: { docs: 0, versions: 0 },
  titleAfterRefusedUpdate: expect.not.stringMatching(/^Refused/) as unknown as string,
  teamAfterRefusedUpdate: expect.any(Number) as unknown as number,
};

describe('on SQLite', () => {
  let cms: Awaited<ReturnType<typeof startCms>>;
  beforeAll(async () => {
    cms = await startCms();
  });
  afterAll(async () => {
    await cms.payload.destroy();
    await cms.store.close();
    rmSync(cms.dir, { recursive: true, force: true });
  });

  it('copies a project with its rows through the API, and leaves nothing of a refused write', async () => {
    type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;
    const { POST } = (await import('@/app/(payload)/staff/content/api/[...slug]/route')) as unknown as {
      POST: Handler;
    };
    const cookie = await cms.sessionFor('editor@example.org');
    const { atomicWrites } = await import('./atomic');
    const before = (await cms.payload.find({ collection: 'projects', limit: 1, sort: 'id', depth: 0 })).docs[0]!;
    const create = async (data: Record<string, unknown>) => {
      const response = await POST(
        new Request('http://127.0.0.1:3000/staff/content/api/projects', {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' },
          body: JSON.stringify(data),
        }),
        { params: Promise.resolve({ slug: ['projects'] }) },
      );
      const body = (await response.json()) as { doc?: { id: number }; errors?: { message: string }[] };
      if (response.status !== 201) throw new Error(body.errors?.[0]?.message ?? String(response.status));
      return body.doc!;
    };
    const result = await atomicWrites(cms.payload, create);
    expect(result).toEqual(expected);
    // Writes at the same moment each wait for the one before: none is refused for a locked database.
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = before;
    const together = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => create({ ...fields, title: `At once ${i}`, _status: 'published' })),
    );
    expect(together.map((each) => each.status)).toEqual(Array(6).fill('fulfilled'));
    expect(result.copyTeam).toEqual(((before.team ?? []) as { name: string }[]).map((row) => row.name));
    expect(result.teamAfterRefusedUpdate).toBe(((before.team ?? []) as unknown[]).length);
  });
});

describe('on Postgres', () => {
  let postgres: Postgres;
  const dir = mkdtempSync(join(tmpdir(), 'baobab-atomic-'));
  beforeAll(async () => {
    postgres = await startPostgres();
    postgres.createDatabase('cms');
  });
  afterAll(async () => {
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies a project with its rows, and leaves nothing of a refused write', async () => {
    const output = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['scripts/lib/run-bundled.mjs', 'tests/cms/atomic-instance.mts'], {
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          NODE_ENV: 'production',
          DATA_DIR: dir,
          CMS_DATABASE_URL: postgres.url('cms'),
        },
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('exit', () => resolve(text));
    });
    const last = output.trim().split('\n').at(-1) ?? '';
    expect(last.startsWith('{"copyTeam"') ? (JSON.parse(last) as AtomicResult) : output).toEqual(expected);
  }, 180_000);
});
