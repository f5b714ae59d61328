// The hostile drill: every class of attack on the forms, against the built site on loopback, with
// bounded counts. Per class it reports the requests sent, the 5xx answers (goal 0), the attempts that
// got through (goal 0), the confirmation mails one victim got per form (goal 1), and at the end the
// stored records that fail their schema (goal 0) and the longest event-loop stall under the body-size
// attack (scripts/drills/body-stall.mjs; goal under 50 ms).
// The header floods (cookies, header lines, query parameters, form fields) go to every API route 8 and
// then 32 at a time, directly and through docs/deploy/nginx.conf, while a probe on another route keeps
// asking: its slowest answer is reported (goal under 300 ms). The server's log must hold no error-level
// line and no uncaught exception.
// Usage: npm run build && npx tsx scripts/drills/hostile.mts [--per-form 2000] [--scale 20] [--port 3240]
//        [--quick] [--json report.json]
// --quick (what `npm test` runs, tests/e2e/hostile.spec.ts): small counts and a single stall round.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import Database from 'better-sqlite3';
import fc from 'fast-check';
import PostalMime from 'postal-mime';
import * as z from 'zod/mini';

import { toCsv } from '@/lib/export';
import { contactSchema, enrolmentSchema, eventSchema, newsletterSchema, offerSchema } from '@/lib/forms/schemas';
import type { Collection } from '@/lib/storage/types';

import { routes } from '../../tests/e2e/routes';
import { claimPort, freePort, startNextServer, stopServer, waitUntilUp, xsrfHeaders } from '../lib/next-server.mjs';
import { startNginx } from '../lib/nginx.mjs';

const { values: args } = parseArgs({
  options: {
    'per-form': { type: 'string' },
    scale: { type: 'string' },
    port: { type: 'string', default: '3240' },
    quick: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const quick = args.quick;
// Generated submissions per form, and how many times each targeted attempt is repeated.
const perForm = Number(args['per-form'] ?? (quick ? 40 : 2000));
const scale = Number(args.scale ?? (quick ? 2 : 20));
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const LIMIT = 3;

// ---------------------------------------------------------------------------------------------------
// The forms, with a valid submission of each.

const forms = {
  enrol: {
    collection: 'enrolment',
    schema: enrolmentSchema,
    fields: ['name', 'email', 'phone', 'gender', 'country', 'course'],
    valid: {
      name: 'Ada Obi',
      phone: '+234 801 234 5678',
      gender: 'female',
      country: 'Nigeria',
      course: 'Data Analysis with Python',
    },
    page: '/academy/data-analysis-with-python',
  },
  contactUs: {
    collection: 'contact',
    schema: contactSchema,
    fields: ['name', 'email', 'message'],
    valid: { name: 'Ada Obi', message: 'Hello from the drill.' },
    page: '/contact',
  },
  subscribe: {
    collection: 'newsletter',
    schema: newsletterSchema,
    fields: ['name', 'email'],
    valid: { name: 'Ada Obi' },
    page: '/',
  },
  registerEvent: {
    collection: 'user',
    schema: eventSchema,
    fields: ['firstName', 'lastName', 'email'],
    valid: { firstName: 'Ada', lastName: 'Obi', event: 'baobab-data-hackathon-2023' },
    page: '/events/baobab-data-hackathon-2023',
  },
  registerOffer: {
    collection: 'offer',
    schema: offerSchema,
    fields: ['email', 'firstName', 'lastName', 'gender', 'degree', 'occupation', 'country'],
    valid: {
      firstName: 'Ada',
      lastName: 'Obi',
      gender: 'female',
      degree: 'bachelor',
      occupation: 'Analyst',
      country: 'Ghana',
      offer: 'become-a-data-analyst',
    },
    page: '/offers/become-a-data-analyst',
  },
} as const;
type Operation = keyof typeof forms;
const operations = Object.keys(forms) as Operation[];
const singleLine = (operation: Operation) =>
  forms[operation].fields.filter((f) => f !== 'message' && f !== 'gender' && f !== 'degree');

let serial = 0;
const uniqueEmail = (tag: string) => `${tag}.${process.pid}.${++serial}@example.org`;
const validFields = (operation: Operation, email = uniqueEmail(operation)): Record<string, string> => ({
  ...forms[operation].valid,
  email,
});

// ---------------------------------------------------------------------------------------------------
// Sending, and the per-class tally.

interface Tally {
  requests: number;
  fiveHundreds: number;
  bypasses: number;
  mailsPerVictim?: number;
  stallMs?: number;
  unanswered: number;
  notes: string[];
}
const tallies = new Map<string, Tally>();
function tally(name: string): Tally {
  let t = tallies.get(name);
  if (!t) tallies.set(name, (t = { requests: 0, fiveHundreds: 0, bypasses: 0, unanswered: 0, notes: [] }));
  return t;
}

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

// Raw HTTP, so the drill controls the method, the target, Content-Length and chunking.
function send(
  t: Tally,
  method: string,
  path: string,
  headers: Record<string, string> | string[] = {},
  body?: string | Buffer,
  to = port,
): Promise<Answer> {
  t.requests += 1;
  return new Promise((resolve) => {
    // A connection of its own: one the server closes after refusing a body is never reused.
    const req = httpRequest({ host: '127.0.0.1', port: to, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const answer = { status: res.statusCode!, body: Buffer.concat(chunks).toString(), headers: res.headers };
        if (answer.status >= 500) {
          t.fiveHundreds += 1;
          t.notes.push(`${answer.status} for ${method} ${path.slice(0, 60)}`);
        }
        resolve(answer);
      });
      res.on('error', () => resolve(noAnswer(t)));
    });
    req.on('error', () => resolve(noAnswer(t)));
    req.end(body);
  });
}

// A connection reset before any answer: not a 5xx, but counted, since a client may retry it.
function noAnswer(t: Tally): Answer {
  t.unanswered += 1;
  return { status: -1, body: '', headers: {} };
}

const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/x-www-form-urlencoded',
  ...xsrf,
  ...extra,
});
let xsrf: Record<string, string> = {};

