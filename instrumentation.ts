// Runs once when the server starts (Node only).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, so that every request handled from now on carries its socket address.
    const { recordSocketAddresses } = await import('@/lib/security/socket-address');
    recordSocketAddresses();
    const { startServer } = await import('@/lib/server-start');
    startServer();
  }
}
