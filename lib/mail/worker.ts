import type { Store } from '@/lib/storage';
import type { MailTransport } from './transport';

export interface OutboxWorkerOptions {
  store: () => Store;
  transport: MailTransport;
  // Who holds a claim: unique per process, so instances sharing a store never send the same message
  // at the same moment.
  owner: string;
  maxAttempts: number;
  retryBaseMs: number;
  pollMs: number;
  leaseMs?: number;
  batchSize?: number;
  now?: () => number;
  log?: (level: 'info' | 'error', message: string) => void;
}

export interface OutboxWorker {
  // One pass: claim due messages, send each, record the outcome. Resolves to how many were sent.
  runOnce(): Promise<number>;
  start(): void;
  // Run a pass soon (after a submission), without waiting for the next poll.
  kick(): void;
  // Stops polling and waits for the pass in progress to finish.
  stop(): Promise<void>;
}

const MAX_DELAY_MS = 60 * 60 * 1000;

export function retryDelay(attemptsSoFar: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** attemptsSoFar, MAX_DELAY_MS);
  return Math.round(exponential * (1 + 0.2 * random()));
}

// Delivery is at least once: a message is marked sent only after the transport accepted it, so a
// crash in between sends it again once its claim lapses.
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 20;
  const log = options.log ?? ((level, message) => (level === 'error' ? console.error : console.info)(`[mail] ${message}`));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;

  async function pass(): Promise<number> {
    let sent = 0;
    const store = options.store();
    const messages = await store.claimMessages(options.owner, now(), batchSize, leaseMs);
    for (const message of messages) {
      try {
        await options.transport.send(message);
      } catch (error) {
        const attempts = message.attempts + 1;
        const reason = (error as Error).message;
        if (attempts >= options.maxAttempts) {
          log('error', `GAVE UP on message ${message.id} to ${message.to} ("${message.subject}") after ${attempts} attempts: ${reason}`);
          await store.markAttemptFailed(message.id, reason, null);
        } else {
          await store.markAttemptFailed(message.id, reason, now() + retryDelay(message.attempts, options.retryBaseMs));
        }
        continue;
      }
      await store.markSent(message.id, now());
      sent += 1;
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error) => {
        log('error', `outbox pass failed: ${(error as Error).message}`);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, options.pollMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      void runOnce();
      schedule();
    },
    kick() {
      if (!stopped) void runOnce();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) await running;
    },
  };
}

// The worker of this server process, started by lib/server-start.ts. Next bundles instrumentation and
// the routes separately, each with its own copy of this module, so the worker lives on globalThis.
const holder = globalThis as { baobabOutboxWorker?: OutboxWorker };

export function setOutboxWorker(worker: OutboxWorker | undefined): void {
  holder.baobabOutboxWorker = worker;
}

export function kickOutbox(): void {
  holder.baobabOutboxWorker?.kick();
}
