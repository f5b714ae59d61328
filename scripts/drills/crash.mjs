#!/usr/bin/env node
// Crash drill: while submissions stream in, kill the server with SIGKILL, start it again, and check
// that every acknowledged submission is stored exactly once and that its mail is sent after the
// restart. Needs a build (npm run build). Usage: node scripts/drills/crash.mjs [--seconds 6]
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import Database from 'better-sqlite3';

import { startNextServer, stopServer, waitUntilUp } from '../lib/next-server.mjs';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '6' }, port: { type: 'string', default: '3220' } },
});
const port = args.port;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'baobab-crash-'));
const env = { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000000', MAIL_POLL_MS: '200' };
const startServer = () => startNextServer({ port, env });
const waitUp = () => waitUntilUp(`${base}/api/health`);

const acknowledged = new Set();
let attempted = 0;
let failedRequests = 0;

async function submitter(stopAt) {
  while (Date.now() < stopAt) {
    const email = `crash${++attempted}@example.org`;
    try {
      const response = await fetch(`${base}/api/forms/contactUs`, {
        method: 'POST',
        // A post from the site's own page, as a browser's Fetch Metadata shows it: a token the server did
        // not sign would be refused (docs/security.md).
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: base,
          'sec-fetch-site': 'same-origin',
        },
        body: new URLSearchParams({ name: 'Crash drill', email, message: `Submission ${attempted}` }),
      });
      if (response.ok && (await response.json()).status === 'success') acknowledged.add(email);
    } catch {
      failedRequests += 1;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

let server = startServer();
await waitUp();
const seconds = Number(args.seconds);
const stopAt = Date.now() + seconds * 1000;
const submitters = Array.from({ length: 10 }, () => submitter(stopAt));

await new Promise((r) => setTimeout(r, (seconds * 1000) / 3));
const ackBeforeKill = acknowledged.size;
await stopServer(server, 'SIGKILL');
const killedAt = Date.now();
server = startServer();
await waitUp();
const downMs = Date.now() - killedAt;
await Promise.all(submitters);

// Let the restarted worker drain the outbox. Messages the killed worker had claimed wait for their
// lease (60 s) to lapse before they are sent again.
let health;
const drainStarted = Date.now();
for (let i = 0; i < 900; i++) {
  health = await (await fetch(`${base}/api/health`)).json();
  if (health.outbox.pending === 0) break;
  await new Promise((r) => setTimeout(r, 100));
}
const drainMs = Date.now() - drainStarted;
await stopServer(server);

const db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true });
const stored = db
  .prepare("SELECT json_extract(data, '$.email') AS email FROM records WHERE collection = 'contact'")
  .all()
  .map((r) => r.email);
const outbox = Object.fromEntries(
  db
    .prepare('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status')
    .all()
    .map((r) => [r.status, r.n]),
);
db.close();
const storedSet = new Set(stored);
const lost = [...acknowledged].filter((e) => !storedSet.has(e));
const duplicates = stored.length - storedSet.size;
const mailFiles = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml')).length;
rmSync(dataDir, { recursive: true, force: true });

// Each contact message queues the staff's notification and the sender's acknowledgement: every mail
// the outbox sent is written once, and none is left waiting.
const ok = lost.length === 0 && duplicates === 0 && (outbox.pending ?? 0) === 0 && mailFiles === (outbox.sent ?? 0);
console.log(`| figure | value |
| --- | --- |
| submissions attempted | ${attempted} |
| acknowledged (before the kill) | ${acknowledged.size} (${ackBeforeKill}) |
| requests that failed (server down) | ${failedRequests} |
| time from SIGKILL to serving again | ${downMs} ms |
| stored | ${stored.length} (${duplicates} duplicates) |
| acknowledged but not stored | ${lost.length} |
| time for the outbox to drain after the run | ${drainMs} ms |
| outbox after restart | sent ${outbox.sent ?? 0}, pending ${outbox.pending ?? 0}, failed ${outbox.failed ?? 0} |
| emails written (.eml) | ${mailFiles} for ${outbox.sent ?? 0} sent, ${stored.length} stored messages |
| verdict | ${ok ? 'PASS' : 'FAIL'} |`);
process.exit(ok ? 0 : 1);