// The JavaScript path: the answer's state, and whether it says the submission was taken.
async function postForm(t: Tally, operation: Operation, fields: Record<string, string>, extra = {}) {
  const answer = await send(t, 'POST', `/api/forms/${operation}`, formHeaders(extra), urlencoded(fields));
  let state: { status?: string; message?: string; errors?: Record<string, string> } = {};
  try {
    state = JSON.parse(answer.body);
  } catch {
    /* not a form answer */
  }
  return { ...answer, state, accepted: state.status === 'success' };
}

// The no-JavaScript path: the hidden action fields of the form on `page`, read from the page itself.
const pageFields = new Map<string, [string, string][]>();
async function actionFields(page: string): Promise<[string, string][]> {
  if (!pageFields.has(page)) {
    const html = await (await fetch(`${base}${page}`)).text();
    const decode = (v: string) => v.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    pageFields.set(
      page,
      [...html.matchAll(/<input type="hidden" name="(\$ACTION_[^"]*)"(?: value="([^"]*)")?/g)]
        .slice(0, 4)
        .map(([, name, value]) => [name!, decode(value ?? '')]),
    );
  }
  return pageFields.get(page)!;
}

function multipart(fields: [string, string][]): { type: string; body: Buffer } {
  const boundary = `drill${Math.random().toString(36).slice(2)}`;
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
  };
}

async function postAction(t: Tally, operation: Operation, fields: [string, string][], extra = {}) {
  const { type, body } = multipart([...(await actionFields(forms[operation].page)), ...fields]);
  const answer = await send(
    t,
    'POST',
    forms[operation].page,
    { 'content-type': type, 'content-length': String(body.length), 'sec-fetch-site': 'same-origin', ...extra },
    body,
  );
  return { ...answer, accepted: answer.status === 200 && /"status":"success"/.test(answer.body) };
}

async function inParallel<T>(items: T[], run: (item: T) => Promise<void>, width = 8) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

const randomIp = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 254) + 1).join('.');

// ---------------------------------------------------------------------------------------------------
// The classes.

// 1. Rate-limit bypass. Every post comes from 127.0.0.1; with LIMIT per minute per address and form,
// at most LIMIT are taken per form however the client dresses its address.
async function rateLimitBypass(mode: 'direct' | 'behind one proxy') {
  const t = tally(`rate-limit bypass (${mode})`);
  const real = '203.0.113.7';
  const dresses: Record<string, string>[] =
    mode === 'direct'
      ? [
          { 'x-forwarded-for': randomIp() },
          { 'x-forwarded-for': `${randomIp()}, ${randomIp()}` },
          { 'x-forwarded-for': '', 'x-real-ip': randomIp() },
          { 'x-real-ip': randomIp() },
          { forwarded: `for=${randomIp()}` },
          { 'x-forwarded-for': `${randomIp()}, 127.0.0.1` },
        ]
      : // The proxy appends the address it saw (nginx's $proxy_add_x_forwarded_for): the client
        // controls everything left of it, and may spell its own address several ways.
        [
          { 'x-forwarded-for': `${randomIp()}, ${real}` },
          { 'x-forwarded-for': `${randomIp()}, ${randomIp()}, ${real}` },
          { 'x-forwarded-for': `${real}, ${real}`, 'x-real-ip': randomIp() },
          { 'x-forwarded-for': `${randomIp()}, 203.0.113.007` },
          { 'x-forwarded-for': `${randomIp()}, ::ffff:${real}` },
          { 'x-forwarded-for': `${randomIp()}, ${real}:4321` },
          { 'x-forwarded-for': `${randomIp()}, [::ffff:cb00:7107]:80` },
        ];
  // The honeypot counts too: posts with it filled use up the allowance of a person at that address.
  if (mode === 'direct') {
    const honeypot = tally('honeypot and membership oracles');
    for (let i = 0; i < LIMIT; i++)
      await postForm(honeypot, 'contactUs', { ...validFields('contactUs'), website: 'x' });
    if ((await postForm(honeypot, 'contactUs', validFields('contactUs'))).accepted) {
      honeypot.bypasses += 1;
      honeypot.notes.push('honeypot posts are not rate-limited');
    }
  }
  for (const operation of operations) {
    let accepted = 0;
    const attempts = Array.from({ length: scale * dresses.length }, (_, i) => i);
    await inParallel(attempts, async (i) => {
      const dress = dresses[i % dresses.length]!;
      // Fresh random addresses on every attempt.
      const headers = Object.fromEntries(
        Object.entries(dress).map(([k, v]) => [
          k,
          v.replace(/\d+\.\d+\.\d+\.\d+/, (ip) => (ip === real ? ip : randomIp())),
        ]),
      );
      if ((await postForm(t, operation, validFields(operation), headers)).accepted) accepted += 1;
    });
    t.bypasses += Math.max(0, accepted - LIMIT);
    t.notes.push(`${operation}: ${accepted} taken`);
  }
}

