// The hostile drill's class "event day" (docs/security.md, "Hostile drill"): forged, altered, replayed,
// expired and misdirected links of places (giving a place back, claiming one offered) and check-in codes,
// sent to a server started with SITE_CAPACITY=1 (so a waiting list forms), STAFF_EMAILS naming
// `staffEmail`, a lifted rate limit and SITE_TODAY before the seed's event; then the store, read on disk,
// must say that nothing they named changed. A "bypass" is an attack that changed something, or got a
// success, where it must not; every answer must be a 2xx, 3xx or 4xx.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

import Database from 'better-sqlite3';
import jsQR from 'jsqr';

import { signLink } from '@/lib/security/signed-link';

import { xsrfHeaders } from '../lib/next-server.mjs';

export interface EventDayTally {
  requests: number;
  fiveHundreds: number;
  bypasses: number;
  unanswered: number;
  notes: string[];
}

const EVENT = 'baobab-data-hackathon-2023';

export async function eventDayAttacks({
  base,
  dataDir,
  staffEmail,
}: {
  base: string;
  dataDir: string;
  staffEmail: string;
}): Promise<EventDayTally> {
  const t: EventDayTally = { requests: 0, fiveHundreds: 0, bypasses: 0, unanswered: 0, notes: [] };
  const origin = { origin: base, 'sec-fetch-site': 'same-origin' };
  const bypass = (what: string) => {
    t.bypasses += 1;
    t.notes.push(what);
  };

  async function send(
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; body: string; location: string }> {
    t.requests += 1;
    try {
      const response = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
      const body = await response.text();
      if (response.status >= 500) {
        t.fiveHundreds += 1;
        t.notes.push(`${response.status} for ${init.method ?? 'GET'} ${path.slice(0, 80)}`);
      }
      return { status: response.status, body, location: response.headers.get('location') ?? '' };
    } catch {
      t.unanswered += 1;
      return { status: -1, body: '', location: '' };
    }
  }
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = origin) =>
    send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    });

  const db = () => new Database(join(dataDir, 'baobab.sqlite'), { readonly: true });
  const record = (email: string) => {
    const d = db();
    try {
      const row = d
        .prepare("SELECT id, data FROM records WHERE collection = 'user' AND json_extract(data, '$.email') = ?")
        .get(email) as { id: string; data: string } | undefined;
      return row ? { id: row.id, data: JSON.parse(row.data) as Record<string, unknown> } : null;
    } finally {
      d.close();
    }
  };
  const checkIns = () => {
    const d = db();
    try {
      return (d.prepare('SELECT COUNT(*) AS n FROM check_ins').get() as { n: number }).n;
    } finally {
      d.close();
    }
  };
  // Quoted-printable soft breaks undone, for reading a mail's text (its attachments are read raw).
  const unfold = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const mailTo = async (to: string, saying: RegExp): Promise<string> => {
    for (let i = 0; i < 200; i++) {
      const folder = join(dataDir, 'mail');
      let names: string[] = [];
      try {
        names = readdirSync(folder).filter((f) => f.endsWith('.eml'));
      } catch {}
      const found = names
        .map((f) => readFileSync(join(folder, f), 'utf8'))
        .find((m) => new RegExp(`^To: ${to}$`, 'mi').test(m) && saying.test(unfold(m)));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail to ${to} saying ${saying}`);
  };
  const tokenIn = (mail: string, path: string) =>
    new RegExp(`${path.replace('?', '\\?')}\\?t=([\\w.-]+)`).exec(unfold(mail))![1]!;
  // The check-in link of a guest's QR code, read from their mail's picture as a door's phone reads it.
  const qrLinkIn = (mail: string): string => {
    const part = mail.split(/\r?\n--/).find((p) => /filename="?check-in\.png/.test(p))!;
    const png = Buffer.from(
      part
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('')
        .replace(/\s+/g, ''),
      'base64',
    );
    const width = png.readUInt32BE(16);
    const idat: Buffer[] = [];
    for (let at = 8; at < png.length;) {
      const length = png.readUInt32BE(at);
      if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
      at += length + 12;
    }
    const raw = inflateSync(Buffer.concat(idat));
    const rowBytes = Math.ceil(width / 8) + 1;
    const rgba = new Uint8ClampedArray(width * width * 4);
    for (let y = 0; y < width; y++)
      for (let x = 0; x < width; x++) {
        const white = (raw[y * rowBytes + 1 + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;
        rgba.fill(white ? 255 : 0, (y * width + x) * 4, (y * width + x) * 4 + 4);
      }
    return jsQR(rgba, width, width)!.data;
  };
  // A token this site would have signed, at a time already past: what an old link is.
  // (The server writes its secret under DATA_DIR when it first signs a link.)
  const expired = (purpose: Parameters<typeof signLink>[1], subject: string) =>
    signLink(readFileSync(join(dataDir, 'link-secret'), 'utf8').trim(), purpose, subject, Date.now() - 60_000);
  const altered = (token: string) => {
    const [subject, expiry, mac] = token.split('.');
    const other = Buffer.from(Buffer.from(subject!, 'base64url').toString().replace(/.$/, 'x')).toString('base64url');
    return [[other, expiry, mac].join('.'), [subject, expiry, `${mac!.slice(0, -2)}AA`].join('.'), `${token}x`];
  };

  // The first guest takes the one place; the second waits.
  const xsrf = await xsrfHeaders(base);
  const register = (name: string, extra: Record<string, string> = {}) =>
    post(
      '/api/forms/registerEvent',
      { firstName: name, lastName: 'Drill', email: `${name}@example.org`, event: EVENT, ...extra },
      { ...xsrf, ...origin },
    );
  await register('seated');
  await register('waiting', { waitlist: '1' });
  const seatedMail = await mailTo('seated@example.org', /Check-in code/);
  const cancel = tokenIn(seatedMail, '/places/cancel');
  const checkInLink = new URL(qrLinkIn(seatedMail));
  const seated = record('seated@example.org')!;

  // Giving a place back: forged, altered, of another purpose, expired, cross-site, opened (a GET).
  const cancels = [
    'garbage',
    '',
    'a.b.c',
    ...altered(cancel),
    checkInLink.searchParams.get('t')!,
    expired('place-cancel', `user/${seated.id}`),
  ];
  for (const token of cancels) {
    const answer = await post('/api/places/cancel', { t: token, lang: 'en' });
    if (!/result=(invalid|expired)$/.test(answer.location))
      bypass(`cancel with ${token.slice(0, 30)}: ${answer.status} ${answer.location}`);
  }
  const strangers: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    {},
  ];
  for (const headers of strangers) {
    const answer = await post('/api/places/cancel', { t: cancel, lang: 'en' }, headers);
    if (answer.status !== 403) bypass(`cancel from ${JSON.stringify(headers)}: ${answer.status}`);
  }
  await send(`/places/cancel?t=${cancel}`);
  await send(`/fr/places/cancel?t=${cancel}`);
  if (record('seated@example.org')!.data.booking !== 'registered') bypass('a place given back without its button');

  // Check-in: without a session, then signed in as staff, with every bad code, then the good one twice.
  const checkIn = (fields: Record<string, string>, headers: Record<string, string> = origin) =>
    post('/staff/api/check-in', { event: EVENT, format: 'json', ...fields }, headers);
  const loose = await checkIn({ t: checkInLink.searchParams.get('t')! });
  if (loose.status !== 303 || !loose.location.endsWith('/staff/sign-in'))
    bypass(`check-in without a session: ${loose.status}`);
  const session = await signIn(staffEmail);
  const staff = { ...origin, cookie: session };
  const good = checkInLink.searchParams.get('t')!;
  const badCodes = [
    'garbage',
    ...altered(good),
    cancel,
    expired('check-in', `user/${seated.id}`),
    signLink('not-our-secret-0123456789abcdef0123456789', 'check-in', `user/${seated.id}`, 0),
  ];
  for (const token of badCodes) {
    const answer = await checkIn({ t: token }, staff);
    if (answer.status < 400 || answer.status >= 500) bypass(`check-in with ${token.slice(0, 30)}: ${answer.status}`);
  }
  for (const id of ['../x', 'x'.repeat(300), record('waiting@example.org')!.id, 'no-such-record']) {
    const answer = await checkIn({ id }, staff);
    if (answer.status < 400 || answer.status >= 500) bypass(`check-in of ${id.slice(0, 30)}: ${answer.status}`);
  }
  const other = await checkIn({ t: good, event: 'another-event' }, staff);
  if (other.status !== 404) bypass(`a code checked in for another event: ${other.status}`);
  const crossSite = await checkIn({ t: good }, { ...staff, origin: 'https://evil.example' });
  if (crossSite.status !== 403) bypass(`check-in from another site: ${crossSite.status}`);

  // Dates of a series forged (lib/content/series.ts): the hackathon does not repeat, so no `--<date>`
  // of it exists. Its page, its calendar file, its registration and its door are none of them there,
  // and nothing is stored under such a name.
  const forgedDates = [
    `${EVENT}--2023-04-18`,
    `${EVENT}--2023-03-18`,
    `${EVENT}--9999-99-99`,
    `${EVENT}--2023-04-18--2023-05-18`,
    `${EVENT}--${'2'.repeat(300)}`,
    `${EVENT}--2023-04-18%00`,
  ];
  for (const slug of forgedDates) {
    for (const path of [`/events/${slug}`, `/fr/events/${slug}`, `/events/${slug}/calendar.ics`]) {
      const page = await send(path);
      if (page.status !== 404 && page.status !== 400) bypass(`a forged date's ${path.slice(0, 60)}: ${page.status}`);
    }
    const answer = await post(
      '/api/forms/registerEvent',
      { firstName: 'Forged', lastName: 'Date', email: 'forged-date@example.org', event: slug },
      { ...xsrf, ...origin },
    );
    if (answer.status >= 200 && answer.status < 300 && /"status":"success"/.test(answer.body)) {
      bypass(`a registration for a forged date ${slug.slice(0, 60)}`);
    }
    const door = await send(`/staff/check-in/${encodeURIComponent(slug)}`, { headers: { cookie: session } });
    if (door.status !== 404) bypass(`the door of a forged date ${slug.slice(0, 60)}: ${door.status}`);
    const state = await post('/staff/api/check-in-state', { event: slug }, staff);
    if (state.status < 400) bypass(`the check-in list of a forged date ${slug.slice(0, 60)}: ${state.status}`);
  }
  if (record('forged-date@example.org')) bypass('a registration stored for a forged date');
  if (checkIns() !== 0) bypass('a bad code checked someone in');
  const [first, again] = [await checkIn({ t: good }, staff), await checkIn({ t: good }, staff)];
  if (!first.body.includes('"checked-in"') || !again.body.includes('"already"') || checkIns() !== 1) {
    bypass(`a check-in replayed: ${first.body.slice(0, 60)} / ${again.body.slice(0, 60)}, ${checkIns()} kept`);
  }

  // The place given back (the good link, twice): the waiting guest is offered it; then their claim link
  // forged, altered, expired, replayed.
  const [given, replayed] = [
    await post('/api/places/cancel', { t: cancel, lang: 'en' }),
    await post('/api/places/cancel', { t: cancel, lang: 'en' }),
  ];
  if (!given.location.endsWith('result=cancelled') || !replayed.location.endsWith('result=already')) {
    bypass(`a place given back twice: ${given.location} / ${replayed.location}`);
  }
  const waiting = record('waiting@example.org')!;
  const claim = tokenIn(await mailTo('waiting@example.org', /A place is free for you/), '/places/claim');
  for (const token of [...altered(claim), cancel, expired('seat-offer', `user/${waiting.id}/1`), 'garbage']) {
    const answer = await post('/api/places/claim', { t: token, lang: 'en' });
    if (!/result=(invalid|ended)$/.test(answer.location))
      bypass(`claim with ${token.slice(0, 30)}: ${answer.location}`);
  }
  await send(`/places/claim?t=${claim}`);
  if (record('waiting@example.org')!.data.booking !== 'offered') bypass('a place claimed without its button');
  const claims = await Promise.all([1, 2, 3].map(() => post('/api/places/claim', { t: claim, lang: 'en' })));
  if (
    !claims.every((c) => c.location.endsWith('result=claimed')) ||
    record('waiting@example.org')!.data.booking !== 'registered'
  ) {
    bypass(`claims at once: ${claims.map((c) => c.location).join(', ')}`);
  }
  // The place given back by a guest already checked in stays with its check-in; a second claim
  // changed nothing more: one seat held.
  const d = db();
  try {
    const seats = (d.prepare("SELECT COUNT(*) AS n FROM seats WHERE key = 'event:' || ?").get(EVENT) as { n: number })
      .n;
    if (seats !== 1) bypass(`${seats} seats held for a capacity of 1`);
  } finally {
    d.close();
  }

  await ticketKindAttacks(staff);
  return t;

  // A paid event with two ticket kinds (docs/product.md §14), published by the staff member through the
  // CMS's API; SITE_CAPACITY gives each kind one place. Then forged, unknown and misdirected kinds, prices
  // sent by the client, a full kind, its waiting list and registrations at once: the store must hold only
  // what the server decided, each kind's seats exact.
  async function ticketKindAttacks(staffHeaders: Record<string, string>) {
    const PAID = 'drill-paid-day';
    const created = await send('/staff/content/api/events', {
      method: 'POST',
      headers: { ...staffHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({
        slug: PAID,
        title: 'Drill paid day',
        inSentence: 'the drill paid day',
        dates: '25 March 2023',
        startDate: '2023-03-25',
        endDate: '2023-03-25',
        tagline: 'A paid day.',
        description: 'Talks.',
        location: 'Lagos',
        img: '/images/events/hackathon-2023.svg',
        partner: { img: '/images/partners/savanna-labs.svg', alt: 'Savanna Labs' },
        tickets: [
          { name: 'Student', price: 20, capacity: 5 },
          { name: 'Professional', price: 50, capacity: 5 },
        ],
        _status: 'published',
      }),
    });
    const kinds = (JSON.parse(created.body || '{}') as { doc?: { tickets?: { id: string }[] } }).doc?.tickets ?? [];
    if (created.status !== 201 || kinds.length !== 2) {
      t.notes.push(`the paid event could not be published: ${created.status} ${created.body.slice(0, 120)}`);
      t.bypasses += 1;
      return;
    }
    const [student, professional] = kinds.map((kind) => kind.id) as [string, string];
    const buy = (name: string, fields: Record<string, string>) =>
      post(
        '/api/forms/registerEvent',
        { firstName: name, lastName: 'Drill', email: `${name}@example.org`, event: PAID, ...fields },
        { ...xsrf, ...origin },
      );
    const success = (answer: { body: string }) => /"status":"success"/.test(answer.body);

    // Kinds the event does not sell: none, forged, altered, its name instead of its id, another event's.
    const forged: [string, Record<string, string>][] = [
      ['kind-none', {}],
      ['kind-empty', { ticket: '' }],
      ['kind-garbage', { ticket: 'garbage' }],
      ['kind-path', { ticket: '../x' }],
      ['kind-long', { ticket: 'x'.repeat(300) }],
      ['kind-nul', { ticket: `${student}\u0000` }],
      ['kind-case', { ticket: student.toUpperCase() }],
      ['kind-name', { ticket: 'Student' }],
      ['kind-seat', { ticket: `${student}:${professional}` }],
      // A forged kind beside a real one under another name: only `ticket` is read.
      ['kind-array', { ticket: 'garbage', 'ticket[]': student, tickets: student }],
      ['kind-other-event', { event: EVENT, ticket: student }],
    ];
    for (const [name, fields] of forged) {
      const answer = await buy(name, fields);
      if (success(answer) || record(`${name}@example.org`)) {
        bypass(
          `a registration with ${JSON.stringify(fields).slice(0, 60)}: ${answer.status} ${answer.body.slice(0, 60)}`,
        );
      }
    }

    // A price, an amount, a state or a currency sent by the client are not read: the kind's own price is owed.
    const priced = await buy('kind-priced', {
      ticket: professional,
      price: '0',
      amount: '1',
      payAmount: '1',
      payStatus: 'paid',
      payCurrency: 'NGN',
      payReference: 'BD-AAAAAAAAAAAA',
    });
    const stored = record('kind-priced@example.org')?.data;
    if (
      !success(priced) ||
      stored?.payAmount !== 5000 ||
      stored.payStatus !== 'unpaid' ||
      stored.ticket !== professional
    ) {
      bypass(`a price sent by the client: ${JSON.stringify(stored ?? priced.body).slice(0, 160)}`);
    }
    if (stored && ('price' in stored || 'amount' in stored || stored.payReference === 'BD-AAAAAAAAAAAA')) {
      bypass('a field the client sent was stored with the paid place');
    }

    // The student kind's one place, taken by six at once: one place, the others told the kind is full.
    const rush = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => buy(`kind-rush-${n}`, { ticket: student })));
    const seated = rush.filter(success).length;
    const full = rush.filter((answer) => /"waitlist":true/.test(answer.body)).length;
    const d2 = db();
    try {
      const held = (key: string) =>
        (d2.prepare('SELECT COUNT(*) AS n FROM seats WHERE key = ?').get(key) as { n: number }).n;
      const [students, professionals] = [held(`event:${PAID}:${student}`), held(`event:${PAID}:${professional}`)];
      if (seated !== 1 || full !== 5 || students !== 1 || professionals !== 1) {
        bypass(`kinds' seats: ${seated} seated, ${full} full, ${students} + ${professionals} held for 1 + 1`);
      }
    } finally {
      d2.close();
    }
    // On the full kind's waiting list: nothing owed until a place is theirs.
    const waits = await buy('kind-waiting', { ticket: student, waitlist: '1', payAmount: '1' });
    const waiter = record('kind-waiting@example.org')?.data;
    if (!success(waits) || waiter?.booking !== 'waiting' || waiter.payStatus !== undefined) {
      bypass(`a waiting registrant owes: ${JSON.stringify(waiter ?? waits.body).slice(0, 160)}`);
    }
  }

  // A staff session as staff get one: a link mailed to the address, its page's button (once: links are
  // single-use).
  async function signIn(email: string): Promise<string> {
    await post('/staff/api/sign-in-request', { email });
    const link = tokenIn(await mailTo(email, /staff\/sign-in\?t=/), '/staff/sign-in');
    t.requests += 1;
    const response = await fetch(`${base}/staff/api/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin },
      body: new URLSearchParams({ t: link }),
    });
    return (
      response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => /baobab-staff=/.test(c)) ?? ''
    );
  }
}
