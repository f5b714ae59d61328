// Outage drills against the built site: while visitors keep submitting, each outside service is cut
// (SMTP relay, Mailchimp, reCAPTCHA siteverify, the Firestore emulator) and later restored. Every
// service is a real local peer behind a TCP relay that can refuse connections (service stopped) or
// swallow them (network black hole). Checks, per drill: every visitor got a clear answer in bounded
// time, nothing acknowledged was lost, and the site caught up once the service came back.
// Usage: npm run build && npx tsx scripts/drills/outage.ts [--only smtp,mailchimp,siteverify,firestore]
//        [--outage-seconds 8]
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { answers } from '@/lib/forms/submit';
import { openFirestoreStore } from '@/lib/storage/firestore';
import { openSqliteStore } from '@/lib/storage/sqlite';
import type { Store } from '@/lib/storage/types';

import { startCuttableProxy, type OutageMode } from '../../tests/helpers/cuttable-proxy';
import { startFirestoreEmulator } from '../../tests/helpers/firestore-emulator';
import { json, startHttpStub } from '../../tests/helpers/http-stub';
import { startMailchimpStub } from '../../tests/helpers/mailchimp-stub';
import { startSmtpServer } from '../../tests/helpers/smtp';
import { startNextServer, stopServer, waitUntilUp, xsrfHeaders } from '../lib/next-server.mjs';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'smtp,mailchimp,siteverify,firestore' },
    'outage-seconds': { type: 'string', default: '8' },
    port: { type: 'string', default: '3250' },
  },
});
const outageMs = Number(args['outage-seconds']) * 1000;
const base = `http://127.0.0.1:${args.port}`;
// Each contact message queues the staff's notification and the sender's acknowledgement (every drill
// sender's address is new, so none is held back as a repeat).
const MAILS_PER_MESSAGE = 2;

let xsrf: Record<string, string> = {};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Phase = 'before' | 'outage' | 'after';
interface Answer {
  phase: Phase;
  email: string;
  http: number; // 0: no answer at all (connection failed)
  status: string;
  message: string;
  ms: number;
}

// The site with a scratch store and fast mail retries, up and answering.
async function startSite(env: Record<string, string>) {
  const site = startNextServer({
    port: args.port,
    env: {
      RATE_LIMIT_PER_MINUTE: '100000000',
      MAIL_POLL_MS: '200',
      MAIL_RETRY_BASE_MS: '500',
      MAIL_MAX_ATTEMPTS: '30',
      ...env,
    },
  });
  await waitUntilUp(`${base}/about`);
  xsrf = await xsrfHeaders(base);
  return site;
}

async function health() {
  try {
    const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(15_000) });
    const body = (await response.json()) as { status: string; outbox?: { pending: number; failed: number } };
    return { http: response.status, ...body };
  } catch (error) {
    return { http: 0, status: `no answer (${(error as Error).name})` };
  }
}

