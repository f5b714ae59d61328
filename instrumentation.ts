// Runs once when the server starts (Node only).
export async function register() {
  const { nextRuntime } = await import('@/lib/public-config');
  if (nextRuntime === 'nodejs') {
    const { startServer } = await import('@/lib/server-start');
    startServer();
  }
}
