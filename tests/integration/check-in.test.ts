/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { checkInUrl, placeParts } from '@/lib/places/links';
import { setSingleton } from '@/lib/singletons';
import { checkInGuest, guestList } from '@/lib/staff/check-in';
import { tableOf } from '@/lib/staff/export';
import { itemNames } from '@/lib/staff/present';
import type { Store } from '@/lib/storage/types';

import { altered } from '../helpers/altered';
import { BEFORE_SEED_EVENT } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// Check-in at the door (docs/staff.md, "Check-in"): by a guest's record or their QR code's signed link,
// once (a second tap, or a phone's offline copy, answers with the first), audited, refused for what is
// forged, expired, of another item, or held by nobody registered; attendance in the downloads.
const dir = mkdtempSync(join(tmpdir(), 'baobab-check-in-'));
process.env.DATA_DIR = dir;
process.env.SITE_TODAY = BEFORE_SEED_EVENT;
process.env.LINK_SECRET = 'check-in-test-link-secret-0123456789abcdef';
jest.setTimeout(30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EVENT = 'baobab-data-hackathon-2023';
const door = { id: 'session', email: 'door@example.org', createdAt: 0, seenAt: 0 };

describe.each(bothStores)('check-in on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  beforeEach(async () => {
    store = await harness.open();
    setSingleton('store', store);
  });
  afterEach(async () => {
    setSingleton('store', undefined);
    await store.close();
  });
  afterAll(() => harness.cleanup());

  const guest = (email: string, extra: Record<string, string | number> = {}) =>
    store.add('user', {
      firstName: 'Awa',
      lastName: email.slice(0, 1).toUpperCase(),
      email,
      event: EVENT,
      lang: 'en',
      date: 1,
      booking: 'registered',
      checkInCode: 'ACDEFG',
      ...extra,
    });
  const qrToken = (id: string, lastDay = '2023-03-19') =>
    new URL(checkInUrl({ collection: 'user', id }, EVENT, lastDay, Date.now())).searchParams.get('t')!;

  it('lets a guest in once by name or QR code, answers a second time with the first, and audits it', async () => {
    const { id } = await guest('a@example.org');
    const now = Date.now();
    expect(await checkInGuest(door, EVENT, { id }, now)).toMatchObject({
      result: 'checked-in',
      guest: { id, name: 'Awa A', checkedInAt: now, checkedInBy: 'door@example.org' },
    });
    expect(
      await checkInGuest({ ...door, email: 'other@example.org' }, EVENT, { t: qrToken(id) }, now + 60_000),
    ).toMatchObject({
      result: 'already',
      guest: { checkedInAt: now, checkedInBy: 'door@example.org' },
    });
    expect((await store.auditLog(10)).filter((e) => e.what === 'check-in')).toEqual([
      expect.objectContaining({ who: 'door@example.org', record: { collection: 'user', id } }),
    ]);
    const list = await guestList(EVENT);
    expect(list?.guests).toEqual([expect.objectContaining({ id, checkedInAt: now, code: 'ACDEFG' })]);
    // Attendance is a column of the downloads.
    const table = tableOf(
      'user',
      (await store.list('user')).map((r) => ({ ...r, collection: 'user' as const })),
      await itemNames(),
    );
    const at = table.headings.indexOf('Checked in');
    expect(table.rows[0]![at]).toEqual({ date: now });
    expect(table.rows[0]![table.headings.indexOf('Checked in by')]).toBe('door@example.org');
  });

  it('keeps the moment a phone checked a guest in offline, within a day, and never later than now', async () => {
    const now = Date.now();
    const [a, b, c] = [await guest('a@example.org'), await guest('b@example.org'), await guest('c@example.org')];
    expect(await checkInGuest(door, EVENT, { id: a.id, at: now - 60_000 }, now)).toMatchObject({
      guest: { checkedInAt: now - 60_000 },
    });
    expect(await checkInGuest(door, EVENT, { id: b.id, at: now - 3 * 86_400_000 }, now)).toMatchObject({
      guest: { checkedInAt: now - 86_400_000 },
    });
    expect(await checkInGuest(door, EVENT, { id: c.id, at: now + 86_400_000 }, now)).toMatchObject({
      guest: { checkedInAt: now },
    });
  });

  it('refuses forged, altered, expired and foreign codes, and people who hold no place, changing nothing', async () => {
    const { id } = await guest('a@example.org');
    const waiting = await guest('w@example.org', { booking: 'waiting', waitPosition: 1 });
    const cancelled = await guest('x@example.org', { booking: 'cancelled' });
    const spam = await guest('s@example.org', { staffStatus: 'spam' });
    const elsewhere = await store.add('user', { email: 'e@example.org', event: 'another-event', date: 1 });
    const now = Date.now();
    const token = qrToken(id);
    expect(await checkInGuest(door, EVENT, { t: 'garbage' }, now)).toEqual({ result: 'invalid' });
    expect(await checkInGuest(door, EVENT, { t: altered(token) }, now)).toEqual({ result: 'invalid' });
    // A link of another purpose (giving the place back) is no check-in.
    const cancel = new URL(placeParts({ collection: 'user', id }, 'en', { lastDay: '2023-03-19' }, now).cancelUrl);
    expect(await checkInGuest(door, EVENT, { t: cancel.searchParams.get('t')! }, now)).toEqual({ result: 'invalid' });
    expect(await checkInGuest(door, EVENT, { t: qrToken(id, '2023-02-01') }, now)).toEqual({ result: 'expired' });
    expect(await checkInGuest(door, EVENT, { id: elsewhere.id }, now)).toEqual({ result: 'unknown' });
    expect(await checkInGuest(door, EVENT, { id: 'no-such-id' }, now)).toEqual({ result: 'unknown' });
    expect(await checkInGuest(door, 'no-such-event', { id }, now)).toEqual({ result: 'unknown' });
    for (const other of [waiting, cancelled, spam]) {
      expect(await checkInGuest(door, EVENT, { id: other.id }, now)).toEqual({ result: 'not-registered' });
    }
    expect(await store.checkIns(`event:${EVENT}`)).toEqual([]);
    expect((await guestList(EVENT))?.guests.map((g) => g.id)).toEqual([id]);
  });
});
