/** @jest-environment node */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { readable } from '@/lib/log';

const run = promisify(execFile);

// The logger in a process of its own, its output a pipe as under a supervisor.
async function logLines(code: string, env: Record<string, string> = {}): Promise<Record<string, unknown>[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    env: { ...process.env, ...env },
  });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('the server log', () => {
  it('writes JSON lines with time, level, message, the request id and the given fields', async () => {
    const lines = await logLines(`
      const { requestLog } = await import('${process.cwd()}/lib/log.ts');
      requestLog(new Headers({ 'x-request-id': 'req-42' }), { form: 'contactUs' }).info({ recordId: 'r1' }, 'stored');
      requestLog(new Headers({ 'x-request-id': 'bad id <script>' })).warn('refused');
    `);
    expect(lines[0]).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      requestId: 'req-42',
      form: 'contactUs',
      recordId: 'r1',
      msg: 'stored',
    });
    // A request id a client made up in a hostile shape is replaced by a fresh one.
    expect(lines[1]).toMatchObject({
      level: 'warn',
      msg: 'refused',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  }, 30_000);

  it("logs an error Next reports from a request, with the request's id and route", async () => {
    const [line] = await logLines(
      `
      const { onRequestError } = await import('${process.cwd()}/instrumentation.ts');
      await onRequestError(
        new Error('boom'),
        { path: '/contact', method: 'POST', headers: { 'x-request-id': 'req-7' } },
        { routerKind: 'App Router', routePath: '/contact', routeType: 'action', renderSource: undefined, revalidateReason: undefined },
      );
    `,
      { NEXT_RUNTIME: 'nodejs' },
    );
    expect(line).toMatchObject({
      level: 'error',
      msg: 'request failed',
      requestId: 'req-7',
      method: 'POST',
      path: '/contact',
      route: '/contact',
      routeType: 'action',
      err: expect.objectContaining({ message: 'boom', stack: expect.stringContaining('Error: boom') }),
    });
  }, 30_000);

  it('reads as one line per entry on a terminal', () => {
    const line = JSON.stringify({
      level: 'error',
      time: '2026-11-22T09:30:15.123Z',
      component: 'mail',
      msg: 'relay unreachable',
      err: { message: 'ECONNREFUSED', stack: 'Error: ECONNREFUSED\n    at connect' },
    });
    expect(readable(line)).toBe(
      '09:30:15.123 ERROR relay unreachable component=mail\nError: ECONNREFUSED\n    at connect\n',
    );
  });
});
