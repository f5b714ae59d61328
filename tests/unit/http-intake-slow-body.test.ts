/** @jest-environment node */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

// Next's own body copy, as it runs when proxy.ts sees a request that may have a body.
import { getCloneableBody } from 'next/dist/server/body-streams';

import { FORM_BODY_LIMIT, PROXY_BODY_LIMIT } from '@/lib/http/read-body';
import { BODY_DEADLINE_MS, installHttpIntake } from '@/lib/security/http-intake';

// Only the intake's timers are faked (the deadline and the pause before closing); sockets run for real.
jest.useFakeTimers({
  doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'Date', 'hrtime', 'performance'],
});

const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

// A body still arriving at the deadline is cut: whatever reads it (proxy.ts through Next's copy, then the
// route or the server action) must never take the bytes that came for a whole body.
describe('the HTTP intake, when a body is still arriving at its deadline', () => {
  let server: Server;
  let port: number;
  let seen: { bytes: number; ended: boolean; finalized?: 'resolved' | Error };
  let uncaught: unknown[];
  const onUncaught = (error: unknown) => uncaught.push(error);
  let arrived: () => void;

  let uninstall = () => {};
  beforeAll(async () => {
    uninstall = installHttpIntake();
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      // What Next does around proxy.ts, then a route that answers once it has read the body.
      const body = getCloneableBody(req, PROXY_BODY_LIMIT);
      const copy = body.cloneBodyStream();
      copy.on('data', (chunk: Buffer) => {
        seen.bytes += chunk.length;
        arrived();
      });
      copy.on('end', () => {
        seen.ended = true;
        res.end('stored');
      });
      body.finalize().then(
        () => (seen.finalized = 'resolved'),
        (error: Error) => (seen.finalized = error),
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    process.on('uncaughtException', onUncaught);
  });
  beforeEach(() => {
    seen = { bytes: 0, ended: false };
    uncaught = [];
  });
  afterAll(() => {
    uninstall();
    process.off('uncaughtException', onUncaught);
    server.close();
    jest.useRealTimers();
  });

  const form = 'name=Ama&email=ama%40example.org&message=Hello';
  it.each([
    ['with Content-Length', `Content-Length: ${form.length + 200}\r\n\r\n${form}`, '&more=1'],
    ['chunked', `Transfer-Encoding: chunked\r\n\r\n${form.length.toString(16)}\r\n${form}\r\n`, '7\r\n&more=1\r\n'],
  ])('never hands on the bytes that came as a whole body (%s)', async (_, rest, more) => {
    const socket: Socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    let closed = false;
    socket.on('close', () => (closed = true));
    await once(socket, 'connect');
    const bodyArrived = new Promise<void>((resolve) => (arrived = resolve));
    socket.write(
      `POST /api/forms/contactUs HTTP/1.1\r\nHost: x\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\n${rest}`,
    );
    await bodyArrived;
    expect(seen).toEqual({ bytes: form.length, ended: false });

    // The rest of the body never comes.
    jest.advanceTimersByTime(BODY_DEADLINE_MS);
    await turns();
    // Bytes that come after the deadline are not read either.
    socket.write(more);
    await turns();
    expect(closed).toBe(false);
    jest.advanceTimersByTime(10_000);
    for (let i = 0; i < 50 && !closed; i++) await turns();
    expect(closed).toBe(true);

    // Either the reader gets more than a form may be (and answers too large), or the body never ends.
    const takenWhole = seen.ended && seen.bytes <= FORM_BODY_LIMIT;
    expect({ takenWhole, bytes: seen.bytes }).toEqual({ takenWhole: false, bytes: form.length });
    expect(seen.finalized).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(uncaught).toEqual([]);
  });
});
