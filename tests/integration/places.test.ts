/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { events } from '@/lib/content';
import type { FormServices } from '@/lib/forms/services';
import { submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { cancelUrl } from '@/lib/places/links';
import { sendReminders } from '@/lib/places/reminders';
import { placesPass } from '@/lib/places/task';
import { cancelPlace, claimPlace } from '@/lib/places/visitor';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { setSingleton } from '@/lib/singletons';
import { promote, setStatus } from '@/lib/staff/actions';
import type { OutboxMail, Store } from '@/lib/storage/types';
import { formTexts } from '@/messages/forms';

import { altered } from '../helpers/altered';
import { queuedMails } from '../helpers/outbox';
import { BEFORE_SEED_EVENT, sampleRegistration } from '../helpers/samples';
import { bothStores } from '../helpers/stores';

// The event day's places end to end on the server (docs/product.md §9): the hackathon with two places,
// registrations until full, the waiting list with its positions, "I can't come" from the mail's link, the
// freed place offered to the first person waiting and claimed from that mail's link, an offer that runs
// out passing to the next one, and links forged, altered, replayed or expired changing nothing.
const dir = mkdtempSync(join(tmpdir(), 'baobab-places-'));
process.env.DATA_DIR = dir;
process.env.SITE_TODAY = BEFORE_SEED_EVENT;
process.env.SITE_CAPACITY = '2';
process.env.LINK_SECRET = 'places-test-link-secret-0123456789abcdef';

const TOKEN = issueXsrfToken();
const site = { siteUrl: 'http://localhost:3000', siteName: 'Baobab Data' };
const meta: RequestMeta = {
  headers: new Headers({ host: 'localhost:3000', 'x-xsrf-token': TOKEN }),
  cookie: (name) => (name === 'XSRF-TOKEN' ? TOKEN : undefined),
  address: '203.0.113.30',
};
const SEAT = 'event:baobab-data-hackathon-2023';
const HOUR = 3_600_000;

// The emulator answers each commit in turn: a journey of them takes a few seconds.
jest.setTimeout(30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(bothStores)('places on %s', (_name, makeHarness) => {
  const harness = makeHarness();
  let store: Store;
  const services = (): FormServices => ({
    store,
    rateLimiter: createRateLimiter(1000),
    newsletter: doubleOptInNewsletter({ store: () => store, secret: () => 's'.repeat(40), mail: () => site }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...site },
    now: () => Date.now(),
    today: () => BEFORE_SEED_EVENT,
    offerHours: 48,
    log: () => {},
  });
  const register = (email: string, extra: Record<string, string> = {}) => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ ...sampleRegistration, email, ...extra })) data.set(k, v);
    return submitForm('registerEvent', data, meta, services());
  };
  const mails = () => queuedMails(store);
  const mailTo = async (to: string, subject: RegExp) => {
    const found = (await mails()).filter((m) => m.to === to && subject.test(m.subject));
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const token = (mail: OutboxMail, path: string) =>
    new URL(mail.text.match(new RegExp(`https?://\\S+${path}\\?t=\\S+`))![0]).searchParams.get('t')!;
  const record = async (email: string) => (await store.list('user')).find((r) => r.data.email === email)!;

  let name = '';
  let opened = 0;
  beforeEach(async () => {
    name = `places${++opened}`;
    store = await harness.open(name);
    setSingleton('store', store);
  });
  afterEach(async () => {
    setSingleton('store', undefined);
    await store.close();
  });
  afterAll(() => harness.cleanup());

  it('fills the event, keeps a waiting list in order, frees a place from the mail’s link and offers it to the first person waiting, who claims it', async () => {
    const en = formTexts.en.answers;
    const fr = formTexts.fr.answers;
    expect(await register('a@example.org')).toMatchObject({ status: 'success' });
    expect(await register('b@example.org', { lang: 'fr' })).toMatchObject({ status: 'success' });
    // Full: the form's words and the offer of the waiting list; nothing stored.
    expect(await register('c@example.org')).toEqual({
      status: 'error',
      message: en.eventFull,
      values: expect.objectContaining({ email: 'c@example.org' }),
      waitlist: true,
    });
    expect(await store.list('user')).toHaveLength(2);
    // Asked for, the waiting list in each language, with its position; a repeat hears it again.
    expect(await register('c@example.org', { waitlist: '1' })).toEqual({
      status: 'success',
      message: en.waitlisted,
      detail: en.waitlistPosition(1),
    });
    expect(await register('d@example.org', { waitlist: '1', lang: 'fr' })).toEqual({
      status: 'success',
      message: fr.waitlisted,
      detail: fr.waitlistPosition(2),
    });
    expect(await register('c@example.org', { waitlist: '1' })).toMatchObject({ detail: en.waitlistPosition(1) });
    expect((await store.waitingList(SEAT)).map((t) => t.position)).toEqual([1, 2]);
    const waitMail = await mailTo('d@example.org', /liste d’attente/);
    expect(waitMail.text).toContain('Quitter la liste d’attente');
    expect(waitMail.attachments ?? []).toEqual([]);

    // Every confirmation carries the check-in code, its QR code and the way to give the place back.
    const confirmation = await mailTo('a@example.org', /You're registered/);
    const code = String((await record('a@example.org')).data.checkInCode);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(confirmation.text).toContain(`Check-in code: ${code.slice(0, 3)} ${code.slice(3)}`);
    expect(confirmation.html).toContain('src="cid:check-in"');
    expect(confirmation.attachments?.map((a) => a.filename)).toEqual(['invite.ics', 'check-in.png']);
    const cancel = token(confirmation, '/places/cancel');

    // Forged, altered, of another purpose: nothing changes.
    const claimOfA = cancelUrl(
      { collection: 'user', id: (await record('a@example.org')).id },
      'en',
      '2023-03-19',
      Date.now(),
    );
    expect(await cancelPlace('not-a-token')).toBe('invalid');
    expect(await cancelPlace(altered(cancel))).toBe('invalid');
    expect(await claimPlace(new URL(claimOfA).searchParams.get('t'))).toBe('invalid');
    // Expired: a link that lasted until a day already over.
    const expired = new URL(
      cancelUrl({ collection: 'user', id: (await record('a@example.org')).id }, 'en', '2023-02-27', Date.now()),
    ).searchParams.get('t');
    expect(await cancelPlace(expired)).toBe('expired');
    expect(await store.seatsTaken(SEAT)).toBe(2);
    expect((await record('a@example.org')).data.booking).toBe('registered');

    // "I can't come": the seat is freed and held at once for the first person waiting.
    expect(await cancelPlace(cancel)).toBe('cancelled');
    expect(await cancelPlace(cancel)).toBe('already');
    expect((await record('a@example.org')).data).toMatchObject({ booking: 'cancelled' });
    expect(await store.seatsTaken(SEAT)).toBe(2);
    expect((await record('c@example.org')).data).toMatchObject({ booking: 'offered' });
    expect((await store.waitingList(SEAT)).map((t) => t.position)).toEqual([2]);
    const offerMail = await mailTo('c@example.org', /A place is free for you/);
    const claim = token(offerMail, '/places/claim');
    expect(await claimPlace(`${claim}x`)).toBe('invalid');
    expect(await claimPlace(claim)).toBe('claimed');
    expect(await claimPlace(claim)).toBe('claimed');
    const c = await record('c@example.org');
    expect(c.data).toMatchObject({ booking: 'registered', checkInCode: expect.any(String) });
    const claimed = await mailTo('c@example.org', /You're registered/);
    expect(claimed.text).toContain(`${String(c.data.checkInCode).slice(0, 3)} ${String(c.data.checkInCode).slice(3)}`);
    expect((await mails()).filter((m) => /Freed place taken/.test(m.subject))).toHaveLength(1);
    expect(await store.seatsTaken(SEAT)).toBe(2);
  });

  it('passes an offer that runs out to the next person waiting, and a claim after it changes nothing', async () => {
    await register('a@example.org');
    await register('b@example.org');
    await register('c@example.org', { waitlist: '1' });
    await register('d@example.org', { waitlist: '1' });
    await store.updateRecord('user', (await record('a@example.org')).id, { staffStatus: 'spam' });
    await placesPass();
    const claim = token(await mailTo('c@example.org', /A place is free/), '/places/claim');
    // 49 hours later the offer has run out: its seat goes to the next person.
    expect(await placesPass(Date.now() + 49 * HOUR)).toMatchObject({ ended: 1 });
    expect((await record('c@example.org')).data.booking).toBe('passed');
    expect((await record('d@example.org')).data.booking).toBe('offered');
    expect(await claimPlace(claim)).toBe('ended');
    expect((await record('c@example.org')).data.booking).toBe('passed');
    expect(await store.seatsTaken(SEAT)).toBe(2);
    // Leaving the waiting list from its mail's link.
    await register('e@example.org', { waitlist: '1' });
    const leave = token(await mailTo('e@example.org', /waiting list/), '/places/cancel');
    expect(await cancelPlace(leave)).toBe('left');
    expect(await store.waitingList(SEAT)).toEqual([]);
  });

  it('frees a place marked as spam for the first person waiting, takes it back from spam or waits, and lets staff give a place by hand', async () => {
    const staff = { id: 's', email: 'staff@example.org', createdAt: 0, seenAt: 0, role: 'admin' as const };
    await register('a@example.org');
    await register('b@example.org');
    await register('c@example.org', { waitlist: '1' });
    await register('d@example.org', { waitlist: '1' });
    const a = await record('a@example.org');
    // Spam frees a's seat, offered at once to c.
    expect(await setStatus(staff, { collection: 'user', id: a.id }, 'spam', Date.now())).toBe(true);
    expect((await record('c@example.org')).data.booking).toBe('offered');
    // Back from spam with every seat taken or held: a waits at the end of the list.
    expect(await setStatus(staff, { collection: 'user', id: a.id }, 'not-spam', Date.now())).toBe(true);
    expect((await record('a@example.org')).data).toMatchObject({ booking: 'waiting', waitPosition: 3 });
    // By hand: none is free, so nobody gets one; once b cancels, d is given it, with a confirmation.
    const d = await record('d@example.org');
    expect(await promote(staff, { collection: 'user', id: d.id }, Date.now())).toBe('full');
    await store.updateRecord('user', (await record('b@example.org')).id, { booking: 'cancelled' });
    expect(await promote(staff, { collection: 'user', id: d.id }, Date.now())).toBe('taken');
    expect((await record('d@example.org')).data).toMatchObject({ booking: 'registered', promotedBy: staff.email });
    await mailTo('d@example.org', /You're registered/);
    expect(await promote(staff, { collection: 'user', id: d.id }, Date.now())).toBe('gone');
    expect((await store.auditLog(20)).filter((e) => e.what === 'promote')).toHaveLength(1);
    expect((await store.waitingList(SEAT)).map((t) => t.recordId)).toEqual([a.id]);
    expect(await store.seatsTaken(SEAT)).toBe(2);
  });

  it('reminds each registrant 7 days and 1 day before, in their language, once across two instances and a restart', async () => {
    await register('a@example.org');
    await register('b@example.org', { lang: 'fr' });
    await register('c@example.org', { waitlist: '1' });
    const reminders = async () =>
      (await mails()).filter((m) => /^(In 7 days|Tomorrow|Dans 7\u00a0jours|Demain)/.test(m.subject));
    try {
      process.env.SITE_TODAY = '2023-03-10';
      expect(await sendReminders(store)).toBe(0);
      // Turned off for the event in data/: none.
      process.env.SITE_TODAY = '2023-03-11';
      const hackathon = events[0] as { reminders?: boolean };
      hackathon.reminders = false;
      expect(await sendReminders(store)).toBe(0);
      delete hackathon.reminders;
      // A week before, on two instances at once: each registrant holding a place once, nobody waiting.
      process.env.SITE_TODAY = '2023-03-11';
      const other = await harness.open(name);
      const counts = await Promise.all([sendReminders(store), sendReminders(other)]);
      expect(counts[0]! + counts[1]!).toBe(2);
      await other.close();
      // Restarted, or later the same day: nothing more.
      const restarted = await harness.open(name);
      expect(await sendReminders(restarted)).toBe(0);
      await restarted.close();
      const week = await reminders();
      expect(week.map((m) => `${m.to} ${m.subject}`).sort()).toEqual([
        'a@example.org In 7 days: Baobab Data Hackathon 2023',
        'b@example.org Dans 7\u00a0jours\u00a0: Hackathon Baobab Data 2023',
      ]);
      const a = week.find((m) => m.to === 'a@example.org')!;
      const code = String((await record('a@example.org')).data.checkInCode);
      expect(a.text).toContain(`${code.slice(0, 3)} ${code.slice(3)}`);
      expect(a.text).toContain('Lagos, Nigeria and online');
      expect(a.text).toContain('/places/cancel?t=');
      expect(a.attachments?.map((x) => x.filename)).toEqual(['invite.ics', 'check-in.png']);
      process.env.SITE_TODAY = '2023-03-17';
      expect(await sendReminders(store)).toBe(2);
      expect(
        (await reminders())
          .map((m) => m.subject)
          .filter((subject) => /^(Tomorrow|Demain)/.test(subject))
          .sort(),
      ).toEqual(['Demain\u00a0: Hackathon Baobab Data 2023', 'Tomorrow: Baobab Data Hackathon 2023']);
    } finally {
      process.env.SITE_TODAY = BEFORE_SEED_EVENT;
    }
  });
});
