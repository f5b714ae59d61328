/** @jest-environment node */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

import { drainOnClose } from '@/lib/http/drain';

// What a proxy with keep-alive connections (nginx's `keepalive`) sees when an instance is told to stop:
// its idle connection to the instance, reused for a POST just as the stop begins.

function serve(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('taken'));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const port = (server: Server) => (server.address() as AddressInfo).port;

// One request on the socket, and the answer as text, or 'closed' if the connection ended without one.
function ask(socket: Socket, method: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (/\r\n\r\ntaken$/.test(text)) done(text);
    };
    const done = (answer: string) => {
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(answer);
    };
    const onClose = () => done(text || 'closed');
    socket.on('data', onData);
    socket.on('close', onClose);
    const body = method === 'POST' ? 'name=Ada' : '';
    socket.write(`${method} / HTTP/1.1\r\nhost: site\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
  });
}

async function idleConnection(server: Server): Promise<Socket> {
  const socket = connect(port(server), '127.0.0.1');
  await once(socket, 'connect');
  expect(await ask(socket, 'GET')).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*connection: keep-alive/i);
  return socket;
}

test('without the drain, Node ends an idle connection at close, and a POST written on it gets no answer', async () => {
  const server = await serve();
  const socket = await idleConnection(server);
  server.close();
  expect(await ask(socket, 'POST')).toBe('closed');
});

describe('with the drain', () => {
  beforeAll(() => drainOnClose(1_500));

  test('a POST on a connection left idle before the stop is answered, with Connection: close', async () => {
    const server = await serve();
    // The first request lets the drain find the server; its client then leaves, as a proxy's would.
    (await idleConnection(server)).end();
    const socket = await idleConnection(server);
    const address = port(server);
    const closed = new Promise<number>((resolve) => server.close(() => resolve(Date.now())));
    const stoppedAt = Date.now();
    // New connections are refused at once: a proxy takes them to another instance.
    const refused = connect(address, '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');

    const answer = await ask(socket, 'POST');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    await once(socket, 'close');
    // The server's close ends when its last connection has: not at the limit.
    expect((await closed) - stoppedAt).toBeLessThan(1_000);
  });

  test('a connection still idle at the limit is ended then, and the close completes', async () => {
    const server = await serve();
    (await idleConnection(server)).end();
    const socket = await idleConnection(server);
    const stoppedAt = Date.now();
    const closed = new Promise<number>((resolve) => server.close(() => resolve(Date.now())));
    await once(socket, 'close');
    const elapsed = (await closed) - stoppedAt;
    expect(elapsed).toBeGreaterThanOrEqual(1_400);
    expect(elapsed).toBeLessThan(4_000);
  });
});
