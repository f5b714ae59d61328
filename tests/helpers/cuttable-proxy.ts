import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export type OutageMode = 'refuse' | 'hang';

// A TCP relay on 127.0.0.1 in front of a local service, which an outage drill can cut and restore.
// 'refuse': the port closes and open connections are reset, as when a service is stopped.
// 'hang': connections are accepted and open ones stay up, but nothing passes either way, as when a
// network path silently drops packets. restore() relays again on the same port.
export async function startCuttableProxy(targetPort: number) {
  const sockets = new Set<Socket>();
  let state: 'up' | OutageMode = 'up';
  let port = 0;
  let server: Server;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (state === 'hang') return;
        const upstream = connect(targetPort, '127.0.0.1');
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        // Relay by hand rather than pipe(), so a hang can stop the flow on connections already open.
        client.on('data', (chunk) => state === 'up' && upstream.write(chunk));
        upstream.on('data', (chunk) => state === 'up' && client.write(chunk));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });

  await listen();

  return {
    get port() {
      return port;
    },
    async cut(mode: OutageMode) {
      state = mode;
      if (mode === 'refuse') {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
    async restore() {
      const wasRefusing = state === 'refuse';
      // Connections that hung stay dead, as after a real partition: clients must open new ones.
      for (const socket of sockets) socket.destroy();
      state = 'up';
      if (wasRefusing) await listen();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
