/** @jest-environment node */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { readable } from '@/lib/log';

const run = promisify(execFile);

// The logger in a process of its own, its output a pipe as under a supervisor.
async function logLines(code: string): Promise<Record<string, unknown>[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code]);
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
