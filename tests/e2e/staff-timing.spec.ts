import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { expect, test } from '@playwright/test';

import { freePort, startNextServer, stopServer, waitUntilUp } from '../../scripts/lib/next-server.mjs';

// A stranger must not tell a staff address from another by timing or by any endpoint (docs/staff.md,
// "Signing in"). 200 rounds, a staff address and another in turn (in random order within each pair), each
// a new address so that no limiter or cache has seen it. Each round asks for a link and sends a probe at
// the same moment, then a second probe as soon as the answer is in (where the link's mail used to be
// made). A classifier that calls "staff" every time above the median is right about half the time
// when the timing says nothing. The health endpoint, read by a caller that is not on the host, must read
// the same after either address.
const ROUNDS = 400;
const STAFF = Array.from({ length: ROUNDS / 2 }, (_, i) => `staff${i}@example.org`);
const OTHERS = Array.from({ length: ROUNDS / 2 }, (_, i) => `visitor${i}@example.org`);

let dir: string;
let site: ChildProcess | undefined;
let port: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dir = mkdtempSync(join(tmpdir(), 'baobab-staff-timing-'));
  port = await freePort();
  site = startNextServer({
    port,
    env: {
      DATA_DIR: join(dir, 'data'),
      STAFF_EMAILS: [...STAFF, 'health@example.org'].join(','),
      STAFF_SIGN_IN_LIMIT: '1000',
    },
  });
  await waitUntilUp(`http://127.0.0.1:${port}/api/health`, { server: site });
});

test.afterAll(async () => {
  if (site) await stopServer(site);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Kept-alive connections, one per role, so that no measure includes opening one.
const askAgent = new Agent({ keepAlive: true, maxSockets: 1 });
const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });

function send(
  path: string,
  options: { agent?: Agent; method?: string; body?: string; from?: string } = {},
): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        localAddress: options.from,
        headers: options.body
          ? {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(options.body),
              origin: `http://127.0.0.1:${port}`,
              'sec-fetch-site': 'same-origin',
            }
          : {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const ask = (email: string) =>
  send('/staff/api/sign-in-request', {
    agent: askAgent,
    method: 'POST',
    body: new URLSearchParams({ email }).toString(),
  });

// The share of rounds a threshold at the median classes right (staff above it), or the other way round
// when that does better: the best either direction gives.
function medianAccuracy(values: number[], staff: boolean[]): number {
  const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const right = values.filter((value, i) => value > median === staff[i]).length / values.length;
  return Math.max(right, 1 - right);
}

// The share of pairs in which the slower of the two is the staff address (or the faster, when that does
// better): rounds next to each other share the machine's load, which the median threshold does not see.
function pairAccuracy(values: number[], staff: boolean[]): number {
  let right = 0;
  for (let i = 0; i < values.length; i += 2) {
    const slower = values[i]! > values[i + 1]! ? i : i + 1;
    if (staff[slower]) right += 1;
  }
  const share = right / (values.length / 2);
  return Math.max(share, 1 - share);
}

// The accuracy a fair coin reaches, over `trials` calls, less than once in 100,000 runs (either way):
// above it, the timing tells. A flat 0.65 failed one CI run in a few hundred by chance alone (100 pairs
// at 0.67 or more happens once in 1,100), while a real difference shows far above the bound (docs/staff.md).
function chanceBound(trials: number): number {
  // Binomial coefficients over 2^trials, as logarithms so that 200 trials stay within doubles.
  const logHalf = trials * Math.log(0.5);
  let logChoose = 0;
  const tail: number[] = [];
  for (let k = 0; k <= trials; k++) {
    if (k > 0) logChoose += Math.log((trials - k + 1) / k);
    tail.push(Math.exp(logChoose + logHalf));
  }
  let atLeast = 0;
  for (let k = trials; k > trials / 2; k--) {
    atLeast += tail[k]!;
    if (2 * atLeast >= 1e-5) return k / trials;
  }
  return 1;
}

// The median classifiers call every round, the pair classifiers every pair.
const BOUNDS = { median: chanceBound(ROUNDS), pairs: chanceBound(ROUNDS / 2) };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a request alongside a sign-in request takes as long whether the address is staff or not', async () => {
  test.setTimeout(120_000);
  // Warm both paths up first.
  for (let i = 0; i < 20; i++) {
    await Promise.all([ask(`warm${i}@example.org`), send('/api/xsrf', { agent: probeAgent })]);
  }
  const staff: boolean[] = [];
  const answer: number[] = [];
  const alongside: number[] = [];
  const after: number[] = [];
  for (let i = 0; i < ROUNDS / 2; i++) {
    const pair = Math.random() < 0.5 ? [true, false] : [false, true];
    for (const isStaff of pair) {
      const email = isStaff ? STAFF[i]! : OTHERS[i]!;
      const asked = ask(email);
      const probe = send('/api/xsrf', { agent: probeAgent });
      const asking = await asked;
      expect(asking.status).toBe(303);
      const second = await send('/api/xsrf', { agent: probeAgent });
      staff.push(isStaff);
      answer.push(asking.ms);
      alongside.push((await probe).ms);
      after.push(second.ms);
      await pause(15);
    }
  }
  const mean = (values: number[], want: boolean) => {
    const picked = values.filter((_, i) => staff[i] === want);
    return (picked.reduce((a, b) => a + b, 0) / picked.length).toFixed(2);
  };
  const sum = answer.map((v, i) => v + alongside[i]! + after[i]!);
  const figures = {
    'answer, median': medianAccuracy(answer, staff),
    'alongside, median': medianAccuracy(alongside, staff),
    'after, median': medianAccuracy(after, staff),
    'all three, median': medianAccuracy(sum, staff),
    'answer, pairs': pairAccuracy(answer, staff),
    'alongside, pairs': pairAccuracy(alongside, staff),
    'after, pairs': pairAccuracy(after, staff),
    'all three, pairs': pairAccuracy(sum, staff),
  };
  console.log(
    `staff timing, ${ROUNDS} rounds, accuracy: ${Object.entries(figures)
      .map(([name, accuracy]) => `${name} ${accuracy.toFixed(3)}`)
      .join('; ')}; bounds: median ${BOUNDS.median}, pairs ${BOUNDS.pairs}. ` +
      `Mean ms staff/other: answer ${mean(answer, true)}/${mean(answer, false)}, alongside ${mean(alongside, true)}/${mean(alongside, false)}, after ${mean(after, true)}/${mean(after, false)}`,
  );
  for (const [name, accuracy] of Object.entries(figures)) {
    expect(accuracy, name).toBeLessThanOrEqual(name.endsWith('pairs') ? BOUNDS.pairs : BOUNDS.median);
  }
});

test('the health endpoint reads the same after a staff address and after another', async () => {
  test.setTimeout(60_000);
  // 127.0.0.2 is another host as far as the site can tell (the loopback network, not this host's address).
  const health = async () => JSON.parse((await send('/api/health', { from: '127.0.0.2' })).body) as unknown;
  const readings = async (email: string) => {
    expect((await ask(email)).status).toBe(303);
    const seen = [];
    for (const wait of [20, 200, 1000, 1500]) {
      await pause(wait);
      seen.push(await health());
    }
    return seen;
  };
  const other = await readings('nobody@example.org');
  const staff = await readings('health@example.org');
  expect(staff).toEqual(other);
  // The host itself still reads the outbox.
  expect(JSON.parse((await send('/api/health')).body)).toHaveProperty('outbox');
});
