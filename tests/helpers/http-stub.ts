import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  url: URL;
  body: string;
}

// A local HTTP server on 127.0.0.1 that answers like a third-party service, recording what it got.
export async function startHttpStub(
  handler: (request: StubRequest, response: ServerResponse, raw: IncomingMessage) => void,
) {
  const requests: StubRequest[] = [];
  const server = createServer((raw, response) => {
    let body = '';
    raw.on('data', (chunk) => (body += chunk));
    raw.on('end', () => {
      const request = { method: raw.method ?? 'GET', url: new URL(raw.url ?? '/', 'http://127.0.0.1'), body };
      requests.push(request);
      handler(request, response, raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