// 2. Mail cannon: many registrations for one victim, from many spoofed addresses, with attacker text
// in every field a visitor types. The victim gets one confirmation per form and day, and none of the
// attackers' words: the first to type the victim's address chooses nothing the victim reads (a mail
// that carries attacker text counts as a bypass).
const victim = 'victim@example.org';
async function mailCannon(dataDir: string) {
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

// The mails to an address, or those of them whose subject, text or HTML match `saying`.
async function mailsTo(dataDir: string, address: string, saying?: RegExp): Promise<number> {
  let count = 0;
  for (const file of mailFiles(dataDir)) {
    const parsed = await PostalMime.parse(readFileSync(join(dataDir, 'mail', file)));
    if (!parsed.to?.some((to) => to.address?.toLowerCase() === address)) continue;
    if (!saying || saying.test(`${parsed.subject}\n${parsed.text}\n${parsed.html}`)) count += 1;
  }
  return count;
}

function mailFiles(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
}

async function drainOutbox() {
  for (let i = 0; i < 300; i++) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as { outbox: { pending: number } };
    if (health.outbox.pending === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

// 3. Oversized and chunked bodies (the stall is measured by body-stall.mjs on its own server).
async function bodies() {
  const t = tally('oversized and chunked bodies');
  const big = Buffer.alloc(200_000, 'a');
  const posts = Array.from({ length: scale }, () =>
    ['/api/forms/contactUs', '/contact', '/api/newsletter/confirm', '/api/forms/nope'].flatMap((path) => [
      [path, { 'content-length': String(big.length) }],
      [path, { 'transfer-encoding': 'chunked' }],
    ]),
  ).flat() as [string, Record<string, string>][];
  // At once: a refused connection is held open a few seconds after its answer (lib/security/http-intake.ts).
  await inParallel(
    posts,
    async ([path, headers]) => {
      const answer = await send(t, 'POST', path, formHeaders(headers), big);
      if (answer.status < 400 && /success/.test(answer.body)) t.bypasses += 1;
    },
    32,
  );
}

// 4. Cross-site request forgery: a valid submission each time, dressed as a forger can.
async function forgery() {
  const t = tally('XSRF');
  const planted = 'a'.repeat(22) + '.' + 'b'.repeat(43);
  const tries: [string, Record<string, string>][] = [
    ['equal unsigned pair', { cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a' }],
    ['equal well-formed pair, wrong signature', { cookie: `XSRF-TOKEN=${planted}`, 'x-xsrf-token': planted }],
    ['cross-origin with a token', { ...xsrf, origin: 'https://evil.example' }],
    ['cross-site fetch metadata with a token', { ...xsrf, 'sec-fetch-site': 'cross-site' }],
    ['Origin null with a token', { ...xsrf, origin: 'null' }],
    ['non-URL Origin with a token', { ...xsrf, origin: 'not a url' }],
    ['same site, other port', { ...xsrf, 'sec-fetch-site': 'same-site', origin: `http://127.0.0.1:${port + 1}` }],
    ['no token, no origin, no fetch metadata', { cookie: '', 'x-xsrf-token': '' }],
  ];
  for (let i = 0; i < scale; i++) {
    for (const operation of operations) {
      for (const [name, headers] of tries) {
        const answer = await send(
          t,
          'POST',
          `/api/forms/${operation}`,
          { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          urlencoded(validFields(operation)),
        );
        if (/"status":"success"/.test(answer.body)) {
          t.bypasses += 1;
          t.notes.push(`${operation}: ${name}`);
        }
      }
      // Without JavaScript: the server action, posted from elsewhere.
      for (const extra of [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-site' },
      ]) {
        const email = uniqueEmail('nojs-forgery');
        const answer = await postAction(t, operation, Object.entries(validFields(operation, email)), extra);
        if (answer.accepted) {
          t.bypasses += 1;
          t.notes.push(`${operation}: no-JavaScript post with ${JSON.stringify(extra)}`);
        }
      }
    }
  }
}

// 5. Field hygiene: forged lines and hidden text in every single-line field.
const dirty = [
  'Ada\nEmail: boss@evil.example',
  'Ada\r\nPay here: https://evil.example',
  'Ada\tObi',
  'Ada\u0085Pay',
  'Ada\u2028Pay',
  'Ada\u2029Pay',
  'Ada\u202eyaP',
  'Ada\u200bObi',
  'Ada\u2066x\u2069',
  '\ufeffAda',
  'Ada\u009b',
  '=?utf-8?b?UGF5IGhlcmU=?=',
  'Ada =?ISO-8859-1?Q?Pay_here?= Obi',
];
async function hygiene() {
  const t = tally('field hygiene');
  const tries = operations.flatMap((operation) =>
    singleLine(operation)
      .slice(0, quick ? 1 : undefined)
      .flatMap((field) => dirty.map((value) => [operation, field, value] as const)),
  );
  await inParallel(tries, async ([operation, field, value]) => {
    const fields = { ...validFields(operation), [field]: field === 'email' ? `${value}@example.org` : value };
    if ((await postForm(t, operation, fields)).accepted) {
      t.bypasses += 1;
      t.notes.push(`${operation}.${field} took ${JSON.stringify(value)}`);
    }
    if ((await postAction(t, operation, Object.entries(fields))).accepted) {
      t.bypasses += 1;
      t.notes.push(`${operation}.${field} took ${JSON.stringify(value)} without JavaScript`);
    }
  });
}

// 6. 5xx on demand: every request that used to get one.
async function fiveHundredsOnDemand() {
  const t = tally('5xx on demand');
  const fields = await actionFields('/contact');
  const id = (JSON.parse(fields[1]![1]) as { id: string }).id;
  const contact = Object.entries(validFields('contactUs')) as [string, string][];
  const withState = (state: string) => fields.map(([n, v]): [string, string] => [n, n.endsWith(':1') ? state : v]);
  const so = { 'sec-fetch-site': 'same-origin' };
  const actionPosts: [[string, string][], Record<string, string>][] = [
    [[[`$ACTION_ID_${id}`, ''], ...contact], so],
    [[[`$ACTION_ID_7f${'0'.repeat(40)}`, ''], ...contact], so],
    [[...withState('notjson'), ...contact], so],
    [[...withState('[1,2,3]'), ...contact], so],
    [[...withState('["$K1"]'), ...contact], so],
    [[...withState('[{"status":"$Q1"}]'), ...contact], so],
    [[...fields.filter(([n]) => !n.endsWith(':1')), ...contact], so],
    [[...fields, ...contact], { origin: 'null' }],
    [[...fields, ...contact], { origin: 'https://evil.example' }],
    [[...fields, ...contact], { origin: 'not a url' }],
    [[['0', '["$Q9"]']], { ...so, 'next-action': id }],
    [[['0', '[]']], { ...so, 'next-action': id }],
  ];
  for (let i = 0; i < scale; i++) {
    for (const [body, headers] of actionPosts) {
      const { type, body: bytes } = multipart(body);
      await send(
        t,
        'POST',
        '/contact',
        { 'content-type': type, 'content-length': `${bytes.length}`, ...headers },
        bytes,
      );
    }
    for (const body of ['garbage{', '[]', '{}', '[null,"$K1"]']) {
      await send(t, 'POST', '/contact', { ...so, 'next-action': id, 'content-type': 'text/plain' }, body);
    }
    await send(
      t,
      'POST',
      '/contact',
      { ...so, 'content-type': 'multipart/form-data; boundary=z', 'content-length': '7' },
      'garbage',
    );
    await send(
      t,
      'POST',
      '/contact',
      { ...so, 'content-type': 'multipart/form-data', 'content-length': '7' },
      'garbage',
    );
    await send(t, 'POST', '/contact', {
      ...so,
      'content-type': 'multipart/form-data; boundary=z',
      'content-length': '2000000',
    });
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND']) await send(t, method, '/contact');
    for (const path of [
      '/academy/%ff',
      '/projects/%E2%82',
      '/events/%ff/opengraph-image',
      '/api/forms/%ff',
      '*',
      'http://evil.example/x',
    ]) {
      await send(t, 'GET', path);
    }
    await send(t, 'POST', '/api/forms/contactUs', formHeaders({ 'content-type': 'multipart/form-data' }), 'x');
    await send(t, 'POST', '/api/forms/contactUs', formHeaders({ 'content-type': 'application/json' }), '{');
    await send(t, 'POST', '/api/forms/__proto__', formHeaders(), 'name=x');
    await send(t, 'POST', '/api/newsletter/unsubscribe?token=%ff', {});
    await send(t, 'GET', '/contact', {
      cookie: '%ff=%ff; ;=',
      'x-forwarded-host': 'a b/c',
      'x-forwarded-proto': '://',
    });
  }
}

// 7. Oracles: a bot that fills the honeypot gets what a person gets for the same data, and the
// newsletter answers a known address as it answers a new one.
async function oracles() {
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

// 8. Pages a CDN can cache: no Set-Cookie on any page, over HTTP or HTTPS, with or without cookies.
async function setCookie() {
  const t = tally('Set-Cookie on pages');
  for (let i = 0; i < Math.max(1, Math.floor(scale / 3)); i++) {
    for (const { path } of [...routes, { path: '/no-such-page' }]) {
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }, { cookie: 'XSRF-TOKEN=x' }] as Record<
        string,
        string
      >[]) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await send(t, method, path, headers);
          if (answer.headers['set-cookie']) {
            t.bypasses += 1;
            t.notes.push(`${method} ${path} set a cookie`);
          }
        }
      }
    }
  }
}

// 9. Replays: the same submission twice in a row, twice at once, and a refreshed no-JavaScript answer.
async function replays(db: () => Database.Database) {
  const t = tally('replays');
  const sent: [Operation, string][] = [];
  for (let i = 0; i < scale; i++) {
    for (const operation of operations) {
      if (operation === 'subscribe') continue;
      const fields = validFields(operation);
      await postForm(t, operation, fields);
      await postForm(t, operation, fields);
      const together = validFields(operation);
      await Promise.all([postForm(t, operation, together), postForm(t, operation, together)]);
      const nojs = Object.entries(validFields(operation)) as [string, string][];
      await postAction(t, operation, nojs);
      await postAction(t, operation, nojs);
      sent.push(
        [operation, fields.email!],
        [operation, together.email!],
        [operation, nojs.find(([n]) => n === 'email')![1]],
      );
    }
  }
  const count = db().prepare(
    "SELECT count(*) AS n FROM records WHERE collection = ? AND json_extract(data, '$.email') = ?",
  );
  for (const [operation, email] of sent) {
    const { n } = count.get(forms[operation].collection, email) as { n: number };
    if (n !== 1) {
      t.bypasses += 1;
      t.notes.push(`${operation} ${email}: stored ${n} times`);
    }
  }
}

// 10. The generated submissions: wrong types, missing and extra fields, control characters, scripts
// and SQL in every field, non-UTF-8 bytes, JSON where a form goes, repeated fields.
const evil = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE records; --",
  "' OR '1'='1",
  '=cmd|" /C calc"!A0',
  '\u0000\u0001\u0007',
  '\u202e\u200b',
  '../../etc/passwd',
  '{{7*7}}',
  '${process.exit()}',
  'a'.repeat(70_000),
  '   ',
];
const plausible: Record<string, string[]> = {
  email: ['ada@example.org', 'kofi.asante@example.org'],
  phone: ['+234 801 234 5678', '0244 123 456'],
  gender: ['male', 'female', 'others'],
  degree: ['bachelor', 'phd'],
  course: ['Data Analysis with Python', 'Introduction To Data Ethics & Privacy'],
  event: ['baobab-data-hackathon-2023'],
};
const value = (field: string) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...(plausible[field] ?? ['Ada Obi', 'Ọlá', 'Nigeria'])), weight: 5 },
    { arbitrary: fc.constantFrom(...evil), weight: 3 },
    { arbitrary: fc.string({ maxLength: 120 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  );

async function generated() {
  const t = tally('generated submissions');
  for (const operation of operations) {
    const fields = [...forms[operation].fields, ...(operation === 'registerEvent' ? ['event'] : [])];
    const record = fc.record(Object.fromEntries(fields.map((f) => [f, value(f)])), { requiredKeys: [] });
    const extra = fc.dictionary(
      fc.constantFrom('date', 'id', '__proto__', 'botCheck', 'website', 'admin'),
      fc.string({ maxLength: 20 }),
      { maxKeys: 2 },
    );
    const samples = fc.sample(fc.tuple(record, extra, fc.nat(99)), perForm);
    await inParallel(
      samples,
      async ([fieldsValue, extraValue, dice]) => {
        const params = new URLSearchParams({ ...extraValue, ...fieldsValue } as Record<string, string>);
        const path = `/api/forms/${operation}`;
        if (dice < 8) {
          await send(
            t,
            'POST',
            path,
            formHeaders({ 'x-xsrf-token': dice % 2 ? 'c'.repeat(64) : '' }),
            params.toString(),
          );
        } else if (dice < 12) {
          const bytes = Buffer.concat([
            Buffer.from('name='),
            Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x80]),
            Buffer.from('&email=a%FF%FE@example.org'),
          ]);
          await send(t, 'POST', path, formHeaders(), bytes);
        } else if (dice < 16) {
          for (const f of fields) params.append(f, 'second value');
          await send(t, 'POST', path, formHeaders(), params.toString());
        } else if (dice < 20) {
          await send(
            t,
            'POST',
            path,
            formHeaders({ 'content-type': 'application/json' }),
            JSON.stringify({ name: ['x'], email: { $ne: null } }),
          );
        } else if (dice < 30) {
          await postAction(t, operation, [...params]);
        } else {
          await send(t, 'POST', path, formHeaders(), params.toString());
        }
      },
      16,
    );
  }
}

