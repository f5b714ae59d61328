// Runs once when the server starts (Node only).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, so that every request handled from now on carries its socket address.
    const { installHttpIntake } = await import('@/lib/security/http-intake');
    installHttpIntake();
    const { startServer } = await import('@/lib/server-start');
    startServer();
  }
}
