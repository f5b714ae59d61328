import { connect } from 'node:net';

import { inParallel, tally, type Tally } from './client.mjs';
import { base, port } from './settings.mjs';

// Clients that go away or speak broken HTTP on a raw socket: every method closed before its answer,
// with and without stray bytes after the headers, a socket half-closed mid-headers, pipelined requests,
// HEAD with a body, Expect: 100-continue with no body, a bad chunk size, a form post reset mid-body.
// None may leave an uncaught exception or an error line in the server's log (checked after the run).
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
function rawExchange(t: Tally, bytes: string, how: 'close' | 'half-close' | 'read'): Promise<void> {
  t.requests += 1;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      if (how === 'close') setTimeout(() => socket.destroy(), 1);
      else if (how === 'half-close') socket.end();
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      // A 5xx at the start of any answer on the connection (pipelined ones included).
      for (const status of answer.matchAll(/HTTP\/1\.1 (\d{3})/g))
        if (Number(status[1]) >= 500) t.notes.push(`${status[1]} for ${bytes.slice(0, 40).trim()}`);
    });
    const done = setTimeout(() => socket.destroy(), 3000);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(done);
      resolve();
    });
  });
}

export async function clientsGone() {
  const t = tally('clients gone, broken HTTP');
  const h = 'Host: 127.0.0.1\r\n';
  const form = `Content-Type: application/x-www-form-urlencoded\r\nOrigin: ${base}\r\n`;
  const cases: [string, 'close' | 'half-close' | 'read'][] = [];
  for (const path of ['/', '/api/forms/contactUs', '/api/health', '/images/flags/gh.svg']) {
    for (const method of METHODS) {
      cases.push([`${method} ${path} HTTP/1.1\r\n${h}\r\n`, 'close']);
      cases.push([`${method} ${path} HTTP/1.1\r\n${h}\r\nstray bytes`, 'close']);
      cases.push([`${method} ${path} HTTP/1.1\r\n${h}Content-Length: 5\r\n\r\nhello`, 'close']);
    }
  }
  cases.push(
    ['GET / HTTP/1.1\r\nHost: 127.0', 'half-close'],
    ['POST /api/forms/contactUs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le', 'half-close'],
    [`GET / HTTP/1.1\r\n${h}\r\nGET /contact HTTP/1.1\r\n${h}\r\nDELETE / HTTP/1.1\r\n${h}\r\n`, 'half-close'],
    [`GET / HTTP/1.1\r\n${h}\r\nGET /contact HTTP/1.1\r\n${h}\r\n`, 'close'],
    [`HEAD / HTTP/1.1\r\n${h}Content-Length: 5\r\n\r\nhello`, 'read'],
    [`POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Expect: 100-continue\r\nContent-Length: 10\r\n\r\n`, 'close'],
    [`POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Expect: 100-continue\r\n\r\n`, 'read'],
    [
      `POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Transfer-Encoding: chunked\r\n\r\nzz\r\nab\r\n0\r\n\r\n`,
      'read',
    ],
    [`POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Transfer-Encoding: chunked\r\n\r\n5\r\nname=`, 'close'],
    [`POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Content-Length: 500\r\n\r\nname=Ama&email=a`, 'close'],
    [`POST /contact HTTP/1.1\r\n${h}${form}Content-Length: 500\r\n\r\nname=Ama&email=a`, 'close'],
  );
  await inParallel(cases, ([bytes, how]) => rawExchange(t, bytes, how));
  t.fiveHundreds += t.notes.length;
  // Node aborts a request whose client left on the socket's close: give the log a moment to show it.
  await new Promise((r) => setTimeout(r, 1000));
}
