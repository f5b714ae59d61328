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
