import { randomUUID } from 'node:crypto';

import pino, { type DestinationStream, type Logger } from 'pino';

// The server's one logger. JSON lines (time, level, msg, then the fields given: requestId, form,
// recordId, component, err) for a supervisor's journal or a log shipper; on a terminal, one readable
// line per entry instead.

export function readable(line: string): string {
  const { time, level, msg, err, ...fields } = JSON.parse(line) as Record<string, unknown>;
  const extra = Object.entries(fields)
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('');
  const stack = err && typeof err === 'object' && 'stack' in err ? `\n${String(err.stack)}` : '';
  return `${String(time).slice(11, 23)} ${String(level).toUpperCase().padEnd(5)} ${String(msg ?? '')}${extra}${stack}\n`;
}

const terminal: DestinationStream = { write: (line: string) => process.stdout.write(readable(line)) };

export const log: Logger = pino(
  {
    // The journal already records the process and host.
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  // Synchronous: the last lines before an exit (a stop, a fatal setting) are never lost.
  process.stdout.isTTY ? terminal : pino.destination({ dest: 1, sync: true }),
);

const REQUEST_ID = /^[\w.-]{1,64}$/;

// A logger for one request: its id from the proxy (nginx's X-Request-Id) when it sent a sane one,
// else a new one, so every line about a submission can be found together.
export function requestLog(headers: Headers, fields: Record<string, unknown> = {}): Logger {
  const given = headers.get('x-request-id');
  return log.child({ requestId: given && REQUEST_ID.test(given) ? given : randomUUID(), ...fields });
}

// Next warns with a whole stack (console.warn of an Error) when a post to a page names no server action
// of that page: a page from another build, or anyone's forged post. One short line says it instead.
const REFUSED_ACTION = /^(?:Failed to find Server Action|Invalid Server Actions request)/;

export function shortenRefusedActions(): void {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const [first] = args;
    if (args.length === 1 && first instanceof Error && REFUSED_ACTION.test(first.message)) {
      log.warn(`refused a post to a page: ${first.message.split('\n')[0]!.slice(0, 120)}`);
      return;
    }
    warn.apply(console, args);
  };
}
