// Runs once when the server starts. NEXT_RUNTIME is not a setting: Next writes it into each bundle it
// compiles this file for, so the edge bundle drops the Node-only start-up below.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, so that every request handled from now on carries its socket address.
    const { installHttpIntake } = await import('@/lib/security/http-intake');
    installHttpIntake();
    const { startServer } = await import('@/lib/server-start');
    startServer();
  }
}
