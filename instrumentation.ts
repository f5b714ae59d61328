// Runs once when the server starts. NEXT_RUNTIME is not a setting: Next writes it into each bundle it
// compiles this file for, so the edge bundle drops the Node-only start-up below.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('@/lib/server-start');
    startServer();
  }
}