// Visitors submit one form in a loop, five at a time, through the three phases of the drill.
// afterMs must outlast the longest wait a visitor can have (the 10 s store deadline), or the visitors
// still waiting from the outage fill the whole 'after' phase.
async function runVisitors(
  operation: string,
  fields: (email: string) => Record<string, string>,
  cut: () => Promise<void>,
  restore: () => Promise<void>,
  afterMs = 5000,
) {
  const answers: Answer[] = [];
  let phase: Phase = 'before';
  let serial = 0;
  let running = true;
  const visitor = async () => {
    while (running) {
      const email = `drill${++serial}@example.org`;
      const sentIn = phase;
      const started = Date.now();
      try {
        const response = await fetch(`${base}/api/forms/${operation}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...xsrf,
          },
          body: new URLSearchParams(fields(email)),
          signal: AbortSignal.timeout(60_000),
        });
        const body = (await response.json().catch(() => ({}))) as { status?: string; message?: string };
        answers.push({
          phase: sentIn,
          email,
          http: response.status,
          status: body.status ?? '?',
          message: body.message ?? '',
          ms: Date.now() - started,
        });
      } catch (error) {
        answers.push({
          phase: sentIn,
          email,
          http: 0,
          status: 'no answer',
          message: (error as Error).message,
          ms: Date.now() - started,
        });
      }
      await sleep(100);
    }
  };
  const visitors = Array.from({ length: 5 }, visitor);
  await sleep(3000);
  phase = 'outage';
  await cut();
  await sleep(outageMs);
  // At the end of the outage: a black-holed relay is only noticed once its timeout has run out.
  const healthDuring = await health();
  phase = 'after';
  const restoredAt = Date.now();
  await restore();
  await sleep(afterMs);
  running = false;
  await Promise.all(visitors);
  return { answers, healthDuring, restoredAt };
}

function answerTable(answers: Answer[]) {
  const rows: string[] = [];
  for (const phase of ['before', 'outage', 'after'] as Phase[]) {
    const inPhase = answers.filter((a) => a.phase === phase);
    const kinds = new Map<string, number>();
    for (const a of inPhase) {
      const key = `${a.http} ${a.status}: ${a.message.slice(0, 90)}`;
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    const slowest = Math.max(0, ...inPhase.map((a) => a.ms));
    const described = [...kinds].map(([k, n]) => `${n} × ${k}`).join('<br>');
    rows.push(`| ${phase} | ${inPhase.length} | ${described} | ${slowest} |`);
  }
  return [
    '| phase | submissions | answers (count × HTTP status: message) | slowest answer ms |',
    '| --- | ---: | --- | ---: |',
    ...rows,
  ].join('\n');
}

async function drainOutbox(store: Store, limitMs: number) {
  const started = Date.now();
  let counts = await store.outboxCounts();
  while (counts.pending > 0 && Date.now() - started < limitMs) {
    await sleep(250);
    counts = await store.outboxCounts();
  }
  return { counts, ms: Date.now() - started };
}

interface DrillResult {
  name: string;
  report: string;
  pass: boolean;
}

const contactFields = (email: string) => ({
  name: 'Outage drill',
  email,
  message: `Sent by the outage drill as ${email}`,
});

async function smtpDrill(mode: OutageMode): Promise<DrillResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-outage-'));
  const relay = await startSmtpServer();
  const proxy = await startCuttableProxy(Number(new URL(relay.url).port));
  const site = await startSite({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${proxy.port}` });
  const run = await runVisitors(
    'contactUs',
    contactFields,
    () => proxy.cut(mode),
    () => proxy.restore(),
  );
  const store = openSqliteStore(join(dataDir, 'baobab.sqlite'));
  const drain = await drainOutbox(store, 120_000);
  const caughtUpMs = Date.now() - run.restoredAt;
  const stored = new Set((await store.list('contact')).map((r) => String(r.data.email)));
  await store.close();
  await stopServer(site);
  await proxy.close();
  await relay.close();
  rmSync(dataDir, { recursive: true, force: true });

  const acknowledged = run.answers.filter((a) => a.status === 'success');
  const lost = acknowledged.filter((a) => !stored.has(a.email));
  const ids = relay.received.map((m) => m.messageId);
  const delivered = new Set(ids);
  const notSuccess = run.answers.filter((a) => a.status !== 'success');
  const pass =
    lost.length === 0 &&
    notSuccess.length === 0 &&
    drain.counts.pending === 0 &&
    drain.counts.failed === 0 &&
    delivered.size === stored.size * MAILS_PER_MESSAGE;
  const report = `### SMTP relay ${mode === 'refuse' ? 'stopped' : 'unreachable (black hole)'} for ${outageMs / 1000} s

${answerTable(run.answers)}

| check | value |
| --- | --- |
| /api/health at the end of the outage | HTTP ${run.healthDuring.http}, ${run.healthDuring.status} |
| acknowledged / stored / acknowledged but not stored | ${acknowledged.length} / ${stored.size} / ${lost.length} |
| emails delivered (distinct Message-IDs) / copies received | ${delivered.size} / ${ids.length} |
| outbox after catching up | pending ${drain.counts.pending}, failed ${drain.counts.failed}, sent ${drain.counts.sent} |
| from restore to empty outbox | ${(caughtUpMs / 1000).toFixed(1)} s |
| verdict | ${pass ? 'PASS' : 'FAIL'} |`;
  return { name: `smtp-${mode}`, report, pass };
}

async function mailchimpDrill(mode: OutageMode): Promise<DrillResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-outage-'));
  // Mailchimp's post-json endpoint (tests/helpers/mailchimp-stub.ts): 200 with { result, msg }.
  const mailchimp = await startMailchimpStub();
  const subscribed = mailchimp.members;
  const proxy = await startCuttableProxy(Number(new URL(mailchimp.url).port));
  const site = await startSite({
    DATA_DIR: dataDir,
    NEWSLETTER_PROVIDER: 'mailchimp',
    MAILCHIMP_SUBSCRIBE_URL: `http://127.0.0.1:${proxy.port}/subscribe/post-json?u=drill&id=list`,
  });
  const run = await runVisitors(
    'subscribe',
    (email) => ({ name: 'Outage drill', email }),
    () => proxy.cut(mode),
    () => proxy.restore(),
  );
  await stopServer(site);
  await proxy.close();
  await mailchimp.close();
  rmSync(dataDir, { recursive: true, force: true });

  const acknowledged = run.answers.filter((a) => a.status === 'success');
  const lost = acknowledged.filter((a) => !subscribed.has(a.email.toLowerCase()));
  const outage = run.answers.filter((a) => a.phase === 'outage');
  const afterOk = run.answers.filter((a) => a.phase === 'after' && a.status === 'success').length;
  const unclear = outage.filter((a) => a.status !== 'success' && !/try again/i.test(a.message));
  const pass =
    lost.length === 0 && unclear.length === 0 && afterOk > 0 && run.answers.every((a) => a.http !== 0 && a.http < 500);
  const report = `### Mailchimp ${mode === 'refuse' ? 'refusing connections' : 'unreachable (black hole)'} for ${outageMs / 1000} s

${answerTable(run.answers)}

| check | value |
| --- | --- |
| told "subscribed" / actually at Mailchimp / told but not there | ${acknowledged.length} / ${subscribed.size} / ${lost.length} |
| outage answers without a clear "try again" | ${unclear.length} |
| subscriptions accepted after the restore | ${afterOk} |
| verdict | ${pass ? 'PASS' : 'FAIL'} |`;
  return { name: `mailchimp-${mode}`, report, pass };
}

async function siteverifyDrill(mode: OutageMode): Promise<DrillResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-outage-'));
  // siteverify's answer for a genuine v3 token.
  const siteverify = await startHttpStub((_request, response) =>
    json(response, 200, {
      success: true,
      score: 0.9,
      action: 'importantAction',
      hostname: '127.0.0.1',
      challenge_ts: new Date().toISOString(),
    }),
  );
  const proxy = await startCuttableProxy(Number(new URL(siteverify.url).port));
  const site = await startSite({
    DATA_DIR: dataDir,
    RECAPTCHA_SECRET_KEY: 'drill-secret',
    NEXT_PUBLIC_RECAPTCHA_SITE_KEY: 'drill-site-key',
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${proxy.port}/recaptcha/api/siteverify`,
  });
  const run = await runVisitors(
    'contactUs',
    (email) => ({ ...contactFields(email), _botToken: 'drill-token' }),
    () => proxy.cut(mode),
    () => proxy.restore(),
  );
  const store = openSqliteStore(join(dataDir, 'baobab.sqlite'));
  const records = await store.list('contact');
  await store.close();
  await stopServer(site);
  await proxy.close();
  await siteverify.close();
  rmSync(dataDir, { recursive: true, force: true });

  const byEmail = new Map(records.map((r) => [String(r.data.email), r.data]));
  const acknowledged = run.answers.filter((a) => a.status === 'success');
  const lost = acknowledged.filter((a) => !byEmail.has(a.email));
  const flagged = records.filter((r) => r.data.botCheck === 'unavailable').length;
  const flaggedOutsideOutage = run.answers.filter(
    (a) => a.phase !== 'outage' && byEmail.get(a.email)?.botCheck === 'unavailable',
  ).length;
  const refused = run.answers.filter((a) => a.status !== 'success').length;
  const pass = lost.length === 0 && refused === 0 && flagged > 0 && flaggedOutsideOutage <= 5;
  const report = `### reCAPTCHA siteverify ${mode === 'refuse' ? 'refusing connections' : 'unreachable (black hole)'} for ${outageMs / 1000} s

${answerTable(run.answers)}

| check | value |
| --- | --- |
| acknowledged / stored / acknowledged but not stored | ${acknowledged.length} / ${records.length} / ${lost.length} |
| visitors refused | ${refused} |
| stored flagged botCheck "unavailable" (for staff to review) | ${flagged} |
| of them sent before the cut or after the restore | ${flaggedOutsideOutage} (at most the 5 in flight at the restore) |
| verdict | ${pass ? 'PASS' : 'FAIL'} |`;
  return { name: `siteverify-${mode}`, report, pass };
}

async function firestoreDrill(mode: OutageMode): Promise<DrillResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-outage-'));
  const emulator = await startFirestoreEmulator();
  const proxy = await startCuttableProxy(Number(emulator.host.split(':')[1]));
  const projectId = `outage-drill-${mode}`;
  const site = await startSite({
    DATA_DIR: dataDir,
    STORE: 'firestore',
    FIRESTORE_PROJECT_ID: projectId,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${proxy.port}`,
  });
  const run = await runVisitors(
    'contactUs',
    contactFields,
    () => proxy.cut(mode),
    () => proxy.restore(),
    15_000,
  );
  const healthAfter = await health();
  // Read the emulator directly, not through the relay.
  const store = openFirestoreStore({ projectId, emulatorHost: emulator.host });
  const drain = await drainOutbox(store, 120_000);
  const caughtUpMs = Date.now() - run.restoredAt;
  const stored = (await store.list('contact')).map((r) => String(r.data.email));
  await store.close();
  await stopServer(site);
  const mails = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml')).length;
  await proxy.close();
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });

  const storedSet = new Set(stored);
  const acknowledged = run.answers.filter((a) => a.status === 'success');
  const lost = acknowledged.filter((a) => !storedSet.has(a.email));
  const duplicates = stored.length - storedSet.size;
  const outage = run.answers.filter((a) => a.phase === 'outage');
  const clear = [answers.notStored, answers.notConfirmed];
  const unclear = run.answers.filter((a) => a.status !== 'success' && !clear.includes(a.message));
  const afterOk = run.answers.filter((a) => a.phase === 'after' && a.status === 'success').length;
  const slowest = Math.max(0, ...outage.map((a) => a.ms));
  // A visitor whose write timed out may find it stored later: that is not a loss, and a second try
  // by that visitor would be a duplicate they caused, so duplicates are counted but do not fail the drill.
  const pass =
    lost.length === 0 &&
    unclear.length === 0 &&
    slowest <= 12_000 &&
    afterOk > 0 &&
    drain.counts.pending === 0 &&
    mails === storedSet.size * MAILS_PER_MESSAGE;
  const report = `### Firestore (emulator) ${mode === 'refuse' ? 'stopped' : 'unreachable (black hole)'} for ${outageMs / 1000} s

${answerTable(run.answers)}

| check | value |
| --- | --- |
| /api/health at the end of the outage / after | HTTP ${run.healthDuring.http} ${run.healthDuring.status} / HTTP ${healthAfter.http} ${healthAfter.status} |
| acknowledged / stored / acknowledged but not stored / duplicates | ${acknowledged.length} / ${stored.length} / ${lost.length} / ${duplicates} |
| answers that were neither success nor one of the two "try again" messages | ${unclear.length} |
| slowest answer during the outage (bound: 12 s) | ${slowest} ms |
| submissions accepted after the restore | ${afterOk} |
| emails written (.eml) for stored messages (two each); outbox pending | ${mails} for ${storedSet.size}; ${drain.counts.pending} |
| from restore to empty outbox | ${(caughtUpMs / 1000).toFixed(1)} s |
| verdict | ${pass ? 'PASS' : 'FAIL'} |`;
  return { name: `firestore-${mode}`, report, pass };
}

async function main() {
  const wanted = new Set(args.only.split(','));
  const drills: Array<[string, () => Promise<DrillResult>]> = [];
  for (const mode of ['refuse', 'hang'] as OutageMode[]) {
    if (wanted.has('smtp')) drills.push([`smtp ${mode}`, () => smtpDrill(mode)]);
    if (wanted.has('mailchimp')) drills.push([`mailchimp ${mode}`, () => mailchimpDrill(mode)]);
    if (wanted.has('siteverify')) drills.push([`siteverify ${mode}`, () => siteverifyDrill(mode)]);
    if (wanted.has('firestore')) drills.push([`firestore ${mode}`, () => firestoreDrill(mode)]);
  }
  const results: DrillResult[] = [];
  for (const [label, drill] of drills) {
    console.error(`running ${label}…`);
    results.push(await drill());
    console.error(`${label}: ${results.at(-1)!.pass ? 'PASS' : 'FAIL'}`);
  }
  console.log(
    `Outage drills, ${new Date().toISOString()}, outage ${outageMs / 1000} s each, 5 visitors submitting throughout.\n`,
  );
  console.log(results.map((r) => r.report).join('\n\n'));
  process.exit(results.every((r) => r.pass) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
