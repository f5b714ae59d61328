// Two-instance drill: two built sites share one Firestore (the emulator), with shared secrets and
// separate data and mail folders, as several instances behind a load balancer would. Visitors send
// enrolments to both; halfway through (once it has sent mail) one instance is killed with SIGKILL.
// Then the drill checks that every acknowledged submission is stored once, that every staff and
// visitor mail was written exactly once across both mail folders (a double is allowed only for a
// message the killed instance had sent but not yet marked sent: the crash window), and that the
// day's digest went out once.
// Usage: npm run build && npx tsx scripts/drills/instances.mts [--seconds 10] [--clients 8]
//        [--lease-ms 60000] [--quick] [--json report.json]
// --quick (what `npm test` runs, tests/e2e/instances.spec.ts): 4 s, 4 clients, a 3 s mail lease.
// The rest of several instances (pictures in a bucket, limits counted across them, a publish live on
// the other, a rolling restart through nginx) is tests/e2e/several-hosts.spec.ts, with its figures in
// docs/reliability.md ("Several hosts").
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

import { openFirestoreStore } from '@/lib/storage/firestore';

import { startFirestoreEmulator } from '../../tests/helpers/firestore-emulator';
import { freePort, startNextServer, stopServer, waitUntilUp, xsrfHeaders } from '../lib/next-server.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string' },
    clients: { type: 'string' },
    'lease-ms': { type: 'string' },
    quick: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const seconds = Number(args.seconds ?? (args.quick ? 4 : 10));
const clients = Number(args.clients ?? (args.quick ? 4 : 8));
const leaseMs = Number(args['lease-ms'] ?? (args.quick ? 3_000 : 60_000));

const emulator = await startFirestoreEmulator();
const projectId = `instances-drill-${process.pid}`;
const root = mkdtempSync(join(tmpdir(), 'baobab-instances-'));
// What instances share (the store, the XSRF and link secrets) and what each has alone (its data
// folder, so its mail folder, and its rate limits).
const shared = {
  STORE: 'firestore',
  FIRESTORE_PROJECT_ID: projectId,
  FIRESTORE_EMULATOR_HOST: emulator.host,
  METADATA_SERVER_DETECTION: 'none',
  XSRF_SECRET: randomBytes(32).toString('hex'),
  LINK_SECRET: randomBytes(32).toString('hex'),
  RATE_LIMIT_PER_MINUTE: '100000000',
  MAIL_POLL_MS: '200',
  MAIL_LEASE_MS: String(leaseMs),
  // The day's digest is due at once on both instances, sent even when empty: one of them sends it.
  DIGEST_HOUR: '0',
  DIGEST_SEND_EMPTY: 'true',
};

interface Instance {
  name: string;
  base: string;
  dataDir: string;
  server: ReturnType<typeof startNextServer>;
  alive: boolean;
}

async function startInstance(name: string): Promise<Instance> {
  const port = await freePort();
  const dataDir = join(root, name);
  const server = startNextServer({ port, env: { ...shared, DATA_DIR: dataDir } });
  return { name, base: `http://127.0.0.1:${port}`, dataDir, server, alive: true };
}

const instances = [await startInstance('a'), await startInstance('b')];
await Promise.all(instances.map((i) => waitUntilUp(`${i.base}/api/health`)));
const [survivor, victim] = instances as [Instance, Instance];
// A token signed by one instance, used on both: the shared XSRF_SECRET makes it good everywhere.
const headers = { ...(await xsrfHeaders(survivor.base)), 'content-type': 'application/x-www-form-urlencoded' };

// An enrolment: a mail to the staff and a confirmation to the visitor.
const enrolment = {
  name: 'Instances Drill',
  phone: '+234 801 234 5678',
  gender: 'female',
  country: 'Nigeria',
  course: 'Data Analysis with Python',
};
const acknowledged = new Map<string, string>();
let attempted = 0;
let failedRequests = 0;

