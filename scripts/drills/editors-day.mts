// The hostile drill's class "an editor's worst day" (scripts/drills/hostile/editors-day.mts) on its own,
// with the full counts unless --quick: the figures of docs/reliability.md.
// Usage: npm run build && npx tsx scripts/drills/editors-day.mts [--port 3240] [--quick] [--json report.json]
//   [--only downloads,uploads,publishes,api,pay] (some of the day's actions alone)
import { writeFileSync } from 'node:fs';

import { claimPort } from '../lib/next-server.mjs';
import { tallies } from './hostile/client.mjs';
import { editorsDay, editorsDayReport } from './hostile/editors-day.mjs';
import { broken, crashes, timed } from './hostile/servers.mjs';
import { dayOnly, port, reportFile } from './hostile/settings.mjs';

await claimPort(port);
await timed("editor's worst day", () => editorsDay());
const day = editorsDayReport;
const classes = Object.fromEntries(tallies);
console.log(
  `\neditor's worst day, ${new Date().toISOString()}, ${day.rows} rows${dayOnly ? `, only ${dayOnly.join(', ')}` : ''}\n`,
);
console.log('| figure | value |\n| --- | --- |');
if (day.quiet && day.during) {
  console.log(
    `| picture uploaded | ${((day.pictureBytes ?? 0) / 1024 / 1024).toFixed(1)} MiB PNG, ${day.picturePixels} px |`,
  );
  console.log(`| visitor's loads, quiet / during (${day.seconds} s) | ${day.quiet.loads} / ${day.during.loads} |`);
  console.log(`| visitor's median, quiet → during | ${day.quiet.medianMs} → ${day.during.medianMs} ms |`);
  console.log(`| visitor's 90th percentile, quiet → during | ${day.quiet.p90Ms} → ${day.during.p90Ms} ms |`);
  console.log(
    `| visitor's slowest, quiet → during | ${day.quiet.slowestMs} → ${day.during.slowestMs} ms (${day.ratio}×, bound 2×) |`,
  );
  console.log(`| visitor's 5xx, quiet / during | ${day.quiet.fiveHundreds} / ${day.during.fiveHundreds} |`);
  console.log(
    `| visitor's pages made for the load (not cache hits), quiet / during | ${day.quiet.made} / ${day.during.made} |`,
  );
  console.log(
    `| visitor's slowest cache hit, quiet → during | ${day.quiet.slowestServedMs} → ${day.during.slowestServedMs} ms |`,
  );
  for (const [action, statuses] of Object.entries(day.actions)) {
    const answers = Object.entries(statuses).map(([status, n]) => `${n}× ${status}`);
    console.log(`| ${action} | ${answers.join(', ')} |`);
  }
  console.log(`| provider calls during the pay-link flood | ${day.providerCalls} |`);
  for (const load of day.slowestLoads) {
    console.log(
      `| a slowest load: ${load.path} at ${load.atS} s (cache ${load.cache}) | ${load.ms} ms, under way: ${load.underWay.join(', ') || 'nothing'} |`,
    );
  }
  console.log(
    `| after the day | ${Object.entries(day.afterwards)
      .map(([path, status]) => `${path} ${status}`)
      .join(', ')} |`,
  );
}
console.log(`| server log lines at error level | ${crashes.length} |`);
for (const [name, t] of tallies) console.log(`| ${name} | ${t.fiveHundreds} 5xx; ${t.notes.slice(0, 8).join('; ')} |`);
const ok =
  broken.length === 0 &&
  crashes.length === 0 &&
  [...tallies.values()].every((t) => t.fiveHundreds === 0 && t.bypasses === 0);
console.log(`| verdict | ${ok ? 'PASS' : 'FAIL'} |`);
if (broken.length) console.error(broken.join('\n---\n'));
if (crashes.length) console.error(crashes.slice(0, 20).join('\n---\n').slice(0, 20_000));
if (reportFile) writeFileSync(reportFile, JSON.stringify({ classes, editorsDay: day, serverErrors: crashes.length }));
process.exit(ok ? 0 : 1);
