import { spawnSync } from 'node:child_process';

import { formHeaders, inParallel, send, tally } from './client.mjs';
import { port, quick, scale } from './settings.mjs';

// Oversized and chunked bodies (the stall is measured by body-stall.mjs on its own server: bodyStall).
export async function bodies() {
  const t = tally('oversized and chunked bodies');
  const big = Buffer.alloc(200_000, 'a');
  const posts = Array.from({ length: scale }, () =>
    ['/api/forms/contactUs', '/contact', '/api/newsletter/confirm', '/api/forms/nope'].flatMap((path) => [
      [path, { 'content-length': String(big.length) }],
      [path, { 'transfer-encoding': 'chunked' }],
    ]),
  ).flat() as [string, Record<string, string>][];
  // At once: a refused connection is held open a few seconds after its answer (lib/security/http-intake.ts).
  await inParallel(
    posts,
    async ([path, headers]) => {
      const answer = await send(t, 'POST', path, formHeaders(headers), big);
      if (answer.status < 400 && /success/.test(answer.body)) t.bypasses += 1;
    },
    32,
  );
}

// The body-size attack on a server of its own (body-stall.mjs starts it), with the server's event-loop
// delay monitor: its answers and its longest stall go into this class.
export function bodyStall() {
  const stallStarted = Date.now();
  const stall = spawnSync(
    process.execPath,
    ['scripts/drills/body-stall.mjs', '--port', String(port), '--rounds', quick ? '1' : '3'],
    { encoding: 'utf8' },
  );
  console.error(`body stall: ${((Date.now() - stallStarted) / 1000).toFixed(1)} s`);
  const b = tally('oversized and chunked bodies');
  const answers = /answers (\{.*\})/.exec(stall.stdout)?.[1];
  if (answers) {
    for (const [status, n] of Object.entries(JSON.parse(answers) as Record<string, number>)) {
      b.requests += n;
      if (Number(status) >= 500) b.fiveHundreds += n;
    }
  }
  b.stallMs = Number(/longest stall during the attack \(\d+ ms\): ([\d.]+) ms/.exec(stall.stdout)?.[1] ?? NaN);
  b.notes.push(`quiet-period max ${/quiet period: max ([\d.]+) ms/.exec(stall.stdout)?.[1] ?? '?'} ms`);
}