// Each client sends its posts to the instances in turn; a request that fails marks its instance down,
// as a load balancer's health check would.
async function client(index: number, stopAt: number) {
  for (let turn = index; Date.now() < stopAt; turn++) {
    const up = instances.filter((i) => i.alive);
    const instance = up[turn % up.length]!;
    const email = `drill${++attempted}@example.org`;
    try {
      const response = await fetch(`${instance.base}/api/forms/enrol`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ ...enrolment, email }),
      });
      if (response.ok && (await response.json()).status === 'success') acknowledged.set(email, instance.name);
    } catch {
      failedRequests += 1;
      instance.alive = false;
    }
  }
}

const started = Date.now();
const stopAt = started + seconds * 1000;
const posting = Promise.all(Array.from({ length: clients }, (_, i) => client(i, stopAt)));
await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
// Killed once it has sent mail too (a slow start on a busy machine could leave it none yet).
const victimMail = join(victim.dataDir, 'mail');
const waitedFrom = Date.now();
while (
  !(existsSync(victimMail) && readdirSync(victimMail).some((f) => f.endsWith('.eml'))) &&
  Date.now() - waitedFrom < 10_000
) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const ackBeforeKill = acknowledged.size;
await stopServer(victim.server, 'SIGKILL');
victim.alive = false;
const killedAt = Date.now();
await posting;

// The survivor sends what is left, the killed instance's claimed messages once their lease lapses.
const store = openFirestoreStore({ projectId, emulatorHost: emulator.host });
const drainStarted = Date.now();
let counts = await store.outboxCounts();
while (counts.pending > 0 && Date.now() - drainStarted < leaseMs + 120_000) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  counts = await store.outboxCounts();
}
const drainMs = Date.now() - drainStarted;
await stopServer(survivor.server);
const stored = (await store.list('enrolment')).map((r) => ({ id: r.id, email: String(r.data.email) }));
await store.close();

// The outbox and its claims, read directly.
const app = initializeApp({ projectId }, 'instances-drill');
const db = getFirestore(app);
const outbox = (await db.collection('outbox').get()).docs.map((doc) => ({
  id: doc.id,
  to: doc.get('to') as string,
  subject: doc.get('subject') as string,
  recordId: doc.get('recordId') as string,
  status: doc.get('status') as string,
}));
const claims = (await db.collection('outboxClaims').get()).docs.map((doc) => ({
  message: doc.id.slice(0, doc.id.lastIndexOf('.')),
  lease: Number(doc.id.slice(doc.id.lastIndexOf('.') + 1)),
  owner: doc.get('owner') as string,
}));
const digestJobs = (await db.collection('jobs').where('name', '==', 'digest').get()).size;
await deleteApp(app);
await emulator.stop();

// Every .eml file of both instances, by outbox id.
const copies = new Map<string, { instance: string; mtime: number }[]>();
for (const instance of instances) {
  const dir = join(instance.dataDir, 'mail');
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : []) {
    const id = file.slice(0, -'.eml'.length);
    copies.set(id, [...(copies.get(id) ?? []), { instance: instance.name, mtime: statSync(join(dir, file)).mtimeMs }]);
  }
}
rmSync(root, { recursive: true, force: true });

// The killed instance's worker is the owner whose claims name its process id.
const victimOwner = (owner: string) => owner.includes(`-${victim.server.pid}-`);
// In flight at the crash: messages the killed instance held a claim on that another instance then
// claimed again (its lease lapsed unfinished). Only these may go out twice.
const inFlight = new Set(
  claims
    .filter((c) => victimOwner(c.owner))
    .filter((c) => claims.some((d) => d.message === c.message && d.lease > c.lease && !victimOwner(d.owner)))
    .map((c) => c.message),
);

const storedEmails = new Set(stored.map((r) => r.email));
const lost = [...acknowledged.keys()].filter((email) => !storedEmails.has(email));
const storedTwice = stored.length - storedEmails.size;
const outboxIds = new Set(outbox.map((m) => m.id));
const notWritten = outbox.filter((m) => !copies.has(m.id)).length;
const strayFiles = [...copies.keys()].filter((id) => !outboxIds.has(id)).length;
const doubles = [...copies.entries()].filter(([, c]) => c.length > 1);
// A double in the crash window: one copy written by the killed instance before it died, one by another.
const inWindow = doubles.filter(
  ([id, c]) =>
    inFlight.has(id) &&
    c.length === 2 &&
    c.some((x) => x.instance === victim.name && x.mtime <= killedAt + 1000) &&
    c.some((x) => x.instance !== victim.name),
);
const outsideWindow = doubles.length - inWindow.length;
// Each stored submission has one mail to the staff and one to its visitor.
const byRecord = new Map<string, string[]>();
for (const m of outbox) byRecord.set(m.recordId, [...(byRecord.get(m.recordId) ?? []), m.to]);
const wrongMails = stored.filter((r) => {
  const to = byRecord.get(r.id) ?? [];
  return to.length !== 2 || to.filter((t) => t === r.email).length !== 1;
}).length;
const digestMails = outbox.filter((m) => / digest: /.test(m.subject));
const digestCopies = digestMails.reduce((n, m) => n + (copies.get(m.id)?.length ?? 0), 0);
const writtenBy = (name: string) => [...copies.values()].flat().filter((c) => c.instance === name).length;

