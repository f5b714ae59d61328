// The hostile drill: every class of attack on the forms, against the built site on loopback, with
// bounded counts. Per class it reports the requests sent, the 5xx answers (goal 0), the attempts that
// got through (goal 0), the confirmation mails one victim got per form (goal 1), and at the end the
// stored records that fail their schema (goal 0) and the longest event-loop stall under the body-size
// attack (scripts/drills/body-stall.mjs; goal under 50 ms).
// The header floods (cookies, header lines, query parameters, form fields) go to every API route 8 and
// then 32 at a time, directly and through docs/deploy/nginx.conf, while a probe on another route keeps
// asking: its slowest answer is reported (goal under 300 ms). An editor's worst day (editors-day.mts)
// runs beside a visitor, whose slowest load must stay within 2× of the quiet one. The server's log must
// hold no error-level line and no uncaught exception.
// Usage: npm run build && npx tsx scripts/drills/hostile/index.mts [--per-form 2000] [--scale 20] [--port 3240]
//        [--quick] [--json report.json] [--only downloads,uploads,publishes,api,pay]
// --only: the editor's worst day with only those of its actions (its other classes run as ever).
// --quick (what `npm test` runs, tests/e2e/hostile.spec.ts): small counts and a single stall round.
// One module per class of attack beside this one, which runs them in order and reports.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';

import { claimPort } from '../../lib/next-server.mjs';
import { eventDayAttacks } from '../hostile-event-day.mjs';
import { startPaymentsDrill } from '../hostile-payments.mjs';
import { bodies, bodyStall } from './bodies.mjs';
import { certificateCodes } from './certificates.mjs';
import { tallies, tally } from './client.mjs';
import { clientsGone } from './clients-gone.mjs';
import { cms } from './cms.mjs';
import { editorsDay, editorsDayReport } from './editors-day.mjs';
import { everyPath, fiveHundredsOnDemand } from './five-hundreds.mjs';
import { floodProbe, floods } from './floods.mjs';
import { forgery, internalRoutes } from './forgery.mjs';
import { generated } from './generated.mjs';
import { hygiene } from './hygiene.mjs';
import { letterLinks } from './letters.mjs';
import { mailCannon } from './mail-cannon.mjs';
import { drainOutbox } from './mail.mjs';
import { mailchimpWebhook, webhookEnv } from './mailchimp-webhook.mjs';
import { oracles } from './oracles.mjs';
import { rateLimitBypass } from './rate-limit.mjs';
import { replays } from './replays.mjs';
import { staffRoles } from './roles.mjs';
import { broken, crashes, stored, throughNginx, timed, withServer } from './servers.mjs';
import { setCookie } from './set-cookie.mjs';
import { base, LIMIT, perForm, port, reportFile, scale, SIGN_IN_LIMIT } from './settings.mjs';
import { slowBody } from './slow-body.mjs';
import { staffWorkspace } from './staff-workspace.mjs';

// The run: the main server (a limit high enough for the volume), the event day's (one place), the
// rate-limit servers (a real limit, without and with a proxy in front), then the body-size attack's own
// server.

// The port is fixed (tests/e2e/hostile.spec.ts): another run of the drill may be using it.
await claimPort(port);
const started = Date.now();
// The payments class needs the main server pointed at a local Paystack stub.
const payments = await startPaymentsDrill(base);
await withServer(
  // Mailchimp's webhook is on (its secret and audience) while sign-ups stay on the local list.
  {
    RATE_LIMIT_PER_MINUTE: '100000000',
    STAFF_EMAILS: 'staff@example.org',
    STAFF_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT),
    ...payments.env,
    ...webhookEnv,
  },
  async (dataDir) => {
    let db: Database.Database | undefined;
    const open = () => (db ??= new Database(join(dataDir, 'baobab.sqlite'), { readonly: true }));
    // In the background: it takes the server's body deadline to end.
    const trickle = slowBody();
    await timed('mailCannon', () => mailCannon(dataDir));
    await timed('forgery', () => forgery());
    await timed('internalRoutes', () => internalRoutes());
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
    await timed('cms', () => cms(dataDir));
    await timed('letterLinks', () => letterLinks());
    await timed('certificateCodes', () => certificateCodes(dataDir));
    await timed('mailchimpWebhook', () => mailchimpWebhook(open));
    await timed('staffRoles', () => staffRoles(dataDir));
    await timed('payments', () => payments.attack(tally('payments'), dataDir, scale));
    await timed('clientsGone', () => clientsGone());
    await trickle;
    await drainOutbox();
    // The body cap closes a cut connection a few seconds after its answer: wait that out, so anything
    // it does wrong is in the log.
    await new Promise((r) => setTimeout(r, 6000));
    db?.close();
  },
);
// The event day's class needs a full event, so a waiting list forms: a server of its own with one place.
await withServer(
  {
    RATE_LIMIT_PER_MINUTE: '100000000',
    STAFF_EMAILS: 'staff@example.org',
    STAFF_SIGN_IN_LIMIT: String(SIGN_IN_LIMIT),
    SITE_CAPACITY: '1',
  },
  (dataDir) =>
    timed('event day', async () => {
      Object.assign(tally('event day'), await eventDayAttacks({ base, dataDir, staffEmail: 'staff@example.org' }));
    }),
);
// An editor's worst day beside a visitor: a server of its own, its store seeded before it starts.
await timed("editor's worst day", () => editorsDay());
await withServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT) }, () => timed('rate limit', () => rateLimitBypass('direct')));
await withServer({ RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUSTED_PROXY_HOPS: '1' }, () =>
  timed('rate limit behind a proxy', () => rateLimitBypass('behind one proxy')),
);
await payments.close();
bodyStall();

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
  // Classes that stopped on an error of their own, with it.
  unfinished: broken,
  floodProbe,
  editorsDay: editorsDayReport,
};
const totals = [...tallies.values()];
const ok =
  totals.every((t) => t.fiveHundreds === 0 && t.bypasses === 0 && (t.mailsPerVictim ?? 1) <= 1) &&
  report.invalidStored === 0 &&
  report.unescapedMails === 0 &&
  report.csvFormulas === 0 &&
  crashes.length === 0 &&
  broken.length === 0 &&
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
const day = editorsDayReport;
if (day.quiet && day.during) {
  console.log(
    `| editor's worst day: visitor's median / slowest, quiet (${day.quiet.loads} loads) → during (${day.during.loads} loads, ${day.seconds} s) | ${day.quiet.medianMs} / ${day.quiet.slowestMs} ms → ${day.during.medianMs} / ${day.during.slowestMs} ms (${day.ratio}×, bound 2×) |`,
  );
  for (const [action, statuses] of Object.entries(day.actions)) {
    console.log(
      `| editor's worst day: ${action} | ${Object.entries(statuses)
        .map(([status, n]) => `${n}× ${status}`)
        .join(', ')} |`,
    );
  }
  console.log(`| editor's worst day: provider calls during the pay-link flood | ${day.providerCalls} |`);
}
console.log(`| classes that could not finish | ${broken.length} |`);
console.log(`| verdict | ${ok ? 'PASS' : 'FAIL'} |`);
if (broken.length) console.error(broken.join('\n---\n'));
if (crashes.length) console.error(crashes.join('\n---\n'));
if (reportFile) writeFileSync(reportFile, JSON.stringify(report, null, 2));
process.exit(ok ? 0 : 1);
