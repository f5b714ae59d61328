import { connect } from 'node:net';

import { tally } from './client.mjs';
import { port } from './settings.mjs';

// A body trickled a byte a second: the server must answer 408 and close the connection within its
// deadline (lib/security/http-intake.ts, 15 s) rather than hold it for minutes, and never take the
// bytes that came for a whole form.
export function slowBody(): Promise<void> {
  const t = tally('slow bodies');
  t.requests += 1;
  return new Promise((resolve) => {
    const t0 = Date.now();
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/forms/contactUs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n',
      );
    });
    const drip = setInterval(() => socket.write('a'), 1000);
    const giveUp = setTimeout(() => socket.destroy(), 40_000);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      const seconds = (Date.now() - t0) / 1000;
      const status = answer.slice(0, answer.indexOf('\r\n'));
      t.notes.push(`connection closed after ${seconds.toFixed(1)} s, answered ${status || 'nothing'}`);
      if (seconds > 25 || !status.startsWith('HTTP/1.1 408 ')) t.bypasses += 1;
      resolve();
    });
  });
}
