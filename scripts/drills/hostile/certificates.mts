import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { openSqliteStore } from '@/lib/storage/sqlite';
import { certificateKey, type StoredCertificate } from '@/lib/storage/types';

import { send, tally, type Tally } from './client.mjs';
import { scale } from './settings.mjs';

// Certificates' codes (lib/certificates): a stranger forges codes, alters a real one a character at a
// time, guesses at random, and forges download links. Every answer must be a 404 (goal: 0 accepted,
// 0 5xx), and none may show the holder's name, whatever the address's language or form (page, .json).
// The certificate is put in the server's store directly, as staff would have issued it.
const NAME = 'Drill Holder Ọlábísí';
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomCode(): string {
  return Array.from(randomBytes(16), (b) => ALPHABET[b % 32]).join('');
}

async function seeded(dataDir: string): Promise<string> {
  const store = openSqliteStore(join(dataDir, 'baobab.sqlite'));
  const code = randomCode();
  const email = 'drill.holder@example.org';
  // A registration as the event's form would have stored it (the drill checks every stored record
  // against its form's schema).
  const registration = { firstName: 'Drill', lastName: 'Holder', email, event: 'baobab-data-hackathon-2023' };
  const id = (await store.add('user', { ...registration, lang: 'en', date: Date.now() })).id;
  const certificate: StoredCertificate = {
    code,
    key: certificateKey('user', 'baobab-data-hackathon-2023', email),
    kind: 'attendance',
    collection: 'user',
    item: 'baobab-data-hackathon-2023',
    recordId: id,
    email,
    name: NAME,
    lang: 'en',
    title: 'Baobab Data Hackathon 2023',
    achievement: '',
    startDate: '2023-03-18',
    endDate: '2023-03-19',
    issuedAt: Date.now(),
    issuedBy: 'staff@example.org',
    revokedAt: null,
    revokedBy: null,
    revokeReason: null,
    replacedBy: null,
    withdrawnAt: null,
  };
  await store.issueCertificate(certificate, [], { at: Date.now(), who: '', what: 'certificate-issue', detail: code });
  await store.close();
  return code;
}

// A try must be refused with a 404 and show nothing of the holder.
async function refused(t: Tally, path: string) {
  const answer = await send(t, 'GET', path);
  if (answer.status !== 404 || answer.body.includes(NAME) || answer.body.includes('drill.holder')) {
    t.bypasses += 1;
    t.notes.push(`${path.slice(0, 60)} answered ${answer.status}`);
  }
}

const everywhere = (code: string) => [`/verify/${code}`, `/fr/verify/${code}`, `/verify/${code}.json`];

export async function certificateCodes(dataDir: string) {
  const t = tally('certificates: forged, altered, guessed codes');
  const code = await seeded(dataDir);
  // The real one is found (else the class proves nothing).
  const real = await send(t, 'GET', `/verify/${code}`);
  if (real.status !== 200 || !real.body.includes(NAME)) t.notes.push(`the real code answered ${real.status}`);
  // Altered: each character replaced by another of the alphabet, dropped, or one added.
  for (let i = 0; i < code.length; i++) {
    const other = ALPHABET[(ALPHABET.indexOf(code[i]!) + 1 + (i % 31)) % 32]!;
    const altered = `${code.slice(0, i)}${other}${code.slice(i + 1)}`;
    for (const path of everywhere(altered)) await refused(t, path);
  }
  for (const path of [...everywhere(code.slice(1)), ...everywhere(`${code}0`), ...everywhere(`${code}${code}`)]) {
    await refused(t, path);
  }
  // Guessed: codes drawn at random.
  for (let i = 0; i < 50 * scale; i++) await refused(t, `/verify/${randomCode()}`);
  // Forged: what is not a code at all.
  const forged = [
    '',
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    "'%20OR%201=1--",
    encodeURIComponent('Ọ'.repeat(16)),
    'A'.repeat(3000),
    encodeURIComponent('<script>alert(1)</script>'),
    'constructor',
    '__proto__',
  ];
  for (const value of forged) {
    for (const path of everywhere(value)) {
      const answer = await send(t, 'GET', path);
      // An empty or malformed segment may be any 4xx, or the site's redirect of a trailing slash
      // (`/verify/` → `/verify`, which has no page); it must never be accepted or show the holder.
      const redirected = answer.status >= 300 && answer.status < 400;
      if ((answer.status < 400 && !redirected) || answer.body.includes(NAME)) {
        t.bypasses += 1;
        t.notes.push(`${path.slice(0, 60)} answered ${answer.status}`);
      }
    }
  }
  // Download links this site did not sign, or signed for another purpose's shape.
  const address = Buffer.from(code).toString('base64url');
  for (const token of [code, `${address}.0.${'A'.repeat(43)}`, `${address}.0`, 'a.b.c', 'x'.repeat(2000)]) {
    await refused(t, `/api/certificates/download?t=${encodeURIComponent(token)}`);
  }
}
