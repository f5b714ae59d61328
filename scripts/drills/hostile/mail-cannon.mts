import { inParallel, postForm, randomIp, tally } from './client.mjs';
import { operations, validFields } from './forms.mjs';
import { drainOutbox, mailsTo } from './mail.mjs';
import { scale } from './settings.mjs';

// Mail cannon: many registrations for one victim, from many spoofed addresses, with attacker text
// in every field a visitor types. The victim gets one confirmation per form and day, and none of the
// attackers' words: the first to type the victim's address chooses nothing the victim reads (a mail
// that carries attacker text counts as a bypass).
const victim = 'victim@example.org';
export async function mailCannon(dataDir: string) {
  const t = tally('mail cannon');
  let worst = 0;
  for (const operation of operations) {
    const before = await mailsTo(dataDir, victim);
    await inParallel(
      Array.from({ length: scale * 3 }, (_, i) => i),
      async (i) => {
        const fields: Record<string, string> = { ...validFields(operation, victim) };
        for (const f of ['name', 'firstName', 'lastName', 'occupation']) if (f in fields) fields[f] = `Pay here ${i}`;
        if (operation === 'contactUs') fields.message = `Pay here: https://evil.example/${i}`;
        await postForm(t, operation, fields, { 'x-forwarded-for': randomIp() });
      },
    );
    await drainOutbox();
    const sent = (await mailsTo(dataDir, victim)) - before;
    worst = Math.max(worst, sent);
    t.notes.push(`${operation}: ${sent}`);
  }
  t.mailsPerVictim = worst;
  t.bypasses += await mailsTo(dataDir, victim, /Pay here|evil\.example/);
}
