import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

import { expect, test } from '@playwright/test';
import sharp from 'sharp';

import { signInByMail } from './staff-mail';

// A body to the CMS's API is read only for a session the store finds valid with a role that may write
// content (lib/security/http-intake.ts), on the built server. A made-up staff cookie with a picture's
// size is answered while its body is still unsent; an editor's picture over the CMS's 2 MiB goes
// through, proxy.ts included.
const DATA_DIR = 'var/e2e';
// This spec's own staff address (playwright.config.ts): its sign-ins end no other spec's session.
const STAFF = 'uploads@example.org';

// Sends a POST's headers only and waits for the answer: its status and how long it took, or 0 if none
// came while the body was held back.
async function headersOnly(base: string, path: string, cookie: string, length: number) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  const started = performance.now();
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Origin: ${base}`,
      'Sec-Fetch-Site: same-origin',
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${length}`,
      `Cookie: ${cookie}`,
      '',
      '',
    ].join('\r\n'),
  );
  while (!answer.includes('\r\n\r\n') && performance.now() - started < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  socket.destroy();
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), ms: performance.now() - started };
}

test('a made-up staff cookie is refused before its body is read; an editor’s large picture is taken', async ({
  page,
  baseURL,
}) => {
  const forged = `baobab-staff=${randomBytes(32).toString('base64url')}`;
  // 16 MiB less a byte: the picture's allowance, which a made-up cookie no longer gets.
  const upload = await headersOnly(baseURL!, '/staff/content/api/media', forged, 16 * 1024 * 1024 - 1);
  expect(upload.status).toBe(413);
  const save = await headersOnly(baseURL!, '/staff/content/api/events/1', forged, 64 * 1024);
  expect(save.status).toBe(403);
  // Answered while the body was unsent: well within the 15 s a slow body is given (and the 90 s of an
  // upload), in the time of one request.
  expect(Math.max(upload.ms, save.ms)).toBeLessThan(2000);

  await signInByMail(page, DATA_DIR, STAFF);
  // Noise does not compress: a PNG of about 3 MiB, over the CMS's 2 MiB for other writes.
  const png = await sharp(randomBytes(1100 * 1000 * 3), { raw: { width: 1100, height: 1000, channels: 3 } })
    .png()
    .toBuffer();
  expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
  const answer = await page.request.post('/staff/content/api/media', {
    headers: { origin: baseURL! },
    multipart: {
      file: { name: 'noise.png', mimeType: 'image/png', buffer: png },
      _payload: JSON.stringify({ alt: 'Noise' }),
    },
  });
  expect(answer.status()).toBe(201);
  expect(((await answer.json()) as { doc: { mimeType: string } }).doc.mimeType).toBe('image/webp');
});
