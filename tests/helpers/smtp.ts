import type { AddressInfo } from 'node:net';

import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 that parses what it receives. `down()` refuses every message with
// a temporary error, as a failing relay would; `up()` accepts again. An address in `unknown` is refused
// for good (550), as a relay refuses a mailbox that does not exist.
export async function startSmtpServer() {
  const received: Email[] = [];
  const unknown = new Set<string>();
  let refusing = false;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (unknown.has(address.address.toLowerCase())) {
        return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (refusing) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        received.push(await PostalMime.parse(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    unknown,
    down: () => {
      refusing = true;
    },
    up: () => {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
