import type { AddressInfo } from 'node:net';

import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 that parses what it receives. `down()` refuses every message with
// a temporary error, as a failing relay would; `up()` accepts again.
export async function startSmtpServer() {
  const received: Email[] = [];
  let refusing = false;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
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
    down: () => {
      refusing = true;
    },
    up: () => {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
