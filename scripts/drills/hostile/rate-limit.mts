import { inParallel, postForm, randomIp, tally } from './client.mjs';
import { operations, validFields } from './forms.mjs';
import { LIMIT, scale } from './settings.mjs';

// Rate-limit bypass. Every post comes from 127.0.0.1; with LIMIT per minute per address and form,
// at most LIMIT are taken per form however the client dresses its address.
export async function rateLimitBypass(mode: 'direct' | 'behind one proxy') {
  const t = tally(`rate-limit bypass (${mode})`);
  const real = '203.0.113.7';
  const dresses: Record<string, string>[] =
    mode === 'direct'
      ? [
          { 'x-forwarded-for': randomIp() },
          { 'x-forwarded-for': `${randomIp()}, ${randomIp()}` },
          { 'x-forwarded-for': '', 'x-real-ip': randomIp() },
          { 'x-real-ip': randomIp() },
          { forwarded: `for=${randomIp()}` },
          { 'x-forwarded-for': `${randomIp()}, 127.0.0.1` },
        ]
      : // The proxy appends the address it saw (nginx's $proxy_add_x_forwarded_for): the client
        // controls everything left of it, and may spell its own address several ways.
        [
          { 'x-forwarded-for': `${randomIp()}, ${real}` },
          { 'x-forwarded-for': `${randomIp()}, ${randomIp()}, ${real}` },
          { 'x-forwarded-for': `${real}, ${real}`, 'x-real-ip': randomIp() },
          { 'x-forwarded-for': `${randomIp()}, 203.0.113.007` },
          { 'x-forwarded-for': `${randomIp()}, ::ffff:${real}` },
          { 'x-forwarded-for': `${randomIp()}, ${real}:4321` },
          { 'x-forwarded-for': `${randomIp()}, [::ffff:cb00:7107]:80` },
        ];
  // The honeypot counts too: posts with it filled use up the allowance of a person at that address.
  if (mode === 'direct') {
    const honeypot = tally('honeypot and membership oracles');
    for (let i = 0; i < LIMIT; i++)
      await postForm(honeypot, 'contactUs', { ...validFields('contactUs'), website: 'x' });
    if ((await postForm(honeypot, 'contactUs', validFields('contactUs'))).accepted) {
      honeypot.bypasses += 1;
      honeypot.notes.push('honeypot posts are not rate-limited');
    }
  }
  for (const operation of operations) {
    let accepted = 0;
    const attempts = Array.from({ length: scale * dresses.length }, (_, i) => i);
    await inParallel(attempts, async (i) => {
      const dress = dresses[i % dresses.length]!;
      // Fresh random addresses on every attempt.
      const headers = Object.fromEntries(
        Object.entries(dress).map(([k, v]) => [
          k,
          v.replace(/\d+\.\d+\.\d+\.\d+/, (ip) => (ip === real ? ip : randomIp())),
        ]),
      );
      if ((await postForm(t, operation, validFields(operation), headers)).accepted) accepted += 1;
    });
    t.bypasses += Math.max(0, accepted - LIMIT);
    t.notes.push(`${operation}: ${accepted} taken`);
  }
}
