import { formHeaders, send, tally, urlencoded } from './client.mjs';

// Letters' one-click unsubscribe (RFC 8058): whatever token a stranger forges, alters or replays from
// another purpose, the answer is 400 and nobody's status changes (goal: 0 accepted, 0 5xx). A real
// link replayed is harmless: it unsubscribes the one address it was signed for, again.
export async function letterLinks() {
  const t = tally('letters: unsubscribe links');
  const forged = [
    '',
    'x',
    'a.b.c',
    `${'A'.repeat(20)}.0.${'B'.repeat(43)}`,
    'ada@example.org',
    `${Buffer.from('ada@example.org').toString('base64url')}.0.${'A'.repeat(43)}`,
    'A'.repeat(3000),
    '%00%0d%0a',
  ];
  for (const token of forged) {
    for (const path of [
      `/api/newsletter/unsubscribe?t=${encodeURIComponent(token)}`,
      `/api/newsletter/unsubscribe?t=${encodeURIComponent(token)}&lang=fr`,
    ]) {
      const answer = await send(t, 'POST', path, formHeaders({}), urlencoded({ 'List-Unsubscribe': 'One-Click' }));
      if (answer.status !== 400) {
        t.bypasses += 1;
        t.notes.push(`one-click with a forged token answered ${answer.status}`);
      }
    }
  }
}
