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
        { path: '/contact?t=token', method: 'POST', headers: { 'x-request-id': 'req-7' } },
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

  it("turns Next's warning with a stack about a post naming no action of the page into one short line", async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `
        const { shortenRefusedActions } = await import('${process.cwd()}/lib/log.ts');
        shortenRefusedActions();
        console.warn(new Error('Failed to find Server Action "' + 'x'.repeat(5000) + '". This request might be from an older or newer deployment.\\nRead more: https://nextjs.org/docs/messages/failed-to-find-server-action'));
        console.warn(new Error('Invalid Server Actions request.'));
        console.warn('any other warning goes through as it was');
      `,
      ],
      { env: process.env },
    );
    const lines = stdout.trim().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: expect.stringMatching(/^refused a post to a page: Failed to find Server Action "x+$/),
      }),
      expect.objectContaining({ level: 'warn', msg: 'refused a post to a page: Invalid Server Actions request.' }),
    ]);
    for (const line of lines) expect(line.length).toBeLessThan(250);
    expect(stdout).not.toMatch(/stack|\bat /);
    expect(stderr).toBe('any other warning goes through as it was\n');
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
