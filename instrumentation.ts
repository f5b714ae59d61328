import type { Instrumentation } from 'next';

// Runs once when the server starts. NEXT_RUNTIME is not a setting: Next writes it into each bundle it
// compiles this file for, so the edge bundle drops the Node-only start-up below.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, so that every request handled from now on carries its socket address.
    const { installHttpIntake } = await import('@/lib/security/http-intake');
    installHttpIntake();
    const { shortenRefusedActions } = await import('@/lib/log');
    shortenRefusedActions();
    const { startServer } = await import('@/lib/server-start');
    await startServer();
  }
}

// Any error a page, route or server action throws: logged by the same logger as everything else, with
// the request it broke, by its path without the query (a staff sign-in link's token is there).
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { log } = await import('@/lib/log');
  const requestId = request.headers['x-request-id'];
  log.error(
    {
      err: error,
      ...(typeof requestId === 'string' ? { requestId } : {}),
      method: request.method,
      path: request.path.split('?')[0],
      route: context.routePath,
      routeType: context.routeType,
    },
    'request failed',
  );
};