// The staff workspace (docs/staff.md): nothing in it answers without a session, whatever the method,
// cookie or link; a post from another site is refused; sign-in requests are limited per address.
async function staffWorkspace() {
  const t = tally('staff workspace without a session');
  const pages = [
    '/staff',
    '/staff/audit',
    '/staff/subscribers',
    '/staff/forget/user/x',
    '/staff/forget/nope/..%2F..',
    '/staff/submissions/user/x',
    '/staff/items/user/x',
  ];
  const posts = ['record', 'forget', 'sign-out', 'nope'].map((a) => `/staff/api/${a}`);
  const cookies = [
    '',
    'baobab-staff=x',
    `baobab-staff=${'A'.repeat(43)}`,
    `baobab-staff=${'A'.repeat(5000)}`,
    '__Host-baobab-staff=../../etc',
  ];
  for (const cookie of cookies) {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    for (const path of [...pages, '/staff/api/export?item=user:x&format=xlsx']) {
      for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH']) {
        const answer = await send(t, method, path, headers);
        if (answer.status === 200) {
          t.bypasses += 1;
          t.notes.push(`${method} ${path} answered 200`);
        }
      }
    }
    for (const path of posts) {
      const answer = await send(
        t,
        'POST',
        path,
        formHeaders({ ...headers, origin: base }),
        urlencoded({ collection: 'user', id: 'x', action: 'handled', confirm: 'yes' }),
      );
      if (
        answer.status === 200 ||
        (answer.status === 303 && !/\/staff\/sign-in$/.test(String(answer.headers.location)))
      ) {
        t.bypasses += 1;
        t.notes.push(`POST ${path} answered ${answer.status} ${answer.headers.location ?? ''}`);
      }
    }
  }
  const links = tally('staff sign-in links');
  for (const token of [
    '',
    'x',
    'a.b.c',
    `${'A'.repeat(20)}.zzzz.${'B'.repeat(43)}`,
    'A'.repeat(2000),
    '\u0000.\r\n.x',
  ]) {
    const answer = await send(
      links,
      'POST',
      '/staff/api/sign-in',
      formHeaders({ origin: base }),
      urlencoded({ t: token }),
    );
    if (answer.headers['set-cookie'] || answer.headers.location !== '/staff/sign-in?invalid=1') {
      links.bypasses += 1;
      links.notes.push(
        `token ${JSON.stringify(token.slice(0, 20))} answered ${answer.status} ${answer.headers.location ?? ''}`,
      );
    }
  }
  for (const origin of ['https://evil.example', 'null']) {
    const answer = await send(
      links,
      'POST',
      '/staff/api/sign-in-request',
      formHeaders({ origin, 'sec-fetch-site': 'cross-site' }),
      urlencoded({ email: 'staff@example.org' }),
    );
    if (answer.status !== 403) {
      links.bypasses += 1;
      links.notes.push(`cross-site sign-in request answered ${answer.status}`);
    }
  }
  let sent = 0;
  for (let i = 0; i < 12; i++) {
    const answer = await send(
      links,
      'POST',
      '/staff/api/sign-in-request',
      formHeaders({ origin: base }),
      urlencoded({ email: 'staff@example.org' }),
    );
    if (answer.headers.location === '/staff/sign-in?sent=1') sent += 1;
  }
  if (sent > 5) {
    links.bypasses += sent - 5;
    links.notes.push(`${sent} of 12 sign-in requests for one address accepted (limit 5)`);
  }
}

