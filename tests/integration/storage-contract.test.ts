/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { offerFreedSeats } from '@/lib/places/fill';
import { openFirestoreStore } from '@/lib/storage/firestore';
import { openSqliteStore } from '@/lib/storage/sqlite';
import {
  DuplicateError,
  FullError,
  inboxOrder,
  type AuditAction,
  type AuditCursor,
  type AuditEntry,
  type AuditQuery,
  type InboxCursor,
  type InboxRecord,
  type ListedAudit,
  type Store,
} from '@/lib/storage/types';

import { startFirestoreEmulator } from '../helpers/firestore-emulator';

// One contract, two adapters: what the forms and the export command rely on.
interface Harness {
  open(): Promise<Store>;
  // Another connection to the data of the last store opened, as a second instance of the site has.
  another(): Promise<Store>;
  cleanup(): Promise<void>;
}

const sqliteHarness = (): Harness => {
  const dir = mkdtempSync(join(tmpdir(), 'baobab-store-'));
  let file = 0;
  return {
    // A fresh file per test, as the Firestore harness uses a fresh project.
    open: async () => openSqliteStore(join(dir, `test-${++file}.sqlite`)),
    another: async () => openSqliteStore(join(dir, `test-${file}.sqlite`)),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
};

const firestoreHarness = (): Harness => {
  let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>> | undefined;
  let project = 0;
  const connect = () =>
    openFirestoreStore({ projectId: `contract-${process.pid}-${project}`, emulatorHost: emulator!.host });
  return {
    open: async () => {
      emulator ??= await startFirestoreEmulator();
      // A fresh project id per test keeps the tests' data apart on one emulator.
      project += 1;
      return connect();
    },
    another: async () => connect(),
    cleanup: async () => emulator?.stop(),
  };
};

describe.each([
  ['SQLite', sqliteHarness],
  ['Firestore (emulator)', firestoreHarness],
])('%s store', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;

  beforeEach(async () => {
    store = await harness.open();
  });
  afterEach(async () => {
    await store.close();
  });
  afterAll(() => harness.cleanup());

  it('adds records with generated ids under the spec field names and lists them in submission order', async () => {
    const first = await store.add('enrolment', {
      name: 'Ada Obi',
      email: 'ada@example.org',
      phone: '+234 801 000 0000',
      gender: 'female',
      country: 'Nigeria',
      course: 'Data Analysis with Python',
      date: 1_700_000_000_000,
    });
    const second = await store.add('enrolment', { name: 'Kojo', email: 'kojo@example.org', date: 1_700_000_000_500 });
    expect(first.id).toMatch(/\S{8,}/);
    expect(second.id).not.toBe(first.id);

    const records = await store.list('enrolment');
    expect(records.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(records[0]!.data).toEqual({
      name: 'Ada Obi',
      email: 'ada@example.org',
      phone: '+234 801 000 0000',
      gender: 'female',
      country: 'Nigeria',
      course: 'Data Analysis with Python',
      date: 1_700_000_000_000,
    });
  });

  it('keeps collections apart and filters by date', async () => {
    await store.add('contact', { name: 'A', email: 'a@example.org', message: 'old', date: 1000 });
    await store.add('contact', { name: 'B', email: 'b@example.org', message: 'new', date: 5000 });
    await store.add('user', { firstName: 'C', lastName: 'D', email: 'c@example.org', date: 3000 });
    expect((await store.list('contact')).map((r) => r.data.message)).toEqual(['old', 'new']);
    expect((await store.list('contact', { since: 4000 })).map((r) => r.data.message)).toEqual(['new']);
    expect(await store.list('offer')).toEqual([]);
    expect((await store.list('user')).map((r) => r.data.email)).toEqual(['c@example.org']);
  });

  it('refuses a second record with the same unique key, and only in that collection', async () => {
    await store.add('newsletter', { name: 'Ada', email: 'ada@example.org', date: 1 }, { uniqueKey: 'ada@example.org' });
    await expect(
      store.add(
        'newsletter',
        { name: 'Ada again', email: 'ada@example.org', date: 2 },
        { uniqueKey: 'ada@example.org' },
      ),
    ).rejects.toBeInstanceOf(DuplicateError);
    await store.add(
      'newsletter',
      { name: 'Kofi', email: 'kofi@example.org', date: 3 },
      { uniqueKey: 'kofi@example.org' },
    );
    expect((await store.list('newsletter')).map((r) => r.data.name)).toEqual(['Ada', 'Kofi']);
  });

  it('stores non-Latin text, quotes and newlines unchanged, and answers a ping', async () => {
    const message = 'Ẹ kú àárọ̀ "friends",\nمرحبا — 你好';
    await store.add('contact', { name: 'Ọlá', email: 'ola@example.org', message, date: 10 });
    expect((await store.list('contact'))[0]!.data.message).toBe(message);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  const note = (to: string) => ({ to, subject: `For ${to}`, text: 'text', html: '<p>html</p>' });

  it('commits a record with its outbox messages, and lets one claimant at a time take them', async () => {
    const { id } = await store.add(
      'contact',
      { name: 'A', email: 'a@example.org', message: 'm', date: 1 },
      { mails: [note('staff@example.org'), note('a@example.org')] },
    );
    const now = Date.now() + 1000;
    const claimed = await store.claimMails('worker-a', now, 10, 60_000);
    expect(claimed.map((m) => [m.to, m.recordId, m.attempts]).sort()).toEqual([
      ['a@example.org', id, 0],
      ['staff@example.org', id, 0],
    ]);
    expect(claimed[0]).toMatchObject({ subject: expect.stringMatching(/^For /), text: 'text', html: '<p>html</p>' });
    expect(await store.claimMails('worker-b', now, 10, 60_000)).toEqual([]);
    expect(await store.outboxCounts()).toEqual({ pending: 2, sent: 0, failed: 0 });

    await store.markSent(claimed[0]!.id, now);
    await store.markAttemptFailed(claimed[1]!.id, 'relay said 451', now + 5000);
    expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 1, failed: 0 });
    expect(await store.claimMails('worker-b', now + 4000, 10, 60_000)).toEqual([]);
    const retried = await store.claimMails('worker-b', now + 5000, 10, 60_000);
    expect(retried.map((m) => [m.id, m.attempts])).toEqual([[claimed[1]!.id, 1]]);
    await store.markAttemptFailed(retried[0]!.id, 'still failing', null);
    expect(await store.outboxCounts()).toEqual({ pending: 0, sent: 1, failed: 1 });
  });

  it('stores a submission once: a second add with its key is refused and writes nothing', async () => {
    const record = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.org', date: 5 };
    const options = { submissionKey: 'registerEvent:2026-11-22:abc', mails: [note('staff@example.org')] };
    const { id } = await store.add('user', record, options);
    await expect(store.add('user', record, options)).rejects.toBeInstanceOf(DuplicateError);
    expect((await store.list('user')).map((r) => r.id)).toEqual([id]);
    expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });
    // Another key is another submission, with its own messages.
    await store.add('user', record, { ...options, submissionKey: 'registerEvent:2026-11-22:def' });
    expect(await store.list('user')).toHaveLength(2);
    expect(await store.outboxCounts()).toEqual({ pending: 2, sent: 0, failed: 0 });
  });

  it('queues a once-only message once per key, and still stores every record and its other messages', async () => {
    const confirmation = { ...note('victim@example.org'), onceKey: 'enrol:victim@example.org:2026-11-22' };
    for (let i = 0; i < 3; i++) {
      await store.add(
        'enrolment',
        { name: `N${i}`, email: 'victim@example.org', date: i },
        { mails: [note('staff@example.org'), confirmation] },
      );
    }
    expect(await store.list('enrolment')).toHaveLength(3);
    const queued = await store.claimMails('w', Date.now() + 1000, 20, 60_000);
    expect(queued.map((m) => m.to).sort()).toEqual([
      'staff@example.org',
      'staff@example.org',
      'staff@example.org',
      'victim@example.org',
    ]);
    expect(queued.find((m) => m.to === 'victim@example.org')).not.toHaveProperty('onceKey');
  });

  it('sends the staff note in its held-back words when the once-only message of the same add is dropped', async () => {
    const confirmation = { ...note('victim@example.org'), onceKey: 'enrol:course:en:victim@example.org:2026-11-22' };
    const staff = {
      ...note('staff@example.org'),
      ifHeldBack: { subject: 'Held', text: 'held back', html: '<p>held</p>' },
    };
    for (let i = 0; i < 2; i++) {
      await store.add('enrolment', { name: `N${i}`, date: i }, { mails: [staff, confirmation] });
    }
    const queued = await store.claimMails('w', Date.now() + 1000, 20, 60_000);
    const notes = queued.filter((m) => m.to === 'staff@example.org');
    expect(notes.map((m) => m.subject).sort()).toEqual(['For staff@example.org', 'Held']);
    expect(notes.find((m) => m.subject === 'Held')).toMatchObject({ text: 'held back', html: '<p>held</p>' });
    for (const message of queued) expect(message).not.toHaveProperty('ifHeldBack');
  });

  it('queues at most the cap of messages under one daily key, even from two instances at once, and says so in the held-back note', async () => {
    const stores = await connections(2);
    const capped = (i: number) => ({
      ...note('busy@example.org'),
      onceKey: `item:${i}`,
      dailyCap: { key: 'confirmations:busy@example.org:2026-11-22', limit: 5 },
    });
    const staffNote = {
      ...note('staff@example.org'),
      ifHeldBack: { subject: 'Held', text: 'held back', html: '<p>held</p>' },
    };
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        stores[i % 2]!.add(
          'contact',
          { name: `C${i}`, email: 'busy@example.org', date: i },
          { mails: [staffNote, capped(i)] },
        ),
      ),
    );
    const queued = await store.claimMails('w', Date.now() + 1000, 50, 60_000);
    expect(queued.filter((m) => m.to === 'busy@example.org')).toHaveLength(5);
    expect(queued.filter((m) => m.subject === 'Held')).toHaveLength(3);
    expect(await store.list('contact')).toHaveLength(8);
    for (const message of queued) expect(message).not.toHaveProperty('dailyCap');
    // A once-only message held back by the cap did not use up its own key.
    await store.forgetEmail('busy@example.org');
    await store.add('contact', { name: 'D', email: 'busy@example.org', date: 9 }, { mails: [capped(0)] });
    expect((await store.claimMails('w2', Date.now() + 120_000, 50, 60_000)).map((m) => m.to)).toEqual([
      'busy@example.org',
    ]);
    await closeOthers(stores);
  });

  it('forgets an address’s once-only markers, so a later confirmation to it is queued again', async () => {
    const confirmation = (to: string) => ({ ...note(to), onceKey: `enrol:${to}:2026-11-22` });
    await store.add(
      'enrolment',
      { name: 'A', email: 'ada@example.org', date: 1 },
      { mails: [confirmation('ada@example.org')] },
    );
    await store.add(
      'enrolment',
      { name: 'K', email: 'kojo@example.org', date: 1 },
      { mails: [confirmation('kojo@example.org')] },
    );
    expect((await store.findEmail('ADA@example.org')).markers).toBe(1);
    expect((await store.forgetEmail('ada@example.org')).markers).toBe(1);
    expect((await store.findEmail('ada@example.org')).markers).toBe(0);
    await store.add(
      'enrolment',
      { name: 'A', email: 'ada@example.org', date: 2 },
      { mails: [confirmation('ada@example.org')] },
    );
    await store.add(
      'enrolment',
      { name: 'K', email: 'kojo@example.org', date: 2 },
      { mails: [confirmation('kojo@example.org')] },
    );
    // Ada's confirmation again (her marker was forgotten); Kojo's second is still held back.
    expect((await store.claimMails('w', Date.now() + 1000, 20, 60_000)).map((m) => m.to).sort()).toEqual([
      'ada@example.org',
      'kojo@example.org',
    ]);
  });

  it('purges submission keys and once-only markers written before a date, and only those', async () => {
    const confirmation = { ...note('ada@example.org'), onceKey: 'enrol:ada@example.org:2026-11-22' };
    const record = { name: 'A', email: 'ada@example.org', date: 1 };
    await store.add('enrolment', record, { submissionKey: 'k1', mails: [confirmation] });
    const cut = Date.now() + 1;
    expect(await store.purgeMarkers(cut - 60_000)).toBe(0);
    expect(await store.purgeMarkers(cut + 1000)).toBe(2);
    expect(await store.purgeMarkers(cut + 1000)).toBe(0);
    // Both keys are free again: the same submission is stored anew and its confirmation queued.
    await store.add('enrolment', record, { submissionKey: 'k1', mails: [confirmation] });
    expect(await store.list('enrolment')).toHaveLength(2);
    expect(await store.outboxCounts()).toEqual({ pending: 2, sent: 0, failed: 0 });
  });

  it('gives claimed messages back untried, and makes waiting ones due now on request', async () => {
    await store.add(
      'contact',
      { name: 'A', email: 'a@example.org', message: 'm', date: 1 },
      { mails: [note('p@example.org'), note('q@example.org')] },
    );
    const now = Date.now() + 1000;
    const [first, second] = await store.claimMails('worker-a', now, 10, 60_000);
    await store.releaseMails([second!.id]);
    const again = await store.claimMails('worker-b', now, 10, 60_000);
    expect(again.map((m) => [m.id, m.attempts])).toEqual([[second!.id, 0]]);
    // Given back for later (a paused letter's mail): not due before then, still untried after.
    await store.releaseMails([second!.id], now + 15_000);
    expect(await store.claimMails('worker-c', now + 14_999, 10, 60_000)).toEqual([]);
    const later = await store.claimMails('worker-c', now + 15_000, 10, 60_000);
    expect(later.map((m) => [m.id, m.attempts])).toEqual([[second!.id, 0]]);

    await store.markAttemptFailed(first!.id, 'relay unreachable', now + 3_600_000);
    await store.markSent(second!.id, now);
    expect(await store.claimMails('worker-b', now + 1, 10, 60_000)).toEqual([]);
    expect(await store.retryWaitingNow(now + 1)).toBe(1);
    const due = await store.claimMails('worker-b', now + 1, 10, 60_000);
    expect(due.map((m) => [m.id, m.attempts])).toEqual([[first!.id, 1]]);
    expect(await store.retryWaitingNow(now + 2)).toBe(0);
  });

  it('hands an expired claim to another claimant', async () => {
    await store.add(
      'contact',
      { name: 'A', email: 'a@example.org', message: 'm', date: 1 },
      { mails: [note('x@example.org')] },
    );
    const now = Date.now() + 1000;
    const [first] = await store.claimMails('worker-a', now, 10, 1000);
    expect(await store.claimMails('worker-b', now + 999, 10, 1000)).toEqual([]);
    const [again] = await store.claimMails('worker-b', now + 1000, 10, 1000);
    expect(again!.id).toBe(first!.id);
  });

  it('writes nothing when one of the messages cannot be written', async () => {
    const bad = { ...note('y@example.org'), to: (() => 'not data') as unknown as string };
    await expect(
      store.add(
        'contact',
        { name: 'A', email: 'a@example.org', message: 'm', date: 1 },
        { mails: [note('z@example.org'), bad] },
      ),
    ).rejects.toThrow();
    expect(await store.list('contact')).toEqual([]);
    expect(await store.outboxCounts()).toEqual({ pending: 0, sent: 0, failed: 0 });
  });

  it('finds everything about an address in any case, and forgets it once', async () => {
    const ada = await store.add(
      'enrolment',
      { name: 'Ada', email: 'Ada@Example.org', course: 'Python', date: 1 },
      { mails: [note('staff@example.org'), note('ada@example.org')] },
    );
    const sub = await store.add(
      'newsletter',
      { name: 'Ada', email: 'ada@example.org', status: 'pending', date: 2 },
      { uniqueKey: 'ada@example.org', mails: [note('ADA@example.org')] },
    );
    await store.add(
      'contact',
      { name: 'Kojo', email: 'kojo@example.org', message: 'hi', date: 3 },
      {
        mails: [
          { ...note('staff@example.org'), text: 'Kojo mentioned ada@example.org.' },
          { ...note('staff@example.org'), text: 'lada@example.org and ada@example.org.uk are others' },
          { ...note('staff@example.org'), replyTo: 'ADA@example.org' },
        ],
      },
    );
    await store.claimJob('digest:2026-01-01', { name: 'digest', at: 4 }, [
      {
        ...note('staff@example.org'),
        attachments: [{ filename: 'x.csv', contentType: 'text/csv', content: '"email"\r\n"ada@example.org"\r\n' }],
      },
    ]);

    const found = await store.findEmail(' ADA@example.ORG ');
    expect(found.records.map((r) => [r.collection, r.id]).sort()).toEqual(
      [
        ['enrolment', ada.id],
        ['newsletter', sub.id],
      ].sort(),
    );
    // Two about the enrolment, one to the address, one naming it, one replying to it; the digest, which
    // lists the address among others, loses only its row.
    expect(found.mails).toHaveLength(5);
    expect(found.mails.every((m) => m.status === 'pending')).toBe(true);
    expect(found.redacted).toEqual([expect.objectContaining({ to: 'staff@example.org', rows: 1 })]);

    const removed = await store.forgetEmail('ada@example.org');
    expect(removed.records.map((r) => r.id).sort()).toEqual([ada.id, sub.id].sort());
    expect(removed.mails.map((m) => m.id).sort()).toEqual(found.mails.map((m) => m.id).sort());
    const nothing = { records: [], mails: [], redacted: [], markers: 0 };
    expect(await store.findEmail('ada@example.org')).toEqual(nothing);
    expect(await store.forgetEmail('ada@example.org')).toEqual(nothing);
    expect(await store.list('enrolment')).toEqual([]);
    expect(await store.getSubscriber('ada@example.org')).toBeNull();
    expect((await store.list('contact')).map((r) => r.data.name)).toEqual(['Kojo']);
    // Kojo's note naming someone else, and the digest without Ada's row.
    expect(await store.outboxCounts()).toEqual({ pending: 2, sent: 0, failed: 0 });
  });

  it('reads and updates a newsletter subscriber by address, queueing messages with the change', async () => {
    await store.add(
      'newsletter',
      { name: 'Ada', email: 'ada@example.org', status: 'pending', date: 1 },
      { uniqueKey: 'ada@example.org' },
    );
    expect((await store.getSubscriber('ADA@example.org'))?.data).toMatchObject({ status: 'pending' });
    expect(
      await store.updateSubscriber('Ada@Example.org', { status: 'confirmed', statusDate: 5 }, [
        note('ada@example.org'),
      ]),
    ).toBe(true);
    expect((await store.getSubscriber('ada@example.org'))?.data).toEqual({
      name: 'Ada',
      email: 'ada@example.org',
      status: 'confirmed',
      statusDate: 5,
      date: 1,
    });
    expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });
    expect(await store.updateSubscriber('nobody@example.org', { status: 'confirmed' }, [note('x@example.org')])).toBe(
      false,
    );
    expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });
  });

  it('purges records older than a date with their messages, by status and date field on request', async () => {
    await store.add('contact', { name: 'Old', email: 'o@example.org', date: 100 }, { mails: [note('s@example.org')] });
    await store.add('contact', { name: 'New', email: 'n@example.org', date: 300 }, { mails: [note('s@example.org')] });
    await store.add('user', { firstName: 'U', email: 'u@example.org', date: 100 });
    expect(await store.purgeRecords('contact', 200)).toBe(1);
    expect((await store.list('contact')).map((r) => r.data.name)).toEqual(['New']);
    expect((await store.list('user')).length).toBe(1);
    expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });

    const subscriber = (email: string, status: string, statusDate: number) =>
      store.add('newsletter', { name: 'S', email, status, statusDate, date: 1 }, { uniqueKey: email });
    await subscriber('p@example.org', 'pending', 100);
    await subscriber('q@example.org', 'pending', 900);
    await subscriber('c@example.org', 'confirmed', 100);
    expect(await store.purgeRecords('newsletter', 500, { dateField: 'statusDate', status: 'pending' })).toBe(1);
    expect((await store.list('newsletter')).map((r) => r.data.email).sort()).toEqual([
      'c@example.org',
      'q@example.org',
    ]);
    expect(await store.purgeRecords('newsletter', 500, { dateField: 'statusDate', status: 'pending' })).toBe(0);
  });

  it('clears the bodies of messages sent before a date and keeps who and what', async () => {
    await store.add(
      'contact',
      { name: 'A', email: 'a@example.org', date: 1 },
      {
        mails: [
          {
            ...note('old@example.org'),
            replyTo: 'reply@example.org',
            attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'ORGANIZER:inner@example.org' }],
          },
          note('new@example.org'),
          note('waiting@example.org'),
        ],
      },
    );
    const now = Date.now() + 1000;
    const claimed = await store.claimMails('w', now, 10, 60_000);
    const byTo = (to: string) => claimed.find((m) => m.to === to)!;
    await store.markSent(byTo('old@example.org').id, 1000);
    await store.markSent(byTo('new@example.org').id, 5000);
    await store.releaseMails([byTo('waiting@example.org').id]);
    expect((await store.findEmail('reply@example.org')).mails).toHaveLength(1);
    expect((await store.findEmail('inner@example.org')).mails).toHaveLength(1);

    expect(await store.clearSentBodies(2000)).toBe(1);
    expect(await store.clearSentBodies(2000)).toBe(0);
    expect((await store.findEmail('old@example.org')).mails).toEqual([
      { id: byTo('old@example.org').id, to: 'old@example.org', subject: 'For old@example.org', status: 'sent' },
    ]);
    // The reply-to and the attachment went with the body.
    expect((await store.findEmail('reply@example.org')).mails).toEqual([]);
    expect((await store.findEmail('inner@example.org')).mails).toEqual([]);
    expect((await store.claimMails('w', now + 1, 10, 60_000)).map((m) => [m.to, m.text])).toEqual([
      ['waiting@example.org', 'text'],
    ]);
    expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 2, failed: 0 });
  });

  it('runs a job once: the first claim commits its data and messages, later ones write nothing', async () => {
    expect(await store.lastJob('digest')).toBeNull();
    expect(await store.hasJob('digest:2026-11-22')).toBe(false);
    expect(
      await store.claimJob('digest:2026-11-22', { name: 'digest', at: 10, until: 10 }, [note('staff@example.org')]),
    ).toBe(true);
    expect(
      await store.claimJob('digest:2026-11-22', { name: 'digest', at: 11, until: 11 }, [note('staff@example.org')]),
    ).toBe(false);
    expect(await store.hasJob('digest:2026-11-22')).toBe(true);
    expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });
    expect(await store.claimJob('digest:2026-11-23', { name: 'digest', at: 20, until: 20 })).toBe(true);
    expect(await store.claimJob('other:2026-11-24', { name: 'other', at: 30 })).toBe(true);
    expect(await store.lastJob('digest')).toEqual({ name: 'digest', at: 20, until: 20 });
    await expect(store.claimJob('a/b', { name: 'a', at: 1 })).rejects.toThrow();
  });

  it('lets exactly one of many concurrent claims of a job win', async () => {
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.claimJob('digest:2026-12-01', { name: 'digest', at: i }, [note('staff@example.org')]),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });
  });

  it('keeps staff sessions until deleted, and touches them', async () => {
    expect(await store.getSession('nope')).toBeNull();
    await store.saveSession({ id: 'abc_-1', email: 'staff@example.org', createdAt: 10, seenAt: 10 });
    await store.touchSession('abc_-1', 25);
    expect(await store.getSession('abc_-1')).toEqual({
      id: 'abc_-1',
      email: 'staff@example.org',
      createdAt: 10,
      seenAt: 25,
    });
    expect(await store.listSessions()).toEqual([
      { id: 'abc_-1', email: 'staff@example.org', createdAt: 10, seenAt: 25 },
    ]);
    await store.deleteSession('abc_-1');
    expect(await store.getSession('abc_-1')).toBeNull();
    expect(await store.listSessions()).toEqual([]);
    expect(await store.getSession('../x')).toBeNull();
  });

  it('reads the inbox newest first across forms, by page, form, status and item, and updates a record', async () => {
    await store.add('contact', { name: 'C1', email: 'c1@example.org', date: 100 });
    const e1 = await store.add('user', { name: 'E1', email: 'e1@example.org', event: 'hack', date: 200 });
    await store.add('user', { name: 'E2', email: 'e2@example.org', event: 'other', date: 300 });
    await store.add('offer', { firstName: 'O', email: 'o@example.org', offer: 'x', date: 400 });
    const names = (rows: { data: { date?: unknown } }[]) => rows.map((r) => r.data.date);
    expect(names(await store.inbox({ limit: 10 }))).toEqual([400, 300, 200, 100]);
    const first = await store.inbox({ limit: 2 });
    expect(names(first)).toEqual([400, 300]);
    expect(first[0]!.collection).toBe('offer');
    expect(names(await store.inbox({ limit: 2, before: 300 }))).toEqual([200, 100]);
    expect(names(await store.inbox({ limit: 10, collection: 'user' }))).toEqual([300, 200]);
    expect(
      names(await store.inbox({ limit: 10, collection: 'user', item: { field: 'event', value: 'hack' } })),
    ).toEqual([200]);
    expect(names(await store.inbox({ limit: 10, since: 250 }))).toEqual([400, 300]);

    expect(await store.updateRecord('user', e1.id, { staffStatus: 'handled', handledBy: 's@example.org' })).toBe(true);
    expect(await store.updateRecord('user', 'missing', { staffStatus: 'handled' })).toBe(false);
    expect((await store.getRecord('user', e1.id))?.data).toMatchObject({ name: 'E1', staffStatus: 'handled' });
    expect(await store.getRecord('contact', e1.id)).toBeNull();
    expect(names(await store.inbox({ limit: 10, status: 'handled' }))).toEqual([200]);
    expect(names(await store.inbox({ limit: 2, status: 'new' }))).toEqual([400, 300]);
    expect(names(await store.inbox({ limit: 10, status: 'new', before: 300 }))).toEqual([100]);
    expect(await store.inbox({ limit: 10, status: 'spam' })).toEqual([]);
  });

  it('pages records of the same millisecond in one order, each exactly once', async () => {
    // Nine records over three forms, six of them sharing one millisecond.
    for (let i = 0; i < 9; i++) {
      const collection = (['contact', 'user', 'enrolment'] as const)[i % 3]!;
      await store.add(collection, { name: `P${i}`, email: `p${i}@example.org`, date: i < 6 ? 500 : 400 + i });
    }
    const whole = await store.inbox({ limit: 20 });
    expect(whole).toHaveLength(9);
    expect([...whole].sort(inboxOrder)).toEqual(whole);
    const seen: string[] = [];
    let after: InboxCursor | undefined;
    for (let page = 0; page < 10; page++) {
      const rows = await store.inbox({ limit: 2, after });
      seen.push(...rows.map((row) => row.id));
      if (rows.length < 2) break;
      after = { date: rows.at(-1)!.data.date as number, id: rows.at(-1)!.id };
    }
    expect(seen).toEqual(whole.map((row) => row.id));
    // A date bound leaves out the whole millisecond, whatever the ids.
    expect((await store.inbox({ limit: 20, before: 500 })).map((row) => row.data.date)).toEqual([408, 407, 406]);
    expect(await store.inbox({ limit: 20, since: 501 })).toEqual([]);
  });

  it('filters the inbox by language and finds people by the start of their words, on any filter', async () => {
    const amina = await store.add('user', {
      firstName: 'Aïcha',
      lastName: 'Diallo',
      email: 'A.Diallo+events@Example.org',
      event: 'hack',
      lang: 'fr',
      date: 100,
    });
    await store.add('contact', { name: 'Kwame Diawara', email: 'kd@example.org', lang: 'en', date: 200 });
    await store.add('enrolment', { name: 'Zanele', email: 'aicha.m@example.org', lang: 'fr', date: 300 });
    const dates = (rows: InboxRecord[]) => rows.map((row) => row.data.date);
    const term = (text: string, exact = false) => ({ text, exact });
    expect(dates(await store.inbox({ limit: 10, lang: 'fr' }))).toEqual([300, 100]);
    expect(dates(await store.inbox({ limit: 10, lang: 'en' }))).toEqual([200]);
    expect(dates(await store.inbox({ limit: 10, term: term('dia') }))).toEqual([200, 100]);
    expect(dates(await store.inbox({ limit: 10, term: term('aicha') }))).toEqual([300, 100]);
    expect(dates(await store.inbox({ limit: 10, term: term('aich'), lang: 'fr', collection: 'user' }))).toEqual([100]);
    expect(dates(await store.inbox({ limit: 10, term: term('events') }))).toEqual([100]);
    expect(dates(await store.inbox({ limit: 10, term: term('example') }))).toEqual([]);
    expect(dates(await store.inbox({ limit: 10, term: term('@a.diallo+events@example.org', true) }))).toEqual([100]);
    expect(dates(await store.inbox({ limit: 10, term: term('@a.diallo', true) }))).toEqual([]);
    expect(dates(await store.inbox({ limit: 1, term: term('d'), after: { date: 200, id: '' } }))).toEqual([100]);
    // The status is found after a change, and the record still by its words.
    await store.updateRecord('user', amina.id, { staffStatus: 'handled' });
    expect(dates(await store.inbox({ limit: 10, term: term('diallo'), status: 'handled' }))).toEqual([100]);
    expect(dates(await store.inbox({ limit: 10, term: term('diallo'), status: 'new' }))).toEqual([]);
    expect(dates(await store.inbox({ limit: 10, status: 'new' }))).toEqual([300, 200]);
    await store.updateRecord('user', amina.id, { staffStatus: null });
    expect(dates(await store.inbox({ limit: 10, status: 'new', item: { field: 'event', value: 'hack' } }))).toEqual([
      100,
    ]);
    // The inbox's own fields never come back with a record.
    expect(Object.keys((await store.getRecord('user', amina.id))!.data).sort()).toEqual(
      ['date', 'email', 'event', 'firstName', 'lang', 'lastName', 'staffStatus'].sort(),
    );
    // A forgotten person is found no more.
    await store.forgetEmail('a.diallo+events@example.org');
    expect(await store.inbox({ limit: 10, term: term('diallo') })).toEqual([]);
  });

  it('finds a subscriber by the name it has now, not the one it had', async () => {
    await store.add(
      'newsletter',
      { name: 'Old Name', email: 'renamed@example.org', date: 1 },
      { uniqueKey: 'renamed@example.org' },
    );
    expect(await store.updateSubscriber('renamed@example.org', { name: 'Wanjiru Kamau' })).toBe(true);
    const found = (text: string) => store.inbox({ limit: 5, term: { text, exact: false } });
    expect(await found('old')).toEqual([]);
    expect((await found('wanj')).map((row) => row.data.name)).toEqual(['Wanjiru Kamau']);
  });

  it('keeps a record under its status when a note is written at the same moment', async () => {
    const ids = await Promise.all(
      Array.from(
        { length: 20 },
        async (_, i) => (await store.add('contact', { email: `n${i}@example.org`, date: i })).id,
      ),
    );
    await Promise.all(
      ids.flatMap((id) => [
        store.updateRecord('contact', id, { staffStatus: 'spam', statusBy: 's@example.org' }),
        store.updateRecord('contact', id, { staffNote: 'seen', notedBy: 's@example.org' }),
      ]),
    );
    expect(await store.inbox({ limit: 50, status: 'new' })).toEqual([]);
    const spam = await store.inbox({ limit: 50, status: 'spam' });
    expect(spam.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(spam.every((row) => row.data.staffNote === 'seen')).toBe(true);
  });

  it('counts the records of a form, or those with one value', async () => {
    await store.add('newsletter', { email: 'a@example.org', status: 'pending', lang: 'fr', date: 1 });
    await store.add('newsletter', { email: 'b@example.org', status: 'confirmed', lang: 'fr', date: 2 });
    await store.add('newsletter', { email: 'c@example.org', lang: 'en', date: 3 });
    expect(await store.countRecords('newsletter')).toBe(3);
    expect(await store.countRecords('newsletter', { field: 'lang', value: 'fr' })).toBe(2);
    expect(await store.countRecords('newsletter', { field: 'status', value: 'pending' })).toBe(1);
    expect(await store.countRecords('contact')).toBe(0);
  });

  it('counts what the inbox filters find, as many as there are: an item without its spam, up to a date', async () => {
    const event = { field: 'event', value: 'hack' };
    for (let i = 0; i < 30; i++) {
      await store.add('user', {
        email: `p${i}@example.org`,
        firstName: `P${i}`,
        event: i % 3 === 0 ? 'other' : 'hack',
        lang: i % 2 ? 'fr' : 'en',
        date: i,
        ...(i % 5 === 0 ? { staffStatus: 'spam' } : {}),
      });
    }
    await store.add('contact', { email: 'c@example.org', name: 'C', date: 1 });
    expect(await store.countInbox({ collection: 'user', item: event })).toBe(20);
    expect(await store.countInbox({ collection: 'user', item: event, status: 'spam' })).toBe(4);
    expect(await store.countInbox({ collection: 'user', item: event, before: 10 })).toBe(6);
    expect(await store.countInbox({ collection: 'user', item: event, lang: 'fr', since: 10 })).toBe(7);
    expect(await store.countInbox({})).toBe(31);
    expect(await store.countInbox({ status: 'new', term: { text: 'p1', exact: false } })).toBe(9);
  });

  it("lists a record's mails with their state", async () => {
    const { id } = await store.add('contact', { email: 'a@example.org', date: 1 }, { mails: [note('x@example.org')] });
    const [message] = await store.mailsAbout(id);
    expect(message).toMatchObject({ to: 'x@example.org', status: 'pending' });
    await store.markSent(message!.id, 5);
    expect(await store.mailsAbout(id)).toEqual([{ ...message, status: 'sent' }]);
    expect(await store.mailsAbout('other')).toEqual([]);
  });

  it('keeps an audit trail newest first and purges it by date', async () => {
    await store.addAudit({ at: 1, who: 's@example.org', what: 'sign-in', detail: '' });
    await store.addAudit({ at: 3, who: 's@example.org', what: 'export', detail: 'user hack xlsx' });
    await store.addAudit({
      at: 2,
      who: 't@example.org',
      what: 'note',
      detail: '',
      record: { collection: 'contact', id: '1' },
    });
    expect((await store.auditLog(2)).map((e) => e.at)).toEqual([3, 2]);
    expect(await store.purgeAudit(2)).toBe(1);
    expect((await store.auditLog(10)).map((e) => e.what)).toEqual(['export', 'note']);
  });

  it('keeps the record an audit entry is about as a field, and reads an older entry packed in its detail alike', async () => {
    await store.addAudit({ at: 1, who: 's', what: 'spam', detail: '', record: { collection: 'user', id: 'u-1' } });
    await store.addAudit({ at: 2, who: 's', what: 'handled', detail: 'contact c-1' });
    await store.addAudit({ at: 3, who: 's', what: 'export', detail: 'contact c-1' });
    expect(await store.auditLog(5)).toEqual([
      { at: 3, who: 's', what: 'export', detail: 'contact c-1' },
      { at: 2, who: 's', what: 'handled', detail: '', record: { collection: 'contact', id: 'c-1' } },
      { at: 1, who: 's', what: 'spam', detail: '', record: { collection: 'user', id: 'u-1' } },
    ]);
  });

  it('pages each audit trail newest first by (at, id), filtered by action, who and dates, strangers apart', async () => {
    const staff = (at: number, what: AuditAction, who = 's@example.org') => ({ at, who, what, detail: '' });
    // Three entries in one millisecond, and strangers' refusals (no address) among them.
    for (const entry of [
      staff(1, 'sign-in'),
      staff(2, 'export', 't@example.org'),
      staff(2, 'note'),
      staff(2, 'export'),
      staff(3, 'sign-in-refused', ''),
      staff(4, 'handled'),
      staff(4, 'link-limited', ''),
      staff(5, 'sign-out'),
    ]) {
      await store.addAudit(entry);
    }
    const pages = async (query: Omit<AuditQuery, 'limit' | 'after'>, limit = 2) => {
      const seen: ListedAudit[] = [];
      for (let after: AuditCursor | undefined; ;) {
        const page = await store.auditPage({ ...query, after, limit });
        seen.push(...page);
        if (page.length < limit) return seen;
        after = { at: page.at(-1)!.at, id: page.at(-1)!.id };
      }
    };
    const staffTrail = await pages({ trail: 'staff' });
    expect(staffTrail.map((e) => `${e.at} ${e.what}`)).toEqual([
      '5 sign-out',
      '4 handled',
      ...staffTrail.slice(2, 5).map((e) => `2 ${e.what}`),
      '1 sign-in',
    ]);
    expect(
      staffTrail
        .slice(2, 5)
        .map((e) => e.what)
        .sort(),
    ).toEqual(['export', 'export', 'note']);
    // Each entry once, in the same order however the pages are cut.
    expect(new Set(staffTrail.map((e) => e.id)).size).toBe(6);
    expect((await pages({ trail: 'staff' }, 50)).map((e) => e.id)).toEqual(staffTrail.map((e) => e.id));
    expect((await pages({ trail: 'refusals' })).map((e) => `${e.at} ${e.what}`)).toEqual([
      '4 link-limited',
      '3 sign-in-refused',
    ]);
    expect(staffTrail[0]).toEqual({
      at: 5,
      who: 's@example.org',
      what: 'sign-out',
      detail: '',
      id: expect.any(String),
    });

    expect((await pages({ trail: 'staff', what: 'export' })).map((e) => e.who).sort()).toEqual([
      's@example.org',
      't@example.org',
    ]);
    expect((await pages({ trail: 'staff', who: 't@example.org' })).map((e) => e.what)).toEqual(['export']);
    expect((await pages({ trail: 'staff', what: 'export', who: 's@example.org' })).map((e) => e.at)).toEqual([2]);
    expect((await pages({ trail: 'staff', since: 2, before: 5 })).map((e) => e.at)).toEqual([4, 2, 2, 2]);
    expect((await pages({ trail: 'staff', what: 'note', since: 3 })).length).toBe(0);
  });

  it('keeps the team with each role, each change committed with its audit entry', async () => {
    const ada = { email: 'Ada@Example.org', role: 'door', addedBy: 'boss@example.org', addedAt: 5 } as const;
    await store.saveTeamMember(ada, {
      at: 5,
      who: 'boss@example.org',
      what: 'team-add',
      detail: 'ada@example.org door',
    });
    expect(await store.teamMember('ADA@example.org')).toEqual({ ...ada, email: 'ada@example.org' });
    await store.saveTeamMember(
      { ...ada, role: 'editor' },
      { at: 6, who: 'boss@example.org', what: 'team-role', detail: 'ada@example.org editor' },
    );
    expect((await store.teamMembers()).map((m) => `${m.email} ${m.role}`)).toEqual(['ada@example.org editor']);
    expect(await store.removeTeamMember('ada@example.org', { ...entry('team-remove'), at: 7 })).toBe(true);
    expect(await store.removeTeamMember('ada@example.org', { ...entry('team-remove'), at: 8 })).toBe(false);
    expect(await store.teamMember('ada@example.org')).toBeNull();
    expect((await store.auditLog(10)).map((e) => e.what)).toEqual(['team-remove', 'team-role', 'team-add']);
  });

  it('keeps every note of a thread, two written at once included, with a reply and its mail in one commit', async () => {
    const { id } = await store.add('contact', { name: 'C', email: 'c@example.org', message: 'Hi', date: 1 });
    const note = (by: string, at: number) =>
      store.addThreadEntry(
        'contact',
        id,
        { at, by, kind: 'note', text: `from ${by}` },
        { ...entry('note', '', { collection: 'contact', id }), who: by, at },
      );
    await Promise.all([note('a@example.org', 10), note('b@example.org', 10)]);
    const reply = await store.addThreadEntry(
      'contact',
      id,
      { at: 11, by: 'a@example.org', kind: 'reply', text: 'Thank you' },
      { ...entry('reply', '', { collection: 'contact', id }), at: 11 },
      { to: 'c@example.org', subject: 'Re', text: 'Thank you', html: '<p>Thank you</p>', replyTo: 'team@example.org' },
    );
    const thread = await store.threadOf(id);
    expect(thread.map((e) => `${e.kind} ${e.by} ${e.text}`).sort()).toEqual([
      'note a@example.org from a@example.org',
      'note b@example.org from b@example.org',
      'reply a@example.org Thank you',
    ]);
    expect(thread.at(-1)).toEqual(reply);
    expect((await store.mailsAbout(id)).map((m) => m.id)).toEqual([reply!.mailId]);
    expect((await store.auditLog(10)).map((e) => e.what).sort()).toEqual(['note', 'note', 'reply']);
    expect((await store.getRecord('contact', id))?.data).toEqual({
      name: 'C',
      email: 'c@example.org',
      message: 'Hi',
      date: 1,
    });

    expect(
      await store.addThreadEntry('contact', 'missing', { at: 1, by: 'a', kind: 'note', text: 'x' }, entry('note')),
    ).toBeNull();
    await store.forgetEmail('c@example.org');
    expect(await store.threadOf(id)).toEqual([]);
    expect(await store.auditLog(10)).toHaveLength(3);
  });

  it('changes several records at once, each with its audit entry, and finds them by assignee', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await store.add('contact', { name: `N${i}`, email: `${i}@x.org`, date: i })).id);
    const changed = await store.updateRecords(
      'contact',
      [...ids, 'missing', ids[0]!],
      { assignedTo: 'a@example.org' },
      (id) => entry('assign', 'a@example.org', { collection: 'contact', id }),
    );
    expect(changed.sort()).toEqual([...ids].sort());
    expect((await store.auditLog(10)).map((e) => e.record?.id).sort()).toEqual([...ids].sort());
    await store.updateRecord('contact', ids[1]!, { assignedTo: null });
    const mine = await store.inbox({ limit: 10, assignee: 'a@example.org' });
    expect(mine.map((r) => r.id)).toEqual([ids[2], ids[0]]);
    expect((await store.inbox({ limit: 10, assignee: '' })).map((r) => r.id)).toEqual([ids[1]]);
  });

  it('leaves spam and other forms out of the triage queue, and finds words of messages, countries and occupations', async () => {
    const spam = await store.add('contact', { name: 'S', email: 's@x.org', message: 'Buy now', date: 3 });
    await store.updateRecord('contact', spam.id, { staffStatus: 'spam' });
    const handled = await store.add('contact', { name: 'H', email: 'h@x.org', message: 'Venue question', date: 2 });
    await store.updateRecord('contact', handled.id, { staffStatus: 'handled' });
    const fresh = await store.add('offer', {
      firstName: 'O',
      email: 'o@x.org',
      occupation: 'Nurse',
      country: 'Ghana',
      date: 1,
    });
    await store.add('newsletter', { name: 'L', email: 'l@x.org', date: 4 });
    const queue = await store.inbox({ limit: 10, notSpam: true, collections: ['contact', 'offer'] });
    expect(queue.map((r) => r.id)).toEqual([handled.id, fresh.id]);
    expect((await store.inbox({ limit: 10, notSpam: true, status: 'spam' })).map((r) => r.id)).toEqual([spam.id]);
    const found = async (text: string) =>
      (await store.inbox({ limit: 10, term: { text, exact: false } })).map((r) => r.id);
    expect(await found('venu')).toEqual([handled.id]);
    expect(await found('nurs')).toEqual([fresh.id]);
    expect(await found('ghan')).toEqual([fresh.id]);
  });

  // An audit entry the store cannot write (NOT NULL in SQLite, not a value Firestore can hold).
  const unwritable = { at: 9, who: undefined as unknown as string, what: 'note', detail: () => 'x' } as never;
  const entry = (what: AuditAction, detail = '', record?: AuditEntry['record']) => ({
    at: 9,
    who: 's@example.org',
    what,
    detail,
    ...(record ? { record } : {}),
  });
  const whats = async () =>
    (await store.auditLog(50)).map((e) =>
      `${e.what} ${e.record ? `${e.record.collection} ${e.record.id}` : ''}${e.detail}`.trim(),
    );

  it('commits a record update with its audit entry, and neither for a missing record or an unwritable entry', async () => {
    const { id } = await store.add('contact', { name: 'C', email: 'c@example.org', date: 1 });
    expect(
      await store.updateRecord(
        'contact',
        id,
        { staffStatus: 'handled' },
        entry('handled', '', { collection: 'contact', id }),
      ),
    ).toBe(true);
    expect((await store.getRecord('contact', id))?.data.staffStatus).toBe('handled');
    expect(await whats()).toEqual([`handled contact ${id}`]);

    expect(await store.updateRecord('contact', 'missing', { staffStatus: 'spam' }, entry('spam'))).toBe(false);
    expect(await store.updateRecord('user', id, { staffStatus: 'spam' }, entry('spam'))).toBe(false);
    await expect(store.updateRecord('contact', id, { staffStatus: 'spam' }, unwritable)).rejects.toThrow();
    expect((await store.getRecord('contact', id))?.data.staffStatus).toBe('handled');
    expect(await store.getRecord('user', id)).toBeNull();
    expect(await whats()).toEqual([`handled contact ${id}`]);
  });

  it('forgets the address of one record with its audit entry, made of what was found, in the same commit', async () => {
    const ada = await store.add(
      'contact',
      { name: 'Ada', email: 'Ada@Example.org', date: 1 },
      { mails: [note('staff@example.org')] },
    );
    await store.add(
      'user',
      { name: 'Ada', email: 'ada@example.org', event: 'x', date: 2 },
      { seat: { key: 'event:x', capacity: 3 } },
    );
    const kojo = await store.add('contact', { name: 'Kojo', email: 'kojo@example.org', date: 3 });
    const audit = (found: { records: unknown[]; mails: unknown[] }) =>
      entry('forget', `${found.records.length} records, ${found.mails.length} mails`);

    expect(await store.forgetRecord('contact', 'missing', audit)).toBeNull();
    expect(await store.forgetRecord('user', ada.id, audit)).toBeNull();
    await expect(store.forgetRecord('contact', ada.id, () => unwritable)).rejects.toThrow();
    expect(await whats()).toEqual([]);
    // On SQLite the failed forget removed nothing. The Firestore emulator applies a refused batch's
    // writes up to the refused one, which comes first here: nothing either.
    expect((await store.findEmail('ada@example.org')).records).toHaveLength(2);

    const found = await store.forgetRecord('contact', ada.id, audit);
    expect(found?.records.map((r) => r.collection).sort()).toEqual(['contact', 'user']);
    expect(found?.mails).toHaveLength(1);
    expect(await whats()).toEqual(['forget 2 records, 1 mails']);
    expect(await store.findEmail('ada@example.org')).toEqual({ records: [], mails: [], redacted: [], markers: 0 });
    expect(await store.seatsTaken('event:x')).toBe(0);
    expect(await store.getRecord('contact', kojo.id)).not.toBeNull();
    // The record is gone: a second forget by it finds nothing and records nothing.
    expect(await store.forgetRecord('contact', ada.id, audit)).toBeNull();
    expect(await whats()).toEqual(['forget 2 records, 1 mails']);

    expect(await store.forgetEmail('kojo@example.org', (f) => ({ ...audit(f), at: 10 }))).toMatchObject({
      records: [{ id: kojo.id }],
    });
    expect(await whats()).toEqual(['forget 1 records, 0 mails', 'forget 2 records, 1 mails']);
  });

  it('saves and deletes sessions with their audit entries, and records no deletion of a missing session', async () => {
    const session = { id: 'sess_1', email: 's@example.org', createdAt: 1, seenAt: 1 };
    await expect(store.saveSession(session, unwritable)).rejects.toThrow();
    expect(await store.getSession('sess_1')).toBeNull();
    await store.saveSession(session, entry('sign-in'));
    expect(await store.getSession('sess_1')).toEqual(session);
    expect(await whats()).toEqual(['sign-in']);

    await expect(store.deleteSession('sess_1', unwritable)).rejects.toThrow();
    expect(await store.getSession('sess_1')).toEqual(session);
    expect(await store.deleteSession('sess_1', { ...entry('sign-out'), at: 10 })).toBe(true);
    expect(await store.getSession('sess_1')).toBeNull();
    expect(await store.deleteSession('sess_1', { ...entry('sign-out'), at: 11 })).toBe(false);
    expect(await store.deleteSession('../x', entry('sign-out'))).toBe(false);
    expect(await whats()).toEqual(['sign-out', 'sign-in']);
    await store.saveSession({ ...session, id: 'sess_2' });
    expect(await store.deleteSession('sess_2')).toBe(true);
    expect(await whats()).toEqual(['sign-out', 'sign-in']);
  });

  it('commits a job claim with its audit entry, and no entry for a claim that loses', async () => {
    expect(await store.claimJob('link:1', { name: 'link', at: 1 }, [note('s@example.org')], entry('link-sent'))).toBe(
      true,
    );
    expect(await store.claimJob('link:1', { name: 'link', at: 2 }, [note('s@example.org')], entry('link-sent'))).toBe(
      false,
    );
    await expect(
      store.claimJob('link:2', { name: 'link', at: 3 }, [note('s@example.org')], unwritable),
    ).rejects.toThrow();
    expect(await store.hasJob('link:2')).toBe(false);
    expect(await whats()).toEqual(['link-sent']);
    expect(await store.outboxCounts()).toEqual({ pending: 1, sent: 0, failed: 0 });
  });

  // Instances sharing a store: several connections, each claiming as an outbox worker does.
  async function connections(count: number): Promise<Store[]> {
    return [store, ...(await Promise.all(Array.from({ length: count - 1 }, () => harness.another())))];
  }
  const closeOthers = (stores: Store[]) => Promise.all(stores.slice(1).map((s) => s.close()));

  it('gives each message to exactly one of many instances claiming at once', async () => {
    for (let i = 0; i < 4; i++) {
      await store.add(
        'contact',
        { name: `C${i}`, email: `c${i}@example.org`, date: i },
        { mails: [note('staff@example.org'), note(`c${i}@example.org`), note('x@example.org')] },
      );
    }
    const stores = await connections(4);
    const now = Date.now() + 1000;
    const rounds = await Promise.all(
      stores.flatMap((s, i) => [s.claimMails(`w${i}`, now, 5, 60_000), s.claimMails(`v${i}`, now, 5, 60_000)]),
    );
    const ids = rounds.flat().map((m) => m.id);
    expect(ids).toHaveLength(new Set(ids).size);
    // Claimed messages stay claimed: the rest of the 12 are still there for one more claim.
    const rest = await store.claimMails('last', now, 20, 60_000);
    expect(ids.length + rest.length).toBe(12);
    expect(new Set([...ids, ...rest.map((m) => m.id)]).size).toBe(12);
    await closeOthers(stores);
  });

  it('gives a lapsed claim to exactly one of many instances claiming at once', async () => {
    await store.add('contact', { name: 'A', email: 'a@example.org', date: 1 }, { mails: [note('once@example.org')] });
    const stores = await connections(5);
    const now = Date.now() + 1000;
    const [first] = await store.claimMails('crashed', now, 10, 1000);
    expect(first).toBeDefined();
    for (const later of [now + 1000, now + 2000]) {
      const claims = await Promise.all(stores.map((s, i) => s.claimMails(`w${i}`, later, 10, 1000)));
      expect(claims.flat().map((m) => m.id)).toEqual([first!.id]);
    }
    await closeOthers(stores);
  });

  it('takes seats up to the capacity, refuses the next with FullError storing nothing, and frees a removed record’s seat', async () => {
    const seat = { key: 'event:baobab-hackathon', capacity: 2 };
    const register = (email: string, date: number) =>
      store.add('user', { firstName: 'A', email, date }, { seat, mails: [note('staff@example.org')] });
    expect(await store.seatsTaken(seat.key)).toBe(0);
    await register('a@example.org', 100);
    await register('b@example.org', 300);
    await expect(register('c@example.org', 300)).rejects.toBeInstanceOf(FullError);
    await expect(register('c@example.org', 300)).rejects.toHaveProperty('name', 'FullError');
    expect(await store.seatsTaken(seat.key)).toBe(2);
    expect((await store.list('user')).map((r) => r.data.email)).toEqual(['a@example.org', 'b@example.org']);
    expect(await store.outboxCounts()).toEqual({ pending: 2, sent: 0, failed: 0 });
    // Another key has seats of its own; a record without a seat takes none.
    await store.add(
      'user',
      { firstName: 'O', email: 'o@example.org', date: 300 },
      { seat: { ...seat, key: 'offer:x' } },
    );
    await store.add('user', { firstName: 'N', email: 'n@example.org', date: 300 });
    expect(await store.seatsTaken(seat.key)).toBe(2);
    expect(await store.seatsTaken('offer:x')).toBe(1);

    await store.forgetEmail('a@example.org');
    expect(await store.seatsTaken(seat.key)).toBe(1);
    await register('c@example.org', 300);
    expect(await store.seatsTaken(seat.key)).toBe(2);
    expect(await store.purgeRecords('user', 400)).toBe(4);
    expect(await store.seatsTaken(seat.key)).toBe(0);
    expect(await store.seatsTaken('offer:x')).toBe(0);
    await expect(store.add('user', { email: 'x@example.org' }, { seat: { key: 'a/b', capacity: 1 } })).rejects.toThrow(
      /seat key/,
    );
  });

  it('never gives more seats than the capacity to many instances adding at once, and stores nothing for the refused', async () => {
    const seat = { key: 'event:crowded', capacity: 5 };
    const stores = await connections(4);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        stores[i % stores.length]!.add(
          'user',
          { firstName: 'P', email: `p${i}@example.org`, date: i },
          {
            seat,
            submissionKey: `registerEvent:${i}`,
            mails: [note('staff@example.org'), { ...note(`p${i}@example.org`), onceKey: `once:${i % 3}` }],
          },
        ),
      ),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
    expect(refused).toHaveLength(19);
    expect(refused.filter((reason) => !(reason instanceof FullError)).map(String)).toEqual([]);
    expect(await store.list('user')).toHaveLength(5);
    expect(await store.seatsTaken(seat.key)).toBe(5);
    // Each stored record has its staff message; no refused add left one behind.
    const queued = await store.claimMails('w', Date.now() + 1000, 50, 60_000);
    expect(queued.filter((m) => m.to === 'staff@example.org')).toHaveLength(5);
    // The same submission again is a duplicate, and takes no seat.
    await store.forgetEmail('p0@example.org');
    await store.forgetEmail('p1@example.org');
    const kept = (await store.list('user'))[0]!;
    const i = Number(String(kept.data.email).slice(1, -'@example.org'.length));
    await expect(store.add('user', kept.data, { seat, submissionKey: `registerEvent:${i}` })).rejects.toHaveProperty(
      'name',
      'DuplicateError',
    );
    expect(await store.seatsTaken(seat.key)).toBe((await store.list('user')).length);
    await closeOthers(stores);
  });

  describe('places', () => {
    // The emulator answers each of the many commits of a crowd in turn.
    jest.setTimeout(60_000);
    const seat = { key: 'event:places', capacity: 2 };
    const waitlist = { data: { note: 'waiting' }, mails: [note('staff@example.org')] };
    const register = (s: Store, email: string, options: { waitlist?: boolean } = {}) =>
      s.add(
        'user',
        { firstName: 'P', email, event: 'places', date: Date.now() },
        {
          seat: { ...seat, ...(options.waitlist ? { waitlist } : {}) },
          mails: [note('staff@example.org'), note(email)],
        },
      );
    const entry = (what: AuditAction, id: string): AuditEntry => ({
      at: 1,
      who: 's@example.org',
      what,
      detail: '',
      record: { collection: 'user', id },
    });
    const offer = (at: number) => async () => ({
      at,
      expiresAt: at + 1000,
      changes: { offerExpiresAt: at + 1000 },
      mails: [note('offer@example.org')],
    });

    it('frees a seat at once when its record is marked as spam, cancelled or removed, and takes one again', async () => {
      const [a, b] = [await register(store, 'a@example.org'), await register(store, 'b@example.org')];
      await expect(register(store, 'c@example.org')).rejects.toHaveProperty('name', 'FullError');
      expect(await store.updateRecord('user', a.id, { staffStatus: 'spam' }, entry('spam', a.id))).toBe(true);
      expect(await store.seatsTaken(seat.key)).toBe(1);
      // Its note and other changes free nothing more; a seat freed is a seat anyone can take.
      expect(await store.updateRecord('user', a.id, { statusBy: 'x' })).toBe(true);
      const c = await register(store, 'c@example.org');
      expect(await store.seatsTaken(seat.key)).toBe(2);
      // Back from spam: no seat is free any more, so it waits; cancelled, b frees its seat for a.
      expect(await store.takeSeat('user', a.id, seat, { staffStatus: null })).toBe('full');
      expect(await store.joinWaitingList('user', a.id, seat.key, { staffStatus: null })).toBe(1);
      expect((await store.waitingList(seat.key)).map((t) => t.recordId)).toEqual([a.id]);
      expect(await store.updateRecord('user', b.id, { booking: 'cancelled' })).toBe(true);
      expect(await store.seatsTaken(seat.key)).toBe(1);
      expect(await store.takeSeat('user', a.id, seat, {}, [note('a@example.org')], entry('handled', a.id))).toBe(
        'taken',
      );
      expect(await store.waitingList(seat.key)).toEqual([]);
      expect((await store.getRecord('user', a.id))?.data).toMatchObject({ booking: 'registered', staffStatus: null });
      // A record that holds its seat takes it once.
      expect(await store.takeSeat('user', a.id, seat, {})).toBe('taken');
      expect(await store.seatsTaken(seat.key)).toBe(2);
      // Several marked as spam at once free theirs, and a removed record its own.
      expect(await store.updateRecords('user', [a.id], { staffStatus: 'spam' }, (id) => entry('spam', id))).toEqual([
        a.id,
      ]);
      expect(await store.seatsTaken(seat.key)).toBe(1);
      await store.forgetEmail('c@example.org');
      expect(await store.seatsTaken(seat.key)).toBe(0);
      expect(await store.takeSeat('user', c.id, seat, {})).toBe('gone');
    });

    it('lays what a seat owes over a record only when it takes one, not when it joins the waiting list', async () => {
      const owes = { payStatus: 'unpaid', payReference: 'BD-SEATED00000' };
      const add = (email: string) =>
        store.add(
          'user',
          { firstName: 'P', email, event: 'places', date: Date.now() },
          { seat: { ...seat, waitlist, seated: owes } },
        );
      const [a, b, c] = [await add('a@example.org'), await add('b@example.org'), await add('c@example.org')];
      expect([a.waiting, b.waiting, c.waiting]).toEqual([undefined, undefined, 1]);
      expect((await store.getRecord('user', a.id))?.data).toMatchObject(owes);
      expect((await store.getRecord('user', b.id))?.data).toMatchObject(owes);
      const waiting = (await store.getRecord('user', c.id))?.data;
      expect(waiting).toMatchObject({ booking: 'waiting', waitPosition: 1, note: 'waiting' });
      expect(waiting).not.toHaveProperty('payStatus');
      expect(waiting).not.toHaveProperty('payReference');
    });

    it('puts 20 registrations sent at once for 3 places on 4 instances: 3 seats, then a waiting list numbered 1 to 17', async () => {
      const crowded = { key: 'event:crowded', capacity: 3, waitlist };
      const stores = await connections(4);
      const added = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          stores[i % stores.length]!.add(
            'user',
            { firstName: 'P', email: `p${i}@example.org`, event: 'crowded', date: i },
            { seat: crowded, submissionKey: `k${i}`, mails: [note(`p${i}@example.org`)] },
          ),
        ),
      );
      expect(await store.seatsTaken(crowded.key)).toBe(3);
      const positions = added.flatMap((a) => (a.waiting === undefined ? [] : [a.waiting]));
      expect(positions.sort((x, y) => x - y)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
      const waiting = await store.waitingList(crowded.key);
      expect(waiting.map((t) => t.position)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
      // Each waiting record says where it stands, with the list's data and mails instead of its own.
      for (const ticket of waiting) {
        const record = (await store.getRecord('user', ticket.recordId))!;
        expect(record.data).toMatchObject({ booking: 'waiting', waitPosition: ticket.position, note: 'waiting' });
        expect((await store.mailsAbout(ticket.recordId)).map((m) => m.to)).toEqual(['staff@example.org']);
      }
      // Someone waiting comes first: a seat freed is not taken by a new registration.
      const seated = added.find((a) => a.waiting === undefined)!;
      await store.updateRecord('user', seated.id, { booking: 'cancelled' });
      const late = await store.add(
        'user',
        { firstName: 'L', email: 'late@example.org', event: 'crowded', date: 99 },
        { seat: crowded },
      );
      expect(late.waiting).toBe(18);
      await closeOthers(stores);
    });

    it('offers two seats freed at once on two instances to the first two waiting: two offers, never three', async () => {
      const full = { key: 'event:freed', capacity: 3 };
      const people = [];
      for (let i = 0; i < 6; i++) {
        people.push(
          await store.add(
            'user',
            { firstName: 'P', email: `f${i}@example.org`, event: 'freed', date: i },
            { seat: { ...full, waitlist } },
          ),
        );
      }
      const [other] = (await connections(2)).slice(1);
      const [x, y] = people;
      await Promise.all([
        store.updateRecord('user', x!.id, { booking: 'cancelled' }),
        other!.updateRecord('user', y!.id, { booking: 'cancelled' }),
      ]);
      const rounds = await Promise.all([
        offerFreedSeats(store, full, offer(10)),
        offerFreedSeats(other!, full, offer(10)),
        offerFreedSeats(other!, full, offer(10)),
      ]);
      expect(
        rounds
          .flat()
          .map((t) => t.position)
          .sort(),
      ).toEqual([1, 2]);
      const offers = await store.offers(full.key);
      expect(offers.map((o) => [o.position, o.outcome])).toEqual(
        expect.arrayContaining([
          [1, null],
          [2, null],
        ]),
      );
      expect(offers).toHaveLength(2);
      expect(new Set(offers.map((o) => o.n)).size).toBe(2);
      expect(await store.seatsTaken(full.key)).toBe(3);
      expect((await store.waitingList(full.key)).map((t) => t.position)).toEqual([3]);
      for (const o of offers) {
        expect((await store.getRecord('user', o.recordId))?.data).toMatchObject({ booking: 'offered' });
        expect((await store.mailsAbout(o.recordId)).map((m) => m.to)).toContain('offer@example.org');
      }
      // With no seat free, another round offers nothing.
      expect(await offerFreedSeats(other!, full, offer(10))).toEqual([]);
      await other!.close();
    });

    it('ends an offer once: a claim racing its expiry on two instances wins or loses whole, and a late claim is refused', async () => {
      const full = { key: 'event:race', capacity: 1 };
      const seated = await store.add('user', { email: 'r0@example.org', event: 'race', date: 0 }, { seat: full });
      const waiter = await store.add(
        'user',
        { email: 'r1@example.org', event: 'race', date: 1 },
        { seat: { ...full, waitlist } },
      );
      const third = await store.add(
        'user',
        { email: 'r2@example.org', event: 'race', date: 2 },
        { seat: { ...full, waitlist } },
      );
      await store.updateRecord('user', seated.id, { booking: 'cancelled' });
      expect((await offerFreedSeats(store, full, offer(100))).map((t) => t.recordId)).toEqual([waiter.id]);
      expect((await store.lapsedOffers(1099)).map((o) => o.recordId)).toEqual([]);
      expect((await store.lapsedOffers(1100)).map((o) => o.recordId)).toEqual([waiter.id]);
      const [other] = (await connections(2)).slice(1);
      const where = { key: full.key, position: 1 };
      const [claimed, expired] = await Promise.all([
        store.endOffer(where, 'claimed', 1099, {}, [note('r1@example.org')], entry('handled', waiter.id)),
        other!.endOffer(where, 'expired', 1100, {}),
      ]);
      expect([claimed, expired].filter(Boolean)).toHaveLength(1);
      const [ended] = await store.offers(full.key);
      const record = (await store.getRecord('user', waiter.id))!.data;
      if (claimed) {
        expect(ended!.outcome).toBe('claimed');
        expect(record.booking).toBe('registered');
        expect(await store.seatsTaken(full.key)).toBe(1);
      } else {
        expect(ended!.outcome).toBe('expired');
        expect(record.booking).toBe('passed');
        expect(await store.seatsTaken(full.key)).toBe(0);
      }
      // Ended, it ends no more; it is no longer lapsed; a claim after the expiry is refused.
      expect(await store.endOffer(where, 'claimed', 1050, {})).toBe(false);
      expect(await store.endOffer(where, 'expired', 2000, {})).toBe(false);
      expect(await store.lapsedOffers(5000)).toEqual([]);
      if (!claimed) {
        expect((await offerFreedSeats(store, full, offer(3000))).map((t) => t.recordId)).toEqual([third.id]);
        expect(await store.endOffer({ key: full.key, position: 2 }, 'claimed', 4000, {})).toBe(false);
        expect(await store.endOffer({ key: full.key, position: 2 }, 'claimed', 3999, {})).toBe(true);
        expect(await store.seatsTaken(full.key)).toBe(1);
      }
      await other!.close();
    });

    it('frees an offered seat when its person cancels, and ends the offer as declined', async () => {
      const full = { key: 'event:declined', capacity: 1 };
      const seated = await store.add('user', { email: 'd0@example.org', event: 'declined', date: 0 }, { seat: full });
      const waiter = await store.add(
        'user',
        { email: 'd1@example.org', event: 'declined', date: 1 },
        { seat: { ...full, waitlist } },
      );
      await store.updateRecord('user', seated.id, { staffStatus: 'spam' });
      await offerFreedSeats(store, full, offer(100));
      expect(await store.seatsTaken(full.key)).toBe(1);
      await store.updateRecord('user', waiter.id, { booking: 'cancelled' });
      expect(await store.seatsTaken(full.key)).toBe(0);
      expect((await store.offers(full.key)).map((o) => o.outcome)).toEqual(['declined']);
      expect(await store.endOffer({ key: full.key, position: 1 }, 'claimed', 150, {})).toBe(false);
      // Someone waiting who leaves the list is not offered a seat.
      const third = await store.add(
        'user',
        { email: 'd2@example.org', event: 'declined', date: 2 },
        { seat: { ...full, waitlist } },
      );
      expect(third.waiting).toBeUndefined();
    });

    it('checks a guest in once, even from two instances at once, and keeps the first', async () => {
      const guest = await register(store, 'g@example.org');
      const [other] = (await connections(2)).slice(1);
      const [one, two] = await Promise.all([
        store.checkIn('user', guest.id, seat.key, 100, 'door1@example.org', entry('check-in', guest.id)),
        other!.checkIn('user', guest.id, seat.key, 200, 'door2@example.org', entry('check-in', guest.id)),
      ]);
      expect([one?.first, two?.first].filter(Boolean)).toHaveLength(1);
      const kept = (one!.first ? one : two)!.checkIn;
      expect(one!.checkIn).toEqual(kept);
      expect(two!.checkIn).toEqual(kept);
      expect(await store.checkIns(seat.key)).toEqual([kept]);
      expect((await store.getRecord('user', guest.id))?.data).toMatchObject({
        checkedInAt: kept.at,
        checkedInBy: kept.by,
      });
      expect((await store.auditLog(10)).filter((e) => e.what === 'check-in')).toHaveLength(1);
      expect(await store.checkIn('user', 'nobody', seat.key, 300, 'd', entry('check-in', 'nobody'))).toBeNull();
      await store.forgetEmail('g@example.org');
      expect(await store.checkIns(seat.key)).toEqual([]);
      await other!.close();
    });
  });

  // Payments (docs/product.md §14): a record's payment, found by its reference and settled once.
  const enrolled = (reference: string, date: number, more: Record<string, string | number> = {}) =>
    store.add('enrolment', {
      name: 'Ada Obi',
      email: 'ada@example.org',
      course: 'Data Analysis with Python',
      date,
      payStatus: 'unpaid',
      payAmount: 10_500,
      payCurrency: 'USD',
      payReference: reference,
      ...more,
    });
  const paid = (at: number) => ({ payStatus: 'paid', paidAt: at, payMethod: 'paystack', payChannel: 'card' });
  const receipt = { to: 'ada@example.org', subject: 'Receipt', text: 'Receipt', html: '<p>Receipt</p>' };

  it('finds a record by its payment reference, settles it once with its receipt and entry, and filters by payment', async () => {
    const { id } = await enrolled('BD-AAAA', 100);
    const other = await enrolled('BD-BBBB', 200);
    await store.add('offer', {
      email: 'o@example.org',
      offer: 'x',
      date: 300,
      payStatus: 'unpaid',
      payReference: 'BD-CCCC',
    });
    await store.add('contact', { name: 'C', email: 'c@example.org', message: 'BD-AAAA', date: 400 });
    expect((await store.findPayment('BD-AAAA'))?.id).toBe(id);
    expect(await store.findPayment('BD-CCCC')).toMatchObject({
      collection: 'offer',
      data: { payReference: 'BD-CCCC' },
    });
    expect(await store.findPayment('BD-NONE')).toBeNull();

    const audit = entry('paid', 'Paystack', { collection: 'enrolment', id });
    expect(await store.settlePayment('enrolment', id, 'paid', paid(150), [receipt], audit)).toBe('done');
    expect((await store.getRecord('enrolment', id))?.data).toMatchObject({
      payStatus: 'paid',
      paidAt: 150,
      name: 'Ada Obi',
    });
    // The same settlement again, with other words, changes nothing and mails nothing.
    const again = { ...paid(999), payMethod: 'hand' };
    expect(await store.settlePayment('enrolment', id, 'paid', again, [receipt], audit)).toBe('already');
    expect((await store.getRecord('enrolment', id))?.data).toMatchObject({ paidAt: 150, payMethod: 'paystack' });
    expect(await store.mailsAbout(id)).toEqual([
      expect.objectContaining({ to: 'ada@example.org', subject: 'Receipt' }),
    ]);
    expect(await whats()).toEqual([`paid enrolment ${id}Paystack`]);
    // A refund is its own settlement, once too.
    const refund = { payStatus: 'refunded', refundedAt: 500 };
    const refundEntry = entry('refunded', '', { collection: 'enrolment', id });
    expect(await store.settlePayment('enrolment', id, 'refunded', refund, [], refundEntry)).toBe('done');
    expect(await store.settlePayment('enrolment', id, 'refunded', refund, [], refundEntry)).toBe('already');
    expect(await store.settlePayment('enrolment', 'missing', 'paid', paid(1), [receipt], audit)).toBe('missing');
    expect(await store.settlePayment('offer', id, 'paid', paid(1), [receipt], audit)).toBe('missing');

    const byPayment = async (payStatus: 'unpaid' | 'paid' | 'refunded', more = {}) =>
      (await store.inbox({ collection: 'enrolment', payStatus, limit: 10, ...more })).map((r) => r.id);
    expect(await byPayment('unpaid')).toEqual([other.id]);
    expect(await byPayment('refunded')).toEqual([id]);
    expect(await byPayment('paid')).toEqual([]);
    const item = { field: 'course', value: 'Data Analysis with Python' };
    expect(await byPayment('unpaid', { item, status: 'new', lang: undefined })).toEqual([other.id]);
    expect(await byPayment('unpaid', { term: { text: 'ada', exact: false } })).toEqual([other.id]);
    // A forgotten record goes with its settlements: nothing is left to find or to settle.
    await store.forgetRecord('enrolment', id);
    expect(await store.findPayment('BD-AAAA')).toBeNull();
    expect(await store.settlePayment('enrolment', id, 'paid', paid(1), [receipt], audit)).toBe('missing');
  });

  it('marks a payment paid once among many instances settling at once: one receipt, one entry', async () => {
    const { id } = await enrolled('BD-RACE', 100);
    const stores = await connections(4);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        stores[i % stores.length]!.settlePayment(
          'enrolment',
          id,
          'paid',
          paid(1000 + i),
          [receipt],
          entry('paid', `try ${i}`, { collection: 'enrolment', id }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(11);
    const winner = outcomes.indexOf('done');
    expect((await store.getRecord('enrolment', id))?.data.paidAt).toBe(1000 + winner);
    expect(await store.mailsAbout(id)).toHaveLength(1);
    expect(await whats()).toEqual([`paid enrolment ${id}try ${winner}`]);
    await closeOthers(stores);
  });

  it('lists unpaid payments started since a date, oldest start first, and those paid since a date', async () => {
    const old = await enrolled('BD-OLD', 1, { payStartedAt: 50 });
    const late = await enrolled('BD-LATE', 2, { payStartedAt: 300 });
    const early = await enrolled('BD-EARLY', 3, { payStartedAt: 200 });
    await enrolled('BD-NEVER', 4);
    const settled = await enrolled('BD-PAID', 5, { payStartedAt: 250 });
    await store.settlePayment('enrolment', settled.id, 'paid', paid(260), [], entry('paid'));
    await store.add('offer', {
      email: 'o@example.org',
      date: 6,
      payStatus: 'unpaid',
      payReference: 'BD-O',
      payStartedAt: 400,
    });
    expect((await store.pendingPayments(100, 10)).map((r) => r.data.payReference)).toEqual([
      'BD-EARLY',
      'BD-LATE',
      'BD-O',
    ]);
    expect((await store.pendingPayments(100, 1)).map((r) => r.id)).toEqual([early.id]);
    expect((await store.pendingPayments(0, 10)).map((r) => r.id)).toContain(old.id);
    expect(late.id).toBeDefined();
    // What was paid since a time, for the digest: only what is still paid.
    const refunded = await enrolled('BD-REFUND', 7, { payStartedAt: 250 });
    await store.settlePayment('enrolment', refunded.id, 'paid', paid(270), [], entry('paid'));
    await store.settlePayment('enrolment', refunded.id, 'refunded', { payStatus: 'refunded' }, [], entry('refunded'));
    expect((await store.paidSince(265)).map((r) => r.data.payReference)).toEqual([]);
    expect((await store.paidSince(100)).map((r) => [r.collection, r.data.payReference])).toEqual([
      ['enrolment', 'BD-PAID'],
    ]);
  });

  it('mails about a record once per key, with its change and entry in the same commit, and not for a missing record', async () => {
    const { id } = await enrolled('BD-REMIND', 1);
    const reminder = { ...receipt, subject: 'Reminder', onceKey: 'pay-reminder:ada:2026-11-27' };
    const remind = (at: number, mail = reminder) =>
      store.mailAboutRecord(
        'enrolment',
        id,
        { payRemindedAt: at },
        mail,
        entry('pay-reminder', '', { collection: 'enrolment', id }),
      );
    expect(await remind(10)).toBe(true);
    expect(await remind(20)).toBe(false);
    expect((await store.getRecord('enrolment', id))?.data.payRemindedAt).toBe(10);
    expect(await store.mailsAbout(id)).toEqual([expect.objectContaining({ subject: 'Reminder' })]);
    expect(await whats()).toEqual([`pay-reminder enrolment ${id}`]);
    // Another day's key is another mail.
    expect(await remind(30, { ...reminder, onceKey: 'pay-reminder:ada:2026-11-28' })).toBe(true);
    expect(await store.mailsAbout(id)).toHaveLength(2);
    expect(
      await store.mailAboutRecord('enrolment', 'missing', {}, { ...reminder, onceKey: 'other' }, entry('pay-reminder')),
    ).toBe(false);
    await expect(
      store.mailAboutRecord('enrolment', id, { payRemindedAt: 40 }, { ...reminder, onceKey: 'x:1' }, unwritable),
    ).rejects.toThrow();
    expect((await store.getRecord('enrolment', id))?.data.payRemindedAt).toBe(30);
    expect(await store.mailsAbout(id)).toHaveLength(2);
  });

  it('commits many concurrent writes without losing one', async () => {
    const writes = Array.from({ length: 50 }, (_, i) =>
      store.add('offer', { email: `p${i}@example.org`, firstName: 'P', lastName: String(i), date: 100 + i }),
    );
    const ids = await Promise.all(writes);
    expect(new Set(ids.map((r) => r.id)).size).toBe(50);
    expect(await store.list('offer')).toHaveLength(50);
  });
});

describe('SQLite store on disk', () => {
  it('keeps what was committed across a reopen of the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baobab-reopen-'));
    const file = join(dir, 'db.sqlite');
    const first = openSqliteStore(file);
    await first.add('contact', { name: 'A', email: 'a@example.org', message: 'kept', date: 1 });
    await first.close();
    const second = openSqliteStore(file);
    expect((await second.list('contact')).map((r) => r.data.message)).toEqual(['kept']);
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
