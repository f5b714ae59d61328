import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

// The hostile drill (scripts/drills/hostile/index.mts) with small counts, against servers of its own on
// port 3163 (and nginx in front of it on a free port): every class of attack, with its goals. The
// event-loop stall and the probe's slowest answer during the header floods are printed, not asserted.
interface Report {
  classes: Record<string, { requests: number; fiveHundreds: number; bypasses: number; mailsPerVictim?: number }>;
  stored: number;
  invalidStored: number;
  unescapedMails: number;
  csvFormulas: number;
  serverErrors: number;
  serverErrorLines: string[];
  unfinished: string[];
  editorsDay: {
    quiet: { loads: number; slowestMs: number; fiveHundreds: number };
    during: { loads: number; slowestMs: number; fiveHundreds: number };
    ratio: number;
    actions: Record<string, Record<string, number>>;
    afterwards: Record<string, number>;
  };
}

test('the hostile drill, short: no 5xx, no bypass, one mail per victim and form, nothing invalid stored, a clean log', async () => {
  // About 4 minutes alone; beside the browser tests, with the CMS's classes grown, more than 5.5 once.
  // An editor's worst day adds a server of its own on a private build, about a minute more.
  test.setTimeout(780_000);
  const dir = mkdtempSync(join(tmpdir(), 'baobab-hostile-report-'));
  const file = join(dir, 'report.json');
  try {
    const output = await new Promise<string>((resolve) => {
      const drill = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/drills/hostile/index.mts', '--quick', '--port', '3163', '--json', file],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let text = '';
      drill.stdout.on('data', (c) => (text += c));
      drill.stderr.on('data', (c) => (text += c));
      drill.on('exit', () => resolve(text));
    });
    console.log(output);
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    const classes = Object.keys(report.classes);
    for (const name of [
      'mail cannon',
      'XSRF',
      'field hygiene',
      '5xx on demand',
      'honeypot and membership oracles',
      'Set-Cookie on pages',
      'oversized and chunked bodies',
      'replays',
      'generated submissions',
      'rate-limit bypass (direct)',
      'rate-limit bypass (behind one proxy)',
      'header floods (direct)',
      'header floods (nginx)',
      'slow bodies',
      'clients gone, broken HTTP',
      'letters: unsubscribe links',
      'staff sign-in links',
      'staff workspace without a session',
      'staff roles',
      'CMS without content rights',
      'payments',
      'event day',
      "editor's worst day: visitors",
      "editor's worst day: editor and stranger",
    ]) {
      expect(classes, name).toContain(name);
      expect(report.classes[name]!.requests, name).toBeGreaterThan(0);
    }
    // Every class the drill ran, the listed ones and any added since.
    for (const [name, c] of Object.entries(report.classes)) {
      expect(c.fiveHundreds, name).toBe(0);
      expect(c.bypasses, name).toBe(0);
    }
    expect(report.classes['mail cannon']!.mailsPerVictim).toBe(1);
    // An editor's worst day: the visitor loaded pages quiet and throughout the day and got no 5xx; the
    // editor's and the stranger's work all happened, and the pages that list content answer after it.
    // (How slow the visitor's loads got is a figure for docs/reliability.md, not an assertion.)
    const day = report.editorsDay;
    expect(day.quiet.loads).toBeGreaterThan(0);
    expect(day.during.loads).toBeGreaterThan(0);
    expect(day.quiet.fiveHundreds + day.during.fiveHundreds).toBe(0);
    const sent = (action: string) => Object.values(day.actions[action] ?? {}).reduce((n, c) => n + c, 0);
    expect(sent('upload the largest picture')).toBe(2);
    expect(sent('download 2,000 rows, xlsx') + sent('download 2,000 rows, csv')).toBe(2);
    expect(sent('publish: missing language')).toBeGreaterThan(0);
    expect(sent('stranger: the pay link')).toBeGreaterThan(0);
    expect(Object.values(day.afterwards).every((status) => status === 200)).toBe(true);
    expect(report.stored).toBeGreaterThan(0);
    expect(report.invalidStored).toBe(0);
    expect(report.unescapedMails).toBe(0);
    expect(report.csvFormulas).toBe(0);
    // A class that stopped on its own error (a sign-in mail that never came, say) ran only in part.
    expect(report.unfinished).toEqual([]);
    // The lines, not only their count: an intermittent one is then readable in the failed run's output.
    expect(report.serverErrorLines).toEqual([]);
    expect(report.serverErrors).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
