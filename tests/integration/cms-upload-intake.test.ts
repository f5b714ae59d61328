/** @jest-environment node */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'baobab-upload-intake-'));
process.env.DATA_DIR = dir;
process.env.STAFF_EMAILS = 'admin@example.org';

// A body to the CMS's API (lib/security/http-intake.ts) is read only for a session the store finds valid
// with a role that may write content. Everyone else is answered while the body is still unsent: the
// client here sends its headers, waits for the answer, and only then would send the body. A server of
// the test's stands in for Next: what reaches it is what Next would read.
const MiB = 1024 * 1024;
let server: Server;
let port: number;
let reached: { path: string; bytes: number; writer: boolean }[];
let uninstall = () => {};

beforeAll(async () => {
  const { installHttpIntake } = await import('@/lib/security/http-intake');
  const { isContentWriter } = await import('@/lib/security/content-writer');
  uninstall = installHttpIntake();
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers.set(name, value);
    const seen = { path: request.url!, bytes: 0, writer: isContentWriter(headers) };
    reached.push(seen);
    request.on('data', (chunk: Buffer) => (seen.bytes += chunk.length));
    request.on('end', () => response.end(`read ${seen.bytes}`));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
beforeEach(() => (reached = []));
afterAll(async () => {
  uninstall();
  server.closeAllConnections();
  server.close();
  const { getStore } = await import('@/lib/storage');
  await getStore().close();
  rmSync(dir, { recursive: true, force: true });
});

// A signed-in session of the workspace for an address with a role, as the sign-in would store it.
async function sessionOf(email: string, role: 'editor' | 'staff') {
  const { getStore } = await import('@/lib/storage');
  const { sha256 } = await import('@/lib/hash');
  const { auditEntry } = await import('@/lib/team');
  const now = Date.now();
  const store = getStore();
  await store.saveTeamMember(
    { email, role, addedBy: 'admin@example.org', addedAt: now },
    auditEntry('team-add', 'admin@example.org', `${email} ${role}`, now),
  );
  const value = randomBytes(32).toString('base64url');
  await store.saveSession({ id: sha256(value), email, createdAt: now, seenAt: now });
  return `baobab-staff=${value}`;
}
// The shape of a session cookie, made up: 43 characters that name no session.
const forged = () => `baobab-staff=${randomBytes(32).toString('base64url')}`;

// Sends a request's headers and holds its body back until the server answers or `waitMs` passes; then
// sends the body (if asked). Resolves to the status and the answer's text, and whether the answer came
// before a byte of the body was sent.
async function send(path: string, cookie: string | null, length: number, { waitMs = 3000, thenBody = false } = {}) {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Origin: http://127.0.0.1',
      'Sec-Fetch-Site: same-origin',
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${length}`,
      ...(cookie ? [`Cookie: ${cookie}`] : []),
      '',
      '',
    ].join('\r\n'),
  );
  const started = performance.now();
  while (!answer.includes('\r\n\r\n') && performance.now() - started < waitMs) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const beforeBody = answer.includes('\r\n\r\n');
  const waited = performance.now() - started;
  if (thenBody) {
    socket.write(Buffer.alloc(length, 'a'));
    const sent = performance.now();
    while (!answer.includes('\r\n\r\n') && performance.now() - sent < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  socket.destroy();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
  return { status, text: answer.split('\r\n\r\n')[1] ?? '', beforeBody, waited };
}

describe('a body to the CMS’s API', () => {
  it('with a made-up staff cookie and a picture’s size is refused (413) before a byte of it is sent', async () => {
    const { CMS_UPLOAD_LIMIT } = await import('@/lib/http/read-body');
    const answer = await send('/staff/content/api/media', forged(), CMS_UPLOAD_LIMIT - 1);
    expect(answer).toMatchObject({ status: 413, beforeBody: true });
    // At once, not after the 90 s an upload may take nor the 15 s of a slow body.
    expect(answer.waited).toBeLessThan(1000);
    expect(reached).toEqual([]);
  });

  it('with a made-up cookie, no cookie, or a role without content is refused (403) before it is sent', async () => {
    for (const [who, cookie] of [
      ['made-up', forged()],
      ['none', null],
      ['staff', await sessionOf('staff@example.org', 'staff')],
    ] as const) {
      for (const path of ['/staff/content/api/media', '/staff/content/api/events/1', '/staff/content/api/__proto__']) {
        const answer = await send(path, cookie, 64 * 1024);
        expect([who, path, answer.status, answer.beforeBody]).toEqual([who, path, 403, true]);
        expect(JSON.parse(answer.text)).toEqual({
          errors: [{ message: 'You are not allowed to perform this action.' }],
        });
      }
    }
    expect(reached).toEqual([]);
  });

  it('from an editor’s session is read whole: a picture up to the upload limit, other writes up to the CMS’s', async () => {
    const editor = await sessionOf('editor@example.org', 'editor');
    const picture = await send('/staff/content/api/media', editor, 3 * MiB, { waitMs: 300, thenBody: true });
    expect(picture).toMatchObject({ status: 200, beforeBody: false, text: `read ${3 * MiB}` });
    expect(reached).toEqual([{ path: '/staff/content/api/media', bytes: 3 * MiB, writer: true }]);
    // A save of an event is not a picture: past the CMS's 2 MiB, 413 at once, even for an editor.
    const save = await send('/staff/content/api/events/1', editor, 3 * MiB);
    expect(save).toMatchObject({ status: 413, beforeBody: true });
    expect(reached).toHaveLength(1);
  });

  it('elsewhere is not held for the store: a page’s post reaches the server without a content writer', async () => {
    const answer = await send('/contact', forged(), 10, { waitMs: 300, thenBody: true });
    expect(answer).toMatchObject({ status: 200, text: 'read 10' });
    expect(reached).toEqual([{ path: '/contact', bytes: 10, writer: false }]);
  });
});

describe('proxy.ts', () => {
  it('gives a picture’s size only to a request the intake marked, never to a cookie’s shape', async () => {
    const { NextRequest } = await import('next/server');
    const { proxy } = await import('@/proxy');
    const { contentWriterHeader } = await import('@/lib/security/content-writer');
    const headers = {
      host: '127.0.0.1:3000',
      origin: 'http://127.0.0.1:3000',
      'sec-fetch-site': 'same-origin',
      'content-length': String(3 * MiB),
      cookie: forged(),
    };
    const status = async (extra: Record<string, string>) => {
      const request = new NextRequest('http://127.0.0.1:3000/staff/content/api/media', {
        method: 'POST',
        headers: { ...headers, ...extra },
      });
      const response = await proxy(request);
      return response.headers.get('x-middleware-next') === '1' ? 'passed' : response.status;
    };
    expect(await status({})).toBe(413);
    expect(await status({ 'x-content-writer': '1' })).toBe(413);
    expect(await status({ [contentWriterHeader()]: '1' })).toBe('passed');
  });
});