// 11. Header floods. Each kind fills what Node (16 KiB of headers) or nginx (8 KiB per line) accepts
// with thousands of tiny items; `width` of them go at once to one API route while a probe asks another
// route in a loop. The probe's slowest answer is what a visitor would have waited.
const floodKinds: Record<
  string,
  (nginx: boolean) => { headers: string[]; path?: string; body?: Buffer; type?: string }
> = {
  cookies: (nginx) => {
    const line = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `c${(from + i).toString(36)}=1`).join('; ');
    // Through nginx: three 7.5 KiB Cookie lines, as a client may send; directly: one 13 KiB line.
    return {
      headers: nginx
        ? ['cookie', line(0, 1050), 'cookie', line(1050, 1050), 'cookie', line(2100, 1050)]
        : ['cookie', line(0, 1900)],
    };
  },
  'header lines': () => ({ headers: Array.from({ length: 1500 }, (_, i) => [`x-${i.toString(36)}`, '1']).flat() }),
  'query parameters': () => ({
    headers: [],
    path: `?${Array.from({ length: 3000 }, (_, i) => `${i.toString(36)}=`).join('&')}`,
  }),
  'form fields': () => ({
    headers: [],
    type: 'application/x-www-form-urlencoded',
    body: Buffer.from(Array.from({ length: 9000 }, () => 'a=').join('&')),
  }),
  'multipart parts': () => {
    const part = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n';
    return { headers: [], type: 'multipart/form-data; boundary=b', body: Buffer.from(`${part.repeat(1200)}--b--\r\n`) };
  },
};
const apiRoutes: [string, string][] = [
  ['GET', '/api/xsrf'],
  ['GET', '/api/health'],
  ['POST', '/api/forms/contactUs'],
  ['POST', '/api/newsletter/confirm'],
  ['POST', '/api/newsletter/unsubscribe'],
];
const floodProbe: Record<string, Record<string, number>> = {};

