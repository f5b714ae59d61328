import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

// The two-instance drill (scripts/drills/instances.mts), short: two built sites on one Firestore
// emulator, one SIGKILLed while visitors post to both. Nothing acknowledged is lost or stored twice,
// every mail is written once across both instances but for the crash window, the digest goes out once.
interface Report {
  acknowledged: number;
  acknowledgedBeforeKill: number;
  stored: number;
  lost: number;
  storedTwice: number;
  submissionsWithoutTheirTwoMails: number;
  outbox: { pending: number; failed: number; messages: number };
  mailsWritten: Record<string, number>;
  notWritten: number;
  strayFiles: number;
  inFlightAtCrash: number;
  sentTwiceInCrashWindow: number;
  sentTwiceOutsideCrashWindow: number;
  digestJobs: number;
  digestCopies: number;
  pass: boolean;
}

test('two instances on one Firestore, one killed: each submission stored once, each mail sent once', async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'baobab-instances-report-'));
  const file = join(dir, 'report.json');
  try {
    const output = await new Promise<string>((resolve) => {
      const drill = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/drills/instances.mts', '--quick', '--json', file],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let text = '';
      drill.stdout.on('data', (c) => (text += c));
      drill.stderr.on('data', (c) => (text += c));
      drill.on('exit', () => resolve(text));
    });
    console.log(output);
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    // Both instances took posts and sent mail before one was killed.
    expect(report.acknowledgedBeforeKill).toBeGreaterThan(0);
    expect(Object.values(report.mailsWritten).every((n) => n > 0)).toBe(true);
    expect(report.lost).toBe(0);
    expect(report.storedTwice).toBe(0);
    expect(report.submissionsWithoutTheirTwoMails).toBe(0);
    // Two mails per stored submission, and the digest.
    expect(report.outbox.messages).toBe(report.stored * 2 + 1);
    expect(report.outbox.pending).toBe(0);
    expect(report.outbox.failed).toBe(0);
    expect(report.notWritten).toBe(0);
    expect(report.strayFiles).toBe(0);
    expect(report.sentTwiceOutsideCrashWindow).toBe(0);
    expect(report.sentTwiceInCrashWindow).toBeLessThanOrEqual(report.inFlightAtCrash);
    expect(report.digestJobs).toBe(1);
    expect(report.digestCopies).toBe(1);
    expect(report.pass).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
