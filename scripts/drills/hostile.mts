// Hostile input: at least 10,000 generated submissions per form against the running site (wrong
// types, missing and extra fields, oversized bodies, control characters, scripts and SQL in every
// field, wrong or missing XSRF tokens, forged server-action ids, non-UTF-8 bytes). Then checks: no 5xx,
// every stored record passes its form's schema, and every stored value is escaped where it is
// rendered back (the mails' HTML, the CSV export).
// Usage: npm run build && npx tsx scripts/drills/hostile.mts [--per-form 10000]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

import { startNextServer, stopServer, waitUntilUp, xsrfHeaders } from '../lib/next-server.mjs';

const { values: args } = parseArgs({
  options: { 'per-form': { type: 'string', default: '10000' }, port: { type: 'string', default: '3240' } },
});
const perForm = Number(args['per-form']);
const base = `http://127.0.0.1:${args.port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'baobab-hostile-'));
const server = startNextServer({
  port: args.port,
  env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000000', MAIL_POLL_MS: '100' },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverErrors = '';
server.stderr?.on('data', (chunk) => (serverErrors += chunk));

const forms = {
  enrol: {
    collection: 'enrolment',
    schema: enrolmentSchema,
    fields: ['name', 'email', 'phone', 'gender', 'country', 'course'],
  },
  contactUs: { collection: 'contact', schema: contactSchema, fields: ['name', 'email', 'message'] },
  subscribe: { collection: 'newsletter', schema: newsletterSchema, fields: ['name', 'email'] },
  registerEvent: { collection: 'user', schema: eventSchema, fields: ['firstName', 'lastName', 'email'] },
  registerOffer: {
    collection: 'offer',
    schema: offerSchema,
    fields: ['email', 'firstName', 'lastName', 'gender', 'degree', 'occupation', 'country'],
  },
} as const;
type Operation = keyof typeof forms;

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

type Attack = { kind: string; headers: Record<string, string>; body: Uint8Array | string; path: string };
let xsrf: Record<string, string> = {};

function attack(operation: Operation, random: number): fc.Arbitrary<Attack> {
  const fields = [...forms[operation].fields, ...(operation === 'registerEvent' ? ['event'] : [])];
  const record = fc.record(Object.fromEntries(fields.map((f) => [f, value(f)])), { requiredKeys: [] });
  const extra = fc.dictionary(
    fc.constantFrom('date', 'id', '__proto__', 'botCheck', 'website', 'admin'),
    fc.string({ maxLength: 20 }),
    { maxKeys: 2 },
  );
  return fc.tuple(record, extra, fc.nat(99)).map(([fieldsValue, extraValue, dice]): Attack => {
    const params = new URLSearchParams({ ...extraValue, ...fieldsValue } as Record<string, string>);
    const good: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      ...xsrf,
    };
    if (dice < 8)
      return {
        kind: 'wrong or missing XSRF',
        path: `/api/forms/${operation}`,
        headers: { ...good, 'x-xsrf-token': dice % 2 ? 'c'.repeat(64) : '' },
        body: params.toString(),
      };
    if (dice < 12)
      return {
        kind: 'oversized body',
        path: `/api/forms/${operation}`,
        headers: good,
        body: `name=${'x'.repeat(200_000 + random)}`,
      };
    if (dice < 16) {
      return {
        kind: 'non-UTF-8 bytes',
        path: `/api/forms/${operation}`,
        headers: good,
        body: new Uint8Array(
          Buffer.concat([
            Buffer.from('name='),
            Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x80]),
            Buffer.from('&email=a%FF%FE@example.org'),
          ]),
        ),
      };
    }
    if (dice < 20) {
      return {
        kind: 'forged server-action id',
        path: '/contact',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'next-action': `${random.toString(16).padStart(8, '0')}${'0'.repeat(34)}`,
          'sec-fetch-site': 'same-origin',
        },
        body: '["$K1"]',
      };
    }
    if (dice < 24) {
      const repeated = new URLSearchParams(params);
      for (const f of fields) repeated.append(f, 'second value');
      return {
        kind: 'wrong types (repeated fields)',
        path: `/api/forms/${operation}`,
        headers: good,
        body: repeated.toString(),
      };
    }
    if (dice < 28)
      return {
        kind: 'JSON instead of a form',
        path: `/api/forms/${operation}`,
        headers: { ...good, 'content-type': 'application/json' },
        body: JSON.stringify({ name: ['x'], email: { $ne: null } }),
      };
    return { kind: 'generated fields', path: `/api/forms/${operation}`, headers: good, body: params.toString() };
  });
}

await waitUntilUp(`${base}/api/health`);
xsrf = await xsrfHeaders(base);
const statuses = new Map<string, Map<number, number>>();
let fiveHundreds = 0;
const started = Date.now();
for (const operation of Object.keys(forms) as Operation[]) {
  const attacks = fc.sample(attack(operation, Math.floor(Math.random() * 1000)), perForm);
  let next = 0;
  const worker = async () => {
    while (next < attacks.length) {
      const a = attacks[next++]!;
      let status: number;
      try {
        const response = await fetch(`${base}${a.path}`, {
          method: 'POST',
          headers: a.headers,
          body: a.body as BodyInit,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = -1;
      }
      if (status >= 500) fiveHundreds += 1;
      const byKind = statuses.get(a.kind) ?? new Map<number, number>();
      byKind.set(status, (byKind.get(status) ?? 0) + 1);
      statuses.set(a.kind, byKind);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  console.error(`${operation}: ${perForm} sent`);
}
const seconds = (Date.now() - started) / 1000;
// Let the outbox write every mail before looking at them.
for (let i = 0; i < 600; i++) {
  const health = (await (await fetch(`${base}/api/health`)).json()) as { outbox: { pending: number } };
  if (health.outbox.pending === 0) break;
  await new Promise((r) => setTimeout(r, 200));
}
await stopServer(server);

// Everything stored must pass its schema; everything rendered back must be escaped.
const db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true });
let stored = 0;
let invalid = 0;
let csvProblems = 0;
for (const { collection, schema, fields } of Object.values(forms)) {
  const rows = db.prepare('SELECT id, data FROM records WHERE collection = ?').all(collection) as {
    id: string;
    data: string;
  }[];
  stored += rows.length;
  for (const row of rows) {
    const data = JSON.parse(row.data);
    const picked = Object.fromEntries(fields.map((f) => [f, data[f]]));
    if (!z.safeParse(schema, picked).success) invalid += 1;
  }
  const csv = toCsv(
    collection as Collection,
    rows.map((r) => ({ id: r.id, data: JSON.parse(r.data) })),
  );
  csvProblems += csv.split('\r\n').filter((line) => /(^|,)"[=+\-@]/.test(line)).length;
}
db.close();
let unescaped = 0;
const mails = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
for (const file of mails) {
  const parsed = await PostalMime.parse(readFileSync(join(dataDir, 'mail', file)));
  // A real tag from visitor input (escaped text such as 'onerror=' between &lt; and &gt; is harmless).
  if (/<(script|img|iframe|svg)\b/i.test(parsed.html ?? '')) unescaped += 1;
}
rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\n${perForm} submissions per form, ${Object.keys(forms).length} forms, ${seconds.toFixed(0)} s, ${new Date().toISOString()}\n`,
);
console.log('| kind of request | answers (status: count) |');
console.log('| --- | --- |');
for (const [kind, byStatus] of statuses) {
  console.log(
    `| ${kind} | ${[...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')} |`,
  );
}
const ok =
  fiveHundreds === 0 &&
  invalid === 0 &&
  unescaped === 0 &&
  csvProblems === 0 &&
  !/\bError\b.*\n\s+at /.test(serverErrors);
console.log(`\n| check | result |\n| --- | --- |`);
console.log(`| 5xx answers | ${fiveHundreds} |`);
console.log(`| records stored | ${stored} |`);
console.log(`| stored records failing their schema | ${invalid} |`);
console.log(`| mails written / with unescaped markup | ${mails.length} / ${unescaped} |`);
console.log(`| CSV cells starting with = + - @ | ${csvProblems} |`);
console.log(`| verdict | ${ok ? 'PASS' : 'FAIL'} |`);
process.exit(ok ? 0 : 1);
