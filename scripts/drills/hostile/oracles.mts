import { postForm, tally } from './client.mjs';
import { operations, uniqueEmail, validFields } from './forms.mjs';
import { scale } from './settings.mjs';

// Oracles: a bot that fills the honeypot gets what a person gets for the same data, and the
// newsletter answers a known address as it answers a new one.
export async function oracles() {
  const t = tally('honeypot and membership oracles');
  const differ = (name: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    t.bypasses += 1;
    t.notes.push(`${name}: ${JSON.stringify(a).slice(0, 80)} ≠ ${JSON.stringify(b).slice(0, 80)}`);
  };
  for (let i = 0; i < scale; i++) {
    for (const operation of operations) {
      const invalid = { ...validFields(operation), email: 'not an email' };
      const person = await postForm(t, operation, invalid);
      const bot = await postForm(t, operation, { ...invalid, website: 'http://spam.example' });
      differ(`${operation}, invalid data`, person.state, bot.state);
      const valid = validFields(operation);
      const botFirst = await postForm(t, operation, { ...valid, website: 'http://spam.example' });
      const personAfter = await postForm(t, operation, valid);
      differ(`${operation}, valid data`, botFirst.state, personAfter.state);
    }
    const email = uniqueEmail('member');
    const first = await postForm(t, 'subscribe', { name: 'Ada', email });
    const again = await postForm(t, 'subscribe', { name: 'Ada', email });
    const stranger = await postForm(t, 'subscribe', { name: 'Ada', email: uniqueEmail('stranger') });
    differ('newsletter, known and new address', again.state, stranger.state);
    differ('newsletter, first and repeated', first.state, again.state);
  }
}
