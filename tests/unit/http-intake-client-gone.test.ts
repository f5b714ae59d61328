/** @jest-environment node */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

// Next's own body copy, as it runs when proxy.ts sees a request that may have a body.
import { getCloneableBody } from 'next/dist/server/body-streams';

import { installHttpIntake } from '@/lib/security/http-intake';

// A client that leaves before its answer must not make Next throw an uncaught `aborted` error, nor fail
// the body copy Next logs as an error; a body cut short must never read as a whole one.
describe('the HTTP intake, when the client leaves before its answer', () => {
  let server: Server;
  let port: number;
  let handled: { bodyBytes: number; finalized: 'resolved' | Error }[];
  let uncaught: unknown[];
  const onUncaught = (error: unknown) => uncaught.push(error);

  let uninstall = () => {};
  beforeAll(async () => {
    uninstall = installHttpIntake();
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      // What Next does around proxy.ts: copy the body, read the copy, then swap the request's body for it.
      const body = getCloneableBody(req);
      const copy = body.cloneBodyStream();
      let bodyBytes = 0;
      copy.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
      body.finalize().then(
        () => handled.push({ bodyBytes, finalized: 'resolved' }),
        (error: Error) => handled.push({ bodyBytes, finalized: error }),
      );
      // No answer: the client leaves first.
      void res;
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    process.on('uncaughtException', onUncaught);
  });
  beforeEach(() => {
    handled = [];
    uncaught = [];
  });
  afterAll(() => {
    uninstall();
    process.off('uncaughtException', onUncaught);
    server.close();
  });

  // Sends raw bytes, closes the socket once the server has the request, and waits for the aftermath.
  async function sendAndLeave(bytes: string) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await once(socket, 'connect');
    socket.write(bytes);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  it.each([
    ['a DELETE with no body', 'DELETE / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a DELETE with stray bytes after its headers', 'DELETE / HTTP/1.1\r\nHost: x\r\n\r\nstray'],
    ['an OPTIONS with a whole body', 'OPTIONS / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello'],
  ])('throws nothing for %s', async (_, bytes) => {
    await sendAndLeave(bytes);
    expect(uncaught).toEqual([]);
    expect(handled).toEqual([{ bodyBytes: bytes.endsWith('hello') ? 5 : 0, finalized: 'resolved' }]);
  });

  it('never hands on a body cut short by its client, and fails nothing', async () => {
    await sendAndLeave('POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\nname=Ama&email=a');
    expect(uncaught).toEqual([]);
    // Next's copy neither ends (a route would take the half body for a whole one) nor fails (Next logs
    // that as an error): the request's handling is dropped with the client.
    expect(handled).toEqual([]);
  });

  it('still passes on an error that is not a client gone', async () => {
    const errors: Error[] = [];
    const reached = new Promise<IncomingMessage>((resolve) => server.once('request', resolve));
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\nname=');
    const req = await reached;
    req.on('error', (error) => errors.push(error));
    req.destroy(new Error('disk on fire'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    expect(errors.map((e) => e.message)).toEqual(['disk on fire']);
  });
});
