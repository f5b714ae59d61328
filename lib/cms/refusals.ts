import { AsyncLocalStorage } from 'node:async_hooks';

import type { Logger } from 'pino';

import { log, requestLog } from '@/lib/log';
import { requestAddress } from '@/lib/security/client-address';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { singleton } from '@/lib/singletons';

// A refused request to the CMS (a 4xx) is one short `warn` line without a stack, and a flood of them is
// bounded as the forms' are by their rate limit: a few lines per client a minute, and a cap for the
// whole process, each overrun said once. Payload would log most refusals as errors with their stack: a
// production build renames its error classes, so its `loggingLevels` (keyed by class name) miss them.

// Lines per client (address bucket) and for the whole process, per minute.
export const REFUSAL_LINES = { perClient: 10, perProcess: 60 };

// Shared by every bundle of the process (lib/singletons.ts): the API's route and whichever bundle
// started the CMS (whose logger reads the scope) may each have their own copy of this module.
const limits = () =>
  singleton('cmsRefusalLines', () => ({
    client: createRateLimiter(REFUSAL_LINES.perClient),
    process: createRateLimiter(REFUSAL_LINES.perProcess),
    notices: createRateLimiter(1),
  }));
const scope = () => singleton('cmsApiScope', () => new AsyncLocalStorage<true>());

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 160);

// Whether one more line may be written for `client`; the first line refused in a window says so.
function mayWrite(client: string | null): boolean {
  const { client: perClient, process: perProcess, notices } = limits();
  if (client !== null && !perClient.take(client).ok) {
    if (notices.take(`client|${client}`).ok)
      log.warn({ component: 'cms' }, 'more refusals of this client this minute are not logged');
    return false;
  }
  if (!perProcess.take('all').ok) {
    if (notices.take('process').ok) log.warn({ component: 'cms' }, 'more refusals this minute are not logged');
    return false;
  }
  return true;
}

// Runs an API request: Payload's own lines about its refusals are left to `refused` below.
export function inApiRequest<T>(run: () => Promise<T>): Promise<T> {
  return scope().run(true, run);
}

// The reason a 4xx response gives, as Payload and the route write it.
async function reasonOf(response: Response): Promise<string> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return '';
  try {
    const body = (await response.clone().json()) as { message?: unknown; errors?: { message?: unknown }[] };
    const message = body.errors?.[0]?.message ?? body.message;
    return typeof message === 'string' ? oneLine(message) : '';
  } catch {
    return '';
  }
}

// The one line for a refused API request.
export async function refused(request: Request, response: Response): Promise<void> {
  if (!mayWrite(requestAddress(request.headers))) return;
  const { pathname } = new URL(request.url);
  const reason = await reasonOf(response);
  requestLog(request.headers, { component: 'cms' }).warn(
    { status: response.status, method: request.method, path: pathname.slice(0, 120) },
    `content API refused${reason ? `: ${reason}` : ''}`,
  );
}

// An error with a client's status (4xx) that Payload passes to its logger.
function refusalIn(entry: unknown): { status: number; message: string } | null {
  const err = entry instanceof Error ? entry : (entry as { err?: unknown } | null)?.err;
  if (!(err instanceof Error)) return null;
  const { status } = err as { status?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 ? { status, message: err.message } : null;
}

// The logger given to Payload: a refusal inside an API request is left to that request's line; one
// elsewhere (the admin's pages) is a short warn line of its own. Everything else goes through as is.
export function cmsLogger(base: Logger): Logger {
  return new Proxy(base, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property !== 'error' && property !== 'warn' && property !== 'info') return value.bind(target);
      return (entry: unknown, ...rest: unknown[]) => {
        const refusal = refusalIn(entry);
        if (!refusal) return value.call(target, entry, ...rest);
        if (scope().getStore() || !mayWrite(null)) return;
        target.warn({ status: refusal.status }, `content refused: ${oneLine(refusal.message)}`);
      };
    },
  });
}
