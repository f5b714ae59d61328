/** @jest-environment node */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { openFirestoreStore } from '@/lib/storage/firestore';
import { openSqliteStore } from '@/lib/storage/sqlite';
import type { Store } from '@/lib/storage/types';

import { COMMAND_TEST_TIMEOUT } from '../helpers/command-timeout';
import { startFirestoreEmulator } from '../helpers/firestore-emulator';

const run = promisify(execFile);
const forget = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['scripts/lib/run-bundled.mjs', 'scripts/forget.ts', ...args], {
    env: { ...process.env, ...env },
  });

const note = (to: string) => ({ to, subject: `For ${to}`, text: 'text', html: '<p>html</p>' });

// Ada is in three collections, subscribed, written to and named in a staff note; Kojo must stay.
async function seed(store: Store) {
  await store.add(
    'enrolment',
    { name: 'Ada', email: 'Ada@example.org', course: 'Python', date: 1 },
    {
      // The visitor's confirmation, sent once per address, form and day.
      mails: [note('staff@example.org'), { ...note('ada@example.org'), onceKey: 'enrol:ada@example.org:2026-11-24' }],
    },
  );
  await store.add('user', { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.org', date: 2 });
  await store.add(
    'newsletter',
    { name: 'Ada', email: 'ada@example.org', status: 'confirmed', date: 3 },
    { uniqueKey: 'ada@example.org' },
  );
  await store.add(
    'contact',
    { name: 'Kojo', email: 'kojo@example.org', message: 'hi', date: 4 },
    {
      mails: [{ ...note('staff@example.org'), text: 'Kojo says ada@example.org knows.' }, note('kojo@example.org')],
    },
  );
  const [first] = await store.claimMails('seed', Date.now() + 1000, 1, 60_000);
  await store.markSent(first!.id, Date.now());
  // The staff digest waiting to be sent lists Ada among others: only her rows may go.
  await store.claimJob('digest:2026-11-24', { name: 'digest', at: 5 }, [
    {
      ...note('staff@example.org'),
      subject: 'Digest',
      attachments: [{ filename: 'contact.csv', contentType: 'text/csv; charset=utf-8', content: DIGEST_CSV }],
    },
  ]);
  return first!.id;
}

const DIGEST_CSV =
  '\uFEFF"id","name","email","message"\r\n' +
  '"1","Ada","ADA@example.org","two\r\nlines"\r\n' +
  '"2","Kojo","kojo@example.org","hi, ada@example.org.uk is not Ada"\r\n';

// What forget leaves of the digest: the header and Kojo's row, with its text untouched.
async function digestLeft(store: Store): Promise<string> {
  const [digest] = (await store.claimMails('check', Date.now() + 1000, 10, 60_000)).filter(
    (m) => m.subject === 'Digest',
  );
  return digest!.attachments![0]!.content;
}

async function check(store: Store) {
  expect(await store.findEmail('ada@example.org')).toEqual({ records: [], mails: [], redacted: [], markers: 0 });
  // (The Firestore emulator drops the byte-order mark of a stored string.)
  expect((await digestLeft(store)).replace(/^\uFEFF/, '')).toBe(
    '"id","name","email","message"\r\n"2","Kojo","kojo@example.org","hi, ada@example.org.uk is not Ada"\r\n',
  );
  expect((await store.list('contact')).map((r) => r.data.email)).toEqual(['kojo@example.org']);
  expect((await store.findEmail('kojo@example.org')).mails.map((m) => m.to)).toEqual(['kojo@example.org']);
  await store.close();
}

describe('npm run forget', () => {
  it(
    'removes every trace of an address from SQLite, with the mail files, and is safe to run twice',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'baobab-forget-'));
      const sentId = await seed(openSqliteStore(join(dir, 'baobab.sqlite')));
      mkdirSync(join(dir, 'mail'));
      writeFileSync(join(dir, 'mail', `${sentId}.eml`), 'To: ada@example.org\n');

      const first = await forget(['ADA@example.org'], { DATA_DIR: dir });
      expect(first.stdout).toMatch(/removed record enrolment\//);
      expect(first.stdout).toMatch(/removed record user\//);
      expect(first.stdout).toMatch(/removed record newsletter\//);
      expect(first.stdout).toMatch(/removed sent message .* to staff@example\.org/);
      expect(first.stdout).toMatch(
        /removed 1 row\(s\) naming the address from the attachments of waiting message .*"Digest"/,
      );
      expect(first.stdout).toContain('removed 1 once-only marker(s) of confirmations sent to the address');
      expect(first.stdout).toContain(
        'Removed 3 record(s) and 3 message(s) about ADA@example.org, and its rows from 1 waiting digest(s).',
      );
      expect(existsSync(join(dir, 'mail', `${sentId}.eml`))).toBe(false);

      const second = await forget(['ada@example.org'], { DATA_DIR: dir });
      expect(second.stdout.trim()).toBe('Nothing stored about ada@example.org.');
      await check(openSqliteStore(join(dir, 'baobab.sqlite')));
      rmSync(dir, { recursive: true, force: true });
    },
    COMMAND_TEST_TIMEOUT,
  );

  it(
    'removes every trace of an address from Firestore, and is safe to run twice',
    async () => {
      const emulator = await startFirestoreEmulator();
      const open = () => openFirestoreStore({ projectId: 'forget-test', emulatorHost: emulator.host });
      await seed(open());
      const env = {
        STORE: 'firestore',
        FIRESTORE_PROJECT_ID: 'forget-test',
        FIRESTORE_EMULATOR_HOST: emulator.host,
        METADATA_SERVER_DETECTION: 'none',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'baobab-forget-')),
      };
      const first = (await forget(['ada@example.org'], env)).stdout;
      expect(first).toContain('removed 1 once-only marker(s) of confirmations sent to the address');
      expect(first).toContain(
        'Removed 3 record(s) and 3 message(s) about ada@example.org, and its rows from 1 waiting digest(s).',
      );
      expect((await forget(['ada@example.org'], env)).stdout.trim()).toBe('Nothing stored about ada@example.org.');
      await check(open());
      await emulator.stop();
    },
    COMMAND_TEST_TIMEOUT,
  );

  it(
    'refuses anything but one email address',
    async () => {
      await expect(forget([], {})).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage') });
      await expect(forget(['not-an-address'], {})).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('is not an email address'),
      });
    },
    COMMAND_TEST_TIMEOUT,
  );
});