async function floods(via: 'direct' | 'nginx', to: number) {
  const t = tally(`header floods (${via})`);
  const slowest: Record<string, number> = {};
  for (const width of [8, 32]) {
    for (const [kind, make] of Object.entries(floodKinds)) {
      // Every API route for cookies, the kind the framework pays dearly for; the form endpoint for the rest.
      const targets = kind === 'cookies' || !quick ? apiRoutes : apiRoutes.slice(2, 3);
      for (const [method, path] of targets) {
        const flood = make(via === 'nginx');
        const probePath = path === '/api/xsrf' ? '/api/health' : '/api/xsrf';
        let done = false;
        let worst = 0;
        const probe = (async () => {
          while (!done) {
            const t0 = performance.now();
            await send(t, 'GET', probePath, {}, undefined, to);
            worst = Math.max(worst, performance.now() - t0);
            await new Promise((r) => setTimeout(r, 10));
          }
        })();
        const headers = [...flood.headers, ...(flood.type ? ['content-type', flood.type] : [])];
        const floodMethod = flood.body ? 'POST' : method;
        const answers = await Promise.all(
          Array.from({ length: width }, () =>
            send(t, floodMethod, `${path}${flood.path ?? ''}`, headers, flood.body, to),
          ),
        );
        done = true;
        await probe;
        const key = `${width} at once`;
        slowest[key] = Math.max(slowest[key] ?? 0, worst);
        if (worst > 300) t.notes.push(`${kind} ×${width} on ${path}: probe ${worst.toFixed(0)} ms`);
        // A flood must be answered, or cut, never taken: a form post without fields is never a success.
        if (answers.some((a) => /"status":"success"/.test(a.body))) t.bypasses += 1;
      }
    }
  }
  floodProbe[via] = Object.fromEntries(Object.entries(slowest).map(([k, v]) => [k, Math.round(v)]));
  t.notes.unshift(
    `probe slowest: ${Object.entries(floodProbe[via]!)
      .map(([k, v]) => `${v} ms with ${k}`)
      .join(', ')}`,
  );
}

// 12. Every method on every kind of path the site serves: pages, the API, public files, hashed images,
// icons, the sitemap, social images and build files. A hashed image under another hash is not served.
async function everyPath() {
  const t = tally('5xx on demand');
  const html = await (await fetch(`${base}/contact`)).text();
  const image = '/images/flags/gh.svg';
  const hash = createHash('sha256')
    .update(readFileSync(`public${image}`))
    .digest('hex')
    .slice(0, 12);
  const script = html.match(/\/_next\/static\/[^"]+\.js/)?.[0] ?? '/_next/static/none.js';
  const paths = [
    '/',
    '/contact',
    '/fr/contact',
    '/academy/data-analysis-with-python',
    '/no-such-page',
    '/fr/no-such-page',
    ...apiRoutes.map(([, path]) => path),
    '/api/forms/nope',
    '/api/nope',
    image,
    `/v/${hash}${image}`,
    `/v/000000000000${image}`,
    '/v/x/images/none.png',
    '/images/none.png',
    '/icons/icon-192.png',
    '/favicon.ico',
    '/icon.svg',
    '/apple-icon.png',
    '/manifest.webmanifest',
    '/robots.txt',
    '/sitemap.xml',
    '/opengraph-image',
    '/contact/opengraph-image',
    '/fr/opengraph-image',
    '/academy/data-analysis-with-python/opengraph-image',
    script,
    '/_next/image?url=%2Fimages%2Fflags%2Fgh.svg&w=64&q=75',
  ];
  for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
    await inParallel(paths, async (path) => {
      const body = method === 'GET' || method === 'HEAD' ? undefined : 'a=1';
      // With its length: Node's client frames no body for DELETE or OPTIONS by itself.
      const headers: Record<string, string> = body
        ? {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': '3',
            'sec-fetch-site': 'same-origin',
          }
        : {};
      const answer = await send(t, method, path, headers, body);
      if (path.startsWith('/v/000000000000') && !body && answer.status !== 404) {
        t.bypasses += 1;
        t.notes.push(`${method} ${path}: ${answer.status}, not 404`);
      }
    });
  }
  const right = await send(t, 'GET', `/v/${hash}${image}`);
  if (right.status !== 200 || !/immutable/.test(String(right.headers['cache-control']))) {
    t.bypasses += 1;
    t.notes.push(`the hashed image answers ${right.status}`);
  }
}

// 14. Clients that go away or speak broken HTTP on a raw socket: every method closed before its answer,
// with and without stray bytes after the headers, a socket half-closed mid-headers, pipelined requests,
// HEAD with a body, Expect: 100-continue with no body, a bad chunk size, a form post reset mid-body.
// None may leave an uncaught exception or an error line in the server's log (checked after the run).
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
function rawExchange(t: Tally, bytes: string, how: 'close' | 'half-close' | 'read'): Promise<void> {
  t.requests += 1;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      if (how === 'close') setTimeout(() => socket.destroy(), 1);
      else if (how === 'half-close') socket.end();
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      // A 5xx at the start of any answer on the connection (pipelined ones included).
      for (const status of answer.matchAll(/HTTP\/1\.1 (\d{3})/g))
        if (Number(status[1]) >= 500) t.notes.push(`${status[1]} for ${bytes.slice(0, 40).trim()}`);
    });
    const done = setTimeout(() => socket.destroy(), 3000);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(done);
      resolve();
    });
  });
}

