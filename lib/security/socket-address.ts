import { randomBytes } from 'node:crypto';
import { Server, type IncomingMessage } from 'node:http';

// Next gives route handlers and server actions no access to the socket, and the X-Forwarded-For it
// fills from the socket is kept as the client wrote it whenever the client sent one. So, before Next
// sees a request, the server stamps the socket's address into a request header whose name is random
// per process: a client cannot guess it, so cannot forge it, and a request stamped by nobody (one that
// arrived before the stamp was installed) simply has no socket address.
// The name lives on globalThis because instrumentation and each route are bundled as separate module
// instances in one process.
const NAME = Symbol.for('baobab.socketAddressHeader');
type Holder = { [NAME]?: string };

// Called once at server start (instrumentation.ts), before the first request is handled.
export function recordSocketAddresses(): void {
  const holder = globalThis as Holder;
  if (holder[NAME]) return;
  const header = `x-socket-address-${randomBytes(12).toString('hex')}`;
  holder[NAME] = header;
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as IncomingMessage;
      request.headers[header] = request.socket.remoteAddress ?? '';
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

// The address of the socket the request came in on, when the server stamped it.
export function socketAddress(headers: Headers): string | undefined {
  const header = (globalThis as Holder)[NAME];
  return (header && headers.get(header)) || undefined;
}