const report = {
  seconds,
  clients,
  leaseMs,
  attempted,
  acknowledged: acknowledged.size,
  acknowledgedBeforeKill: ackBeforeKill,
  failedRequests,
  stored: stored.length,
  lost: lost.length,
  storedTwice,
  submissionsWithoutTheirTwoMails: wrongMails,
  outbox: { ...counts, messages: outbox.length },
  mailsWritten: { [survivor.name]: writtenBy(survivor.name), [victim.name]: writtenBy(victim.name) },
  notWritten,
  strayFiles,
  claimsByKilledInstance: claims.filter((c) => victimOwner(c.owner)).length,
  claimsByOthers: claims.filter((c) => !victimOwner(c.owner)).length,
  inFlightAtCrash: inFlight.size,
  sentTwiceInCrashWindow: inWindow.length,
  sentTwiceOutsideCrashWindow: outsideWindow,
  digestJobs,
  digestMails: digestMails.length,
  digestCopies,
  drainMs,
  killedAfterMs: killedAt - started,
};
const pass =
  report.acknowledged > 0 &&
  report.lost === 0 &&
  report.storedTwice === 0 &&
  report.submissionsWithoutTheirTwoMails === 0 &&
  report.outbox.pending === 0 &&
  report.outbox.failed === 0 &&
  report.notWritten === 0 &&
  report.strayFiles === 0 &&
  report.sentTwiceOutsideCrashWindow === 0 &&
  report.sentTwiceInCrashWindow <= report.inFlightAtCrash &&
  report.digestJobs === 1 &&
  report.digestMails === 1 &&
  report.digestCopies === 1;
if (args.json) writeFileSync(args.json, JSON.stringify({ ...report, pass }, null, 2));

console.log(`Two instances on one Firestore emulator, ${new Date().toISOString()}: ${clients} clients for ${seconds} s, one instance SIGKILLed after ${(report.killedAfterMs / 1000).toFixed(1)} s, mail lease ${leaseMs / 1000} s.

| figure | value |
| --- | --- |
| submissions attempted / acknowledged (before the kill) | ${attempted} / ${acknowledged.size} (${ackBeforeKill}) |
| requests that failed (the killed instance) | ${failedRequests} |
| stored / acknowledged but not stored / stored twice | ${stored.length} / ${lost.length} / ${storedTwice} |
| submissions without exactly one staff and one visitor mail queued | ${wrongMails} |
| mails queued / written by the survivor / by the killed instance | ${outbox.length} / ${report.mailsWritten[survivor.name]} / ${report.mailsWritten[victim.name]} |
| mails never written / files for no queued mail | ${notWritten} / ${strayFiles} |
| claims of messages by the killed instance / by the survivor | ${report.claimsByKilledInstance} / ${report.claimsByOthers} |
| messages in flight at the crash (claimed by the killed instance, claimed again later) | ${inFlight.size} |
| mails written twice: in the crash window / outside it | ${inWindow.length} / ${outsideWindow} |
| digest: jobs claimed / mails queued / copies written | ${digestJobs} / ${digestMails.length} / ${digestCopies} |
| outbox at the end | sent ${counts.sent}, pending ${counts.pending}, failed ${counts.failed} |
| time for the outbox to drain after the posts | ${(drainMs / 1000).toFixed(1)} s |
| verdict | ${pass ? 'PASS' : 'FAIL'} |`);
process.exit(pass ? 0 : 1);