async function clientsGone() {
  const t = tally('clients gone, broken HTTP');
  const h = 'Host: 127.0.0.1\r\n';
  const form = `Content-Type: application/x-www-form-urlencoded\r\nOrigin: ${base}\r\n`;
  const cases: [string, 'close' | 'half-close' | 'read'][] = [];
  for (const path of ['/', '/api/forms/contactUs', '/api/health', '/images/flags/gh.svg']) {
    for (const method of METHODS) {
      cases.push([`${method} ${path} HTTP/1.1\r\n${h}\r\n`, 'close']);
      cases.push([`${method} ${path} HTTP/1.1\r\n${h}\r\nstray bytes`, 'close']);
      cases.push([`${method} ${path} HTTP/1.1\r\n${h}Content-Length: 5\r\n\r\nhello`, 'close']);
    }
  }
  cases.push(
    ['GET / HTTP/1.1\r\nHost: 127.0', 'half-close'],
    ['POST /api/forms/contactUs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le', 'half-close'],
    [`GET / HTTP/1.1\r\n${h}\r\nGET /contact HTTP/1.1\r\n${h}\r\nDELETE / HTTP/1.1\r\n${h}\r\n`, 'half-close'],
    [`GET / HTTP/1.1\r\n${h}\r\nGET /contact HTTP/1.1\r\n${h}\r\n`, 'close'],
    [`HEAD / HTTP/1.1\r\n${h}Content-Length: 5\r\n\r\nhello`, 'read'],
    [`POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Expect: 100-continue\r\nContent-Length: 10\r\n\r\n`, 'close'],
    [`POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Expect: 100-continue\r\n\r\n`, 'read'],
    [
      `POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Transfer-Encoding: chunked\r\n\r\nzz\r\nab\r\n0\r\n\r\n`,
      'read',
    ],
    [`POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Transfer-Encoding: chunked\r\n\r\n5\r\nname=`, 'close'],
    [`POST /api/forms/contactUs HTTP/1.1\r\n${h}${form}Content-Length: 500\r\n\r\nname=Ama&email=a`, 'close'],
    [`POST /contact HTTP/1.1\r\n${h}${form}Content-Length: 500\r\n\r\nname=Ama&email=a`, 'close'],
  );
  await inParallel(cases, ([bytes, how]) => rawExchange(t, bytes, how));
  t.fiveHundreds += t.notes.length;
  // Node aborts a request whose client left on the socket's close: give the log a moment to show it.
  await new Promise((r) => setTimeout(r, 1000));
}

