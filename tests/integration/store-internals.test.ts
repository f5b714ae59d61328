/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

import { openFirestoreStore } from '@/lib/storage/firestore';
import { openSqliteStore } from '@/lib/storage/sqlite';

import { startFirestoreEmulator } from '../helpers/firestore-emulator';

// What each store keeps beside the records, out of the Store interface's sight: the staff inbox's words
// and fields (written with the records, gone with them, given once to records written by older code)
// and Firestore's outbox claim records (purged with the markers).

describe('the SQLite words table', () => {
  it('holds the words of stored records only: a forgotten or purged record takes its words along', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baobab-words-'));
    const file = join(dir, 'db.sqlite');
    const store = openSqliteStore(file);
    await store.add('contact', { name: 'Ama Owusu', email: 'ama@example.org', date: 1 });
    await store.add('user', { firstName: 'Kofi', email: 'kofi@example.org', date: 2 });
    const words = () => {
      const db = new Database(file, { readonly: true });
      const rows = db.prepare('SELECT word FROM record_words ORDER BY word').pluck().all();
      db.close();
      return rows;
    };
    expect(words()).toEqual(['@ama@example.org', '@kofi@example.org', 'ama', 'kofi', 'owusu']);
    await store.forgetEmail('AMA@example.org');
    expect(words()).toEqual(['@kofi@example.org', 'kofi']);
    await store.purgeRecords('user', 10);
    expect(words()).toEqual([]);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('Firestore records written before the inbox fields', () => {
  let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  });
  afterAll(() => emulator.stop());

  it('reads a page again when Firestore refuses a batch for a record changed since it was read', async () => {
    const projectId = `upgrade-retry-${process.pid}`;
    const raw = initializeApp({ projectId }, 'older-code-retry');
    const db = getFirestore(raw);
    for (let i = 0; i < 3; i++)
      await db
        .collection('contact')
        .doc(`r${i}`)
        .create({ name: `R${i}`, date: i });
    // The emulator ignores update-time preconditions; Firestore refuses such a batch whole
    // (FAILED_PRECONDITION). Here the first upgrade batch is refused as Firestore would refuse it.
    const prototype = Object.getPrototypeOf(db.batch()) as { commit: () => Promise<unknown> };
    const commit = prototype.commit;
    let refused = 0;
    prototype.commit = function (this: unknown) {
      // The store's first commit is the upgrade's first batch (the records were created above).
      if (refused === 0) {
        refused += 1;
        return Promise.reject(Object.assign(new Error('precondition failed'), { code: 9 }));
      }
      return commit.call(this);
    };
    try {
      const store = openFirestoreStore({ projectId, emulatorHost: emulator.host });
      expect(await store.upgradeRecords()).toBe(3);
      expect(refused).toBe(1);
      expect((await store.inbox({ limit: 10, status: 'new' })).map((row) => row.id)).toEqual(['r2', 'r1', 'r0']);
      await store.close();
    } finally {
      prototype.commit = commit;
      await deleteApp(raw);
    }
  });

  it('keeps outbox claim records until the markers of their day are purged', async () => {
    const projectId = `claims-${process.pid}`;
    const store = openFirestoreStore({ projectId, emulatorHost: emulator.host });
    const mail = { to: 'a@example.org', subject: 's', text: 't', html: '<p>t</p>' };
    await store.add(
      'contact',
      { email: 'a@example.org', date: 1 },
      { mails: [mail, { ...mail, to: 'b@example.org' }] },
    );
    expect(await store.claimMails('worker', Date.now(), 10, 60_000)).toHaveLength(2);
    const raw = initializeApp({ projectId }, 'claims-reader');
    const claims = () => getFirestore(raw).collection('outboxClaims').get();
    expect((await claims()).size).toBe(2);
    expect(await store.purgeMarkers(Date.now() - 60_000)).toBe(0);
    expect((await claims()).size).toBe(2);
    expect(await store.purgeMarkers(Date.now() + 1)).toBe(2);
    expect((await claims()).size).toBe(0);
    await store.close();
    await deleteApp(raw);
  });

  it('get them once at start and are then found like new ones, by status, language and words', async () => {
    const projectId = `upgrade-${process.pid}`;
    // The older code's documents: the record's fields only. 450 of them share one millisecond, more
    // than a page of the upgrade, which reads a date whole before moving past it.
    const raw = initializeApp({ projectId }, 'older-code');
    const db = getFirestore(raw);
    const olderBatch = db.batch();
    for (let i = 0; i < 450; i++) {
      olderBatch.create(db.collection('contact').doc(`same-${i}`), {
        name: `Same ${i}`,
        email: `s${i}@example.org`,
        date: 7,
      });
    }
    await olderBatch.commit();
    const older = {
      firstName: 'Aïcha',
      lastName: 'Diallo',
      email: 'aicha@example.org',
      event: 'hack',
      lang: 'fr',
      staffStatus: 'handled',
      date: 5,
    };
    await db.collection('user').doc('old-1').create(older);
    await db.collection('newsletter').doc('old-2').create({ email: 'nl@example.org', lang: 'en', date: 9 });

    const store = openFirestoreStore({ projectId, emulatorHost: emulator.host });
    expect(await store.inbox({ limit: 10, term: { text: 'aicha', exact: false } })).toEqual([]);
    expect(await store.upgradeRecords()).toBe(452);
    expect(await store.upgradeRecords()).toBe(0);

    const found = await store.inbox({ limit: 10, term: { text: 'dia', exact: false }, status: 'handled', lang: 'fr' });
    expect(found.map((row) => row.id)).toEqual(['old-1']);
    expect(found[0]!.data).toEqual(older);
    expect((await store.inbox({ limit: 10, status: 'new', collection: 'newsletter' })).map((r) => r.id)).toEqual([
      'old-2',
    ]);
    const same = await store.inbox({ limit: 500, collection: 'contact', term: { text: 'same', exact: false } });
    expect(new Set(same.map((row) => row.id)).size).toBe(450);
    await store.close();
    await deleteApp(raw);

    // 452 documents written twice on the emulator: seconds on a busy machine.
  }, 30_000);

  it("rewrite audit entries whose record was packed into the detail, once, as today's", async () => {
    const projectId = `audit-upgrade-${process.pid}`;
    const raw = initializeApp({ projectId }, 'older-audit');
    const audit = getFirestore(raw).collection('staffAudit');
    await audit.doc('a').create({ at: 1, who: 's@example.org', what: 'handled', detail: 'contact c-1' });
    await audit.doc('b').create({ at: 2, who: 's@example.org', what: 'export', detail: 'contact c-1' });
    await audit.doc('c').create({ at: 3, who: 's@example.org', what: 'note', detail: 'nope x' });

    const store = openFirestoreStore({ projectId, emulatorHost: emulator.host });
    // One rewritten, and all three given their pages' fields.
    expect(await store.upgradeRecords()).toBe(1 + 3);
    expect(await store.upgradeRecords()).toBe(0);
    expect((await audit.doc('a').get()).data()).toEqual({
      at: 1,
      who: 's@example.org',
      what: 'handled',
      detail: '',
      record: { collection: 'contact', id: 'c-1' },
      _trail: 'staff',
      _order: '000000000000001:a',
    });
    expect((await audit.doc('b').get()).get('detail')).toBe('contact c-1');
    expect((await audit.doc('c').get()).get('detail')).toBe('nope x');
    await store.close();
    await deleteApp(raw);
  });

  it('give older audit entries their trail and page key, once, so they are paged like new ones', async () => {
    const projectId = `audit-fields-${process.pid}`;
    const raw = initializeApp({ projectId }, 'older-trails');
    const audit = getFirestore(raw).collection('staffAudit');
    // More than a page of the upgrade in one millisecond, which it reads whole before moving past it.
    const batch = getFirestore(raw).batch();
    for (let i = 0; i < 410; i++)
      batch.create(audit.doc(`r-${i}`), { at: 7, who: '', what: 'sign-in-refused', detail: 'invalid' });
    await batch.commit();
    await audit.doc('s').create({ at: 8, who: 's@example.org', what: 'sign-in', detail: '' });

    const store = openFirestoreStore({ projectId, emulatorHost: emulator.host });
    expect(await store.auditPage({ trail: 'staff', limit: 5 })).toEqual([]);
    expect(await store.upgradeRecords()).toBe(411);
    expect(await store.upgradeRecords()).toBe(0);
    expect(await store.auditPage({ trail: 'staff', limit: 5 })).toEqual([
      { at: 8, who: 's@example.org', what: 'sign-in', detail: '', id: 's' },
    ]);
    expect((await store.auditPage({ trail: 'refusals', limit: 500 })).length).toBe(410);
    await store.close();
    await deleteApp(raw);
  });
});
