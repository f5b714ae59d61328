/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'baobab-staff-audit-'));
process.env.DATA_DIR = dir;
process.env.STAFF_EMAILS = 'staff@example.org,other@example.org';
process.env.STAFF_SIGN_IN_LIMIT = '2';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = async () => ({
  ...(await import('@/lib/team')),
  ...(await import('@/lib/staff/actions')),
  store: (await import('@/lib/storage')).getStore(),
});
const MINUTE = 60_000;
const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;

// The entries written since `from`, oldest first, as "what who detail".
async function trail(from: number) {
  const { store } = await load();
  return (await store.auditLog(500))
    .filter((e) => e.at >= from)
    .reverse()
    .map((e) => [e.what, e.who, e.detail].filter(Boolean).join(' '));
}

// Sign-in requests are answered at once and worked off a moment later, all those waiting in one batch
// (lib/team/auth.ts): each reads the team, then writes its mail or audit entry. This runs the requests,
// waits for `first` in the trail (so the batch holding them all has started), then for every store call
// made since the requests to settle, and for any call that follows one: an absence checked after it
// holds however slow the store is, where a fixed sleep passes whenever a wrong write comes later.
async function afterTheirWrites(from: number, first: string, requests: () => Promise<void>) {
  const { store } = await load();
  const methods = (Object.keys(store) as (keyof typeof store)[]).filter((key) => typeof store[key] === 'function');
  const spies = methods.map((key) => jest.spyOn(store, key as Exclude<keyof typeof store, 'kind'>));
  const started = () => spies.flatMap((spy) => spy.mock.results.map((result) => result.value));
  // A macrotask: every continuation already queued, and the store calls it makes, has run.
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  try {
    await requests();
    while (!(await trail(from)).includes(first)) await new Promise((resolve) => setTimeout(resolve, 20));
    for (;;) {
      const calls = started();
      await Promise.allSettled(calls);
      await turn();
      if (started().length === calls.length) break;
    }
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

it('records a sign-in and a sign-out with the session they make and end', async () => {
  const { signInLink, signIn, signOut, store } = await load();
  const now = Date.UTC(2026, 10, 24, 9);
  const result = await signIn(tokenOf(signInLink('staff@example.org', now)), undefined, 'c1', now);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  await signOut(result.cookieValue, now + 1);
  // A second sign-out with the same cookie ends nothing and records nothing.
  await signOut(result.cookieValue, now + 2);
  await signOut('not a cookie', now + 3);
  expect(await trail(now)).toEqual(['sign-in staff@example.org', 'sign-out staff@example.org']);
  expect(await store.listSessions()).toEqual([]);
});

it('records each refused sign-in with its reason, and the address only from a link this site signed', async () => {
  const { signInLink, signIn } = await load();
  const now = Date.UTC(2026, 10, 24, 10);
  const fresh = tokenOf(signInLink('staff@example.org', now));
  const expired = tokenOf(signInLink('other@example.org', now - 20 * MINUTE));
  const former = tokenOf(signInLink('ex@example.org', now));
  // The signature covers the address: a link edited to name someone else is not this site's.
  const edited = `${Buffer.from('intruder@example.org\nx').toString('base64url')}.${fresh.split('.').slice(1).join('.')}`;

  expect(await signIn(fresh, undefined, 'c2', now)).toMatchObject({ ok: true });
  expect(await signIn(fresh, undefined, 'c2', now + 1)).toEqual({ ok: false, reason: 'used' });
  expect(await signIn(expired, undefined, 'c2', now + 2)).toEqual({ ok: false, reason: 'expired' });
  expect(await signIn(former, undefined, 'c2', now + 3)).toEqual({ ok: false, reason: 'not-staff' });
  expect(await signIn(edited, undefined, 'c2', now + 4)).toEqual({ ok: false, reason: 'invalid' });
  expect(await signIn('<script>alert(1)</script>', undefined, 'c2', now + 5)).toEqual({
    ok: false,
    reason: 'invalid',
  });
  expect(await signIn(undefined, undefined, 'c2', now + 6)).toEqual({ ok: false, reason: 'invalid' });
  expect(await trail(now)).toEqual([
    'sign-in staff@example.org',
    'sign-in-refused staff@example.org used',
    'sign-in-refused other@example.org expired',
    'sign-in-refused ex@example.org not-staff',
    'sign-in-refused invalid',
    'sign-in-refused invalid',
    'sign-in-refused invalid',
  ]);
});

it('records refused sign-ins from one client up to a limit, then once that it stops', async () => {
  const { signIn } = await load();
  const now = Date.UTC(2026, 10, 24, 11);
  // STAFF_SIGN_IN_LIMIT 2: eight refusals recorded per client and window.
  for (let i = 0; i < 30; i++) await signIn(`garbage-${i}`, undefined, 'flooder', now + i);
  const entries = await trail(now);
  expect(entries).toHaveLength(9);
  expect(entries.at(-1)).toBe('sign-in-refused many');
});

it('records the links mailed to staff addresses and never what else was typed', async () => {
  const { requestSignIn, store } = await load();
  const now = Date.UTC(2026, 10, 24, 12);
  await afterTheirWrites(now, 'link-sent staff@example.org', async () => {
    expect(await requestSignIn(' Staff@Example.org ', 'c3', now)).toBe('sent');
    expect(await requestSignIn('stranger@example.org', 'c3', now + 1)).toBe('sent');
    expect(await requestSignIn('not an address', 'c3', now + 2)).toBe('sent');
  });
  expect(await trail(now)).toEqual(['link-sent staff@example.org']);
  expect(JSON.stringify(await store.auditLog(500))).not.toContain('stranger');
});

it('records a request refused by the rate limit once per window, naming only a staff address', async () => {
  const { requestSignIn, store } = await load();
  const now = Date.UTC(2026, 10, 24, 13);
  await afterTheirWrites(now, 'link-limited client', async () => {
    // Per address: 2 per window.
    for (let i = 0; i < 4; i++) await requestSignIn('other@example.org', `c4-${i}`, now + i);
    for (let i = 0; i < 4; i++) await requestSignIn('someone@example.org', `c5-${i}`, now + i);
    // Per client: 8 per window.
    for (let i = 0; i < 10; i++) await requestSignIn(`x${i}@example.org`, 'c6', now + i);
  });
  expect((await trail(now)).sort()).toEqual(
    [
      'link-sent other@example.org',
      'link-sent other@example.org',
      'link-limited other@example.org address',
      'link-limited client',
    ].sort(),
  );
  expect(JSON.stringify(await store.auditLog(500))).not.toMatch(/someone|x\d@/);
});

it('adds one entry for a client over its limit however many new addresses it types', async () => {
  const { requestSignIn } = await load();
  const now = Date.UTC(2026, 10, 24, 13, 30);
  // Each address three times, past its own limit of 2, from one client.
  await afterTheirWrites(now, 'link-limited client', async () => {
    for (let n = 0; n < 200; n++)
      for (let i = 0; i < 3; i++) await requestSignIn(`victim${n}@example.org`, 'c7', now + n);
  });
  expect(await trail(now)).toEqual(['link-limited client']);
});

it('records the end of the sessions of an address taken out of STAFF_EMAILS, at a request and at start', async () => {
  const { currentSession, endStaleSessions, store } = await load();
  const now = Date.UTC(2026, 10, 24, 14);
  const { createHash } = await import('node:crypto');
  for (const session of await store.listSessions()) await store.deleteSession(session.id);
  const cookie = 'a'.repeat(43);
  const id = createHash('sha256').update(cookie).digest('base64url');
  await store.saveSession({ id, email: 'gone@example.org', createdAt: now, seenAt: now });
  await store.saveSession({ id: 'gone-2', email: 'gone@example.org', createdAt: now, seenAt: now });
  await store.saveSession({
    id: 'idle',
    email: 'staff@example.org',
    createdAt: now - 5 * 60 * MINUTE,
    seenAt: now - 3 * 60 * MINUTE,
  });
  expect(await currentSession(cookie, now + 1)).toBeNull();
  expect(await endStaleSessions(now + 2)).toBe(2);
  // The idle session went without an entry: it ended by time, not by a change of the setting.
  expect(await trail(now)).toEqual([
    'session-ended gone@example.org removed',
    'session-ended gone@example.org removed',
  ]);
  expect(await store.listSessions()).toEqual([]);
});

it('forgets by record: the address comes from the store, the .eml copies go, the entry holds counts only', async () => {
  const { forgetPerson, store } = await load();
  const now = Date.UTC(2026, 10, 24, 15);
  const note = { to: 'staff@example.org', subject: 'New', text: 'ada@example.org wrote', html: '' };
  const { id } = await store.add('contact', { name: 'Ada', email: 'ada@example.org', date: 1 }, { mails: [note] });
  const [mail] = await store.mailsAbout(id);
  mkdirSync(join(dir, 'mail'), { recursive: true });
  writeFileSync(join(dir, 'mail', `${mail!.id}.eml`), 'copy');
  const session = { id: 's', email: 'staff@example.org', createdAt: now, seenAt: now };

  expect(await forgetPerson(session, 'contact', 'missing', now)).toBeNull();
  const found = await forgetPerson(session, 'contact', id, now);
  expect(found?.records).toHaveLength(1);
  expect(existsSync(join(dir, 'mail', `${mail!.id}.eml`))).toBe(false);
  expect(await store.getRecord('contact', id)).toBeNull();
  expect(await trail(now)).toEqual(['forget staff@example.org 1 records, 1 mails']);
});

it("shows a forget's counts only from the server's signed flash, to whoever forgot, for a few minutes", async () => {
  const { forgottenFlash, readForgottenFlash } = await load();
  const now = Date.UTC(2026, 10, 24, 15);
  const me = { id: 'a', email: 'staff@example.org', createdAt: now, seenAt: now };
  const colleague = { ...me, id: 'b', email: 'other@example.org' };
  const flash = forgottenFlash(me, { records: 2, mails: 5 }, now);
  expect(readForgottenFlash(flash, me, now + 60_000)).toEqual({ records: 2, mails: 5 });
  expect(readForgottenFlash(flash, colleague, now)).toBeNull();
  expect(readForgottenFlash(flash, me, now + 5 * MINUTE)).toBeNull();
  // What an address used to carry, or a flash with other numbers, shows nothing.
  const [address, expiry, signature] = flash.split('.');
  const edited = Buffer.from('staff@example.org\n999\n999').toString('base64url');
  for (const forged of [
    '1',
    undefined,
    ['1'],
    `${edited}.${expiry}.${signature}`,
    `${address}.${expiry}x.${signature}`,
  ]) {
    expect(readForgottenFlash(forged, me, now)).toBeNull();
  }
});

it('answers the asks still waiting at once when the server stops, before its store closes', async () => {
  const { requestSignIn, answerWaitingAsks } = await load();
  const now = Date.UTC(2026, 10, 24, 16);
  expect(await requestSignIn('staff@example.org', 'c9', now)).toBe('sent');
  // Without waiting for the queue's next turn (a second away): the stop answers it now.
  await answerWaitingAsks();
  expect(await trail(now)).toEqual(['link-sent staff@example.org']);
  // Nothing is left for a turn after the store has closed.
  await answerWaitingAsks();
  expect(await trail(now)).toEqual(['link-sent staff@example.org']);
});