// 13. A body trickled a byte a second: the server must answer 408 and close the connection within its
// deadline (lib/security/http-intake.ts, 15 s) rather than hold it for minutes, and never take the
// bytes that came for a whole form.
function slowBody(): Promise<void> {
  const t = tally('slow bodies');
  t.requests += 1;
  return new Promise((resolve) => {
    const t0 = Date.now();
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/forms/contactUs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n',
      );
    });
    const drip = setInterval(() => socket.write('a'), 1000);
    const giveUp = setTimeout(() => socket.destroy(), 40_000);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      const seconds = (Date.now() - t0) / 1000;
      const status = answer.slice(0, answer.indexOf('\r\n'));
      t.notes.push(`connection closed after ${seconds.toFixed(1)} s, answered ${status || 'nothing'}`);
      if (seconds > 25 || !status.startsWith('HTTP/1.1 408 ')) t.bypasses += 1;
      resolve();
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The run: the main server (a limit high enough for the volume), the rate-limit servers (a real limit,
// without and with a proxy in front), then the body-size attack's own server.

// The class running now, to name it beside anything the server logs.
let phase = 'start';
async function timed(name: string, run: () => Promise<void>) {
  phase = name;
  const t0 = Date.now();
  await run();
  console.error(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function withServer<T>(env: Record<string, string>, run: (dataDir: string) => Promise<T>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-hostile-'));
  const server = startNextServer({
    port,
    // Before the seed's event and offer, as the build the tests make: their forms are open.
    env: { DATA_DIR: dataDir, MAIL_POLL_MS: '100', SITE_TODAY: '2023-03-01', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  // The log's error lines as they come, each named by the class running then, so a failure says which
  // attack drew it.
  const logErrors: string[] = [];
  let partial = '';
  server.stderr?.on('data', (chunk) => (errors += `[${phase}] ${chunk}`));
  server.stdout?.on('data', (chunk) => {
    const lines = `${partial}${chunk}`.split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (isErrorLine(line)) logErrors.push(`[${phase}] ${line}`);
  });
  try {
    const t0 = Date.now();
    await waitUntilUp(`${base}/api/health`, { server });
    console.error(`server up: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    xsrf = await xsrfHeaders(base);
    pageFields.clear();
    return await run(dataDir);
  } finally {
    await stopServer(server);
    stored.push(...(await checkStore(dataDir)));
    if (/\bError\b.*\n\s+at /.test(errors)) crashes.push(errors.slice(0, 2000));
    if (isErrorLine(partial)) logErrors.push(`[${phase}] ${partial}`);
    crashes.push(...logErrors, ...errors.split('\n').filter(isErrorLine));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// A line of the server's log at error level (pino's 50 and above), an uncaught exception, or Next's
// own error line (⨯); stderr's lines may carry the class's name in brackets before them.
function isErrorLine(line: string): boolean {
  if (/uncaughtException|unhandledRejection|^(\[[^\]]*\] )?\s*⨯/.test(line)) return true;
  try {
    return (JSON.parse(line.replace(/^\[[^\]]*\] /, '')) as { level?: number }).level! >= 50;
  } catch {
    return false;
  }
}

// docs/deploy/nginx.conf in front of the running server, for the length of `run`.
async function throughNginx(run: (proxyPort: number) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'baobab-hostile-nginx-'));
  mkdirSync(join(dir, 'cache'));
  const proxyPort = await freePort();
  const nginx: ChildProcess = startNginx({ port: proxyPort, upstreamPort: port, dir });
  try {
    await waitUntilUp(`http://127.0.0.1:${proxyPort}/api/xsrf`, { timeoutMs: 10_000 });
    await run(proxyPort);
  } finally {
    await stopServer(nginx);
    rmSync(dir, { recursive: true, force: true });
  }
}

const stored: { invalid: number; total: number; unescaped: number; csv: number }[] = [];
const crashes: string[] = [];

// Everything stored must pass its schema; everything rendered back must be escaped.
async function checkStore(dataDir: string) {
  let total = 0;
  let invalid = 0;
  let csv = 0;
  let db: Database.Database;
  try {
    db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true, fileMustExist: true });
  } catch {
    return [];
  }
  for (const { collection, schema, fields } of Object.values(forms)) {
    const rows = db.prepare('SELECT id, data FROM records WHERE collection = ?').all(collection) as {
      id: string;
      data: string;
    }[];
    total += rows.length;
    for (const row of rows) {
      const data = JSON.parse(row.data);
      if (!z.safeParse(schema, Object.fromEntries(fields.map((f) => [f, data[f]]))).success) invalid += 1;
    }
    const text = toCsv(
      collection as Collection,
      rows.map((r) => ({ id: r.id, data: JSON.parse(r.data) })),
    );
    csv += text.split('\r\n').filter((line) => /(^|,)"[=+\-@]/.test(line)).length;
  }
  db.close();
  let unescaped = 0;
  for (const file of mailFiles(dataDir)) {
    const parsed = await PostalMime.parse(readFileSync(join(dataDir, 'mail', file)));
    // A real tag from visitor input (escaped text such as 'onerror=' between &lt; and &gt; is harmless).
    if (/<(script|img|iframe|svg)\b/i.test(parsed.html ?? '')) unescaped += 1;
  }
  return [{ invalid, total, unescaped, csv }];
}

// The port is fixed (tests/e2e/hostile.spec.ts): another run of the drill may be using it.
await claimPort(port);
const started = Date.now();
await withServer({ RATE_LIMIT_PER_MINUTE: '100000000', STAFF_EMAILS: 'staff@example.org' }, async (dataDir) => {
  let db: Database.Database | undefined;
  const open = () => (db ??= new Database(join(dataDir, 'baobab.sqlite'), { readonly: true }));
  // In the background: it takes the server's body deadline to end.
  const trickle = slowBody();
  await timed('mailCannon', () => mailCannon(dataDir));
  await timed('forgery', () => forgery());
  await timed('hygiene', () => hygiene());
  await timed('fiveHundredsOnDemand', () => fiveHundredsOnDemand());
  await timed('everyPath', () => everyPath());
  await timed('floods (direct)', () => floods('direct', port));
  await timed('floods (nginx)', () => throughNginx((proxyPort) => floods('nginx', proxyPort)));
  await timed('oracles', () => oracles());
  await timed('setCookie', () => setCookie());
  await timed('bodies', () => bodies());
  await timed('replays', () => replays(open));
  await timed('generated', () => generated());
  await timed('staffWorkspace', () => staffWorkspace());
  await timed('clientsGone', () => clientsGone());
  await trickle;
  await drainOutbox();
  // The body cap closes a cut connection a few seconds after its answer: wait that out, so anything
  // it does wrong is in the log.
  await new Promise((r) => setTimeout(r, 6000));
  db?.close();
});
await withServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT) }, () => timed('rate limit', () => rateLimitBypass('direct')));
await withServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUSTED_PROXY_HOPS: '1' }, () =>
  timed('rate limit behind a proxy', () => rateLimitBypass('behind one proxy')),
);
const stallStarted = Date.now();

// The body-size attack, with the server's event-loop delay monitor.
const stall = spawnSync(
  process.execPath,
  ['scripts/drills/body-stall.mjs', '--port', String(port), '--rounds', quick ? '1' : '3'],
  { encoding: 'utf8' },
);
console.error(`body stall: ${((Date.now() - stallStarted) / 1000).toFixed(1)} s`);
const b = tally('oversized and chunked bodies');
const answers = /answers (\{.*\})/.exec(stall.stdout)?.[1];
if (answers) {
  for (const [status, n] of Object.entries(JSON.parse(answers) as Record<string, number>)) {
    b.requests += n;
    if (Number(status) >= 500) b.fiveHundreds += n;
  }
}
b.stallMs = Number(/longest stall during the attack \(\d+ ms\): ([\d.]+) ms/.exec(stall.stdout)?.[1] ?? NaN);
b.notes.push(`quiet-period max ${/quiet period: max ([\d.]+) ms/.exec(stall.stdout)?.[1] ?? '?'} ms`);

const seconds = (Date.now() - started) / 1000;
const sum = (key: 'invalid' | 'total' | 'unescaped' | 'csv') => stored.reduce((n, s) => n + s[key], 0);
const report = {
  date: new Date().toISOString(),
  seconds: Math.round(seconds),
  perForm,
  scale,
  classes: Object.fromEntries(tallies),
  stored: sum('total'),
  invalidStored: sum('invalid'),
  unescapedMails: sum('unescaped'),
  csvFormulas: sum('csv'),
  serverErrors: crashes.length,
  // The lines themselves (shortened), so that a failed run can be read without running it again.
  serverErrorLines: crashes.map((line) => line.slice(0, 2000)),
  floodProbe,
};
const totals = [...tallies.values()];
const ok =
  totals.every((t) => t.fiveHundreds === 0 && t.bypasses === 0 && (t.mailsPerVictim ?? 1) <= 1) &&
  report.invalidStored === 0 &&
  report.unescapedMails === 0 &&
  report.csvFormulas === 0 &&
  crashes.length === 0 &&
  Object.values(floodProbe).every((widths) => Object.values(widths).every((ms) => ms < 300));

console.log(`\nhostile drill, ${report.date}, ${report.seconds} s (--per-form ${perForm} --scale ${scale})\n`);
console.log(
  '| class | requests | 5xx | no answer | accepted bypasses | mails to one victim per form | longest stall | notes |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const [name, t] of tallies) {
  console.log(
    `| ${name} | ${t.requests} | ${t.fiveHundreds} | ${t.unanswered} | ${t.bypasses} | ${t.mailsPerVictim ?? '–'} | ${t.stallMs === undefined ? '–' : `${t.stallMs.toFixed(0)} ms`} | ${t.notes.slice(0, 6).join('; ')} |`,
  );
}
console.log(`\n| check | result |\n| --- | --- |`);
console.log(`| requests sent | ${totals.reduce((n, t) => n + t.requests, 0)} |`);
console.log(`| records stored / failing their schema | ${report.stored} / ${report.invalidStored} |`);
console.log(`| mails with unescaped markup | ${report.unescapedMails} |`);
console.log(`| CSV cells starting with = + - @ | ${report.csvFormulas} |`);
console.log(`| server log lines at error level, uncaught exceptions, stacks | ${report.serverErrors} |`);
for (const [via, widths] of Object.entries(floodProbe)) {
  console.log(
    `| probe's slowest answer during header floods, ${via} | ${Object.entries(widths)
      .map(([k, v]) => `${v} ms (${k})`)
      .join(', ')} |`,
  );
}
console.log(`| verdict | ${ok ? 'PASS' : 'FAIL'} |`);
if (crashes.length) console.error(crashes.join('\n---\n'));
if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
process.exit(ok ? 0 : 1);
