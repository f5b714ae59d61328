import { postAction, send, tally, urlencoded, xsrf } from './client.mjs';
import { operations, uniqueEmail, validFields } from './forms.mjs';
import { port, scale } from './settings.mjs';

// Cross-site request forgery: a valid submission each time, dressed as a forger can.
export async function forgery() {
  const t = tally('XSRF');
  const planted = 'a'.repeat(22) + '.' + 'b'.repeat(43);
  const tries: [string, Record<string, string>][] = [
    ['equal unsigned pair', { cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a' }],
    ['equal well-formed pair, wrong signature', { cookie: `XSRF-TOKEN=${planted}`, 'x-xsrf-token': planted }],
    ['cross-origin with a token', { ...xsrf, origin: 'https://evil.example' }],
    ['cross-site fetch metadata with a token', { ...xsrf, 'sec-fetch-site': 'cross-site' }],
    ['Origin null with a token', { ...xsrf, origin: 'null' }],
    ['non-URL Origin with a token', { ...xsrf, origin: 'not a url' }],
    ['same site, other port', { ...xsrf, 'sec-fetch-site': 'same-site', origin: `http://127.0.0.1:${port + 1}` }],
    ['no token, no origin, no fetch metadata', { cookie: '', 'x-xsrf-token': '' }],
  ];
  for (let i = 0; i < scale; i++) {
    for (const operation of operations) {
      for (const [name, headers] of tries) {
        const answer = await send(
          t,
          'POST',
          `/api/forms/${operation}`,
          { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          urlencoded(validFields(operation)),
        );
        if (/"status":"success"/.test(answer.body)) {
          t.bypasses += 1;
          t.notes.push(`${operation}: ${name}`);
        }
      }
      // Without JavaScript: the server action, posted from elsewhere.
      for (const extra of [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-site' },
      ]) {
        const email = uniqueEmail('nojs-forgery');
        const answer = await postAction(t, operation, Object.entries(validFields(operation, email)), extra);
        if (answer.accepted) {
          t.bypasses += 1;
          t.notes.push(`${operation}: no-JavaScript post with ${JSON.stringify(extra)}`);
        }
      }
    }
  }
}

// The server's own request after a publish on another instance (`POST /api/content/changed`,
// lib/cms/elsewhere.ts) proves itself by a secret that never leaves the process: a stranger who guesses,
// forges or floods it, or calls it by another method or from another site, gets a 404 or 405, never the
// 204 that would have every page made again.
export async function internalRoutes() {
  const t = tally('internal routes');
  const path = '/api/content/changed';
  const forged = ['', 'a'.repeat(43), 'A'.repeat(44), '../../x', 'x'.repeat(8000), '%00', 'null'];
  for (let i = 0; i < scale; i++) {
    for (const value of forged) {
      for (const name of ['x-content-changed', 'x-publishing-pass', 'X-Content-Changed']) {
        const answer = await send(t, 'POST', path, { [name]: value, 'content-length': '0' }, '');
        if (answer.status !== 404) {
          t.bypasses += answer.status < 300 ? 1 : 0;
          t.notes.push(`POST with ${name}: ${value.slice(0, 12)} answered ${answer.status}`);
        }
      }
    }
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const answer = await send(t, method, path);
      if (answer.status < 400 || answer.status >= 500) t.notes.push(`${method} answered ${answer.status}`);
      if (answer.status < 300) t.bypasses += 1;
    }
    const crossSite = await send(t, 'POST', path, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    if (crossSite.status < 300) t.bypasses += 1;
  }
}
