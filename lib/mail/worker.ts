import { log as logger } from '@/lib/log';
import { existingSingleton, setSingleton } from '@/lib/singletons';
import type { OutboxMail, OutboxStore } from '@/lib/storage';

import type { MailTransport } from './transport';

export interface OutboxWorkerOptions {
  store: () => OutboxStore;
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
  // Letters' mails (lib/letters) are queued without their body: this gives the message as it is to be
  // sent, or why it must not be sent any more (the person left the list meanwhile), which fails it
  // without another attempt, or in how many ms to look at it again (its letter is paused), which gives it
  // back untried.
  prepare?: (message: OutboxMail) => Promise<OutboxMail | { skip: string } | { later: number }>;
  // A permanent refusal (an SMTP 5xx) is told here; true when the message must not be tried again.
  refused?: (message: OutboxMail, reason: string) => Promise<boolean>;
}

export interface OutboxWorker {
  // One pass: claim due messages, send each, record the outcome. Resolves to how many were sent.
  runOnce(): Promise<number>;
  start(): void;
  // Run a pass soon (after a submission), without waiting for the next poll.
  kick(): void;
  // Stops polling and waits for the pass in progress to finish.
  stop(): Promise<void>;
  // Since when the mail relay has been unreachable (null: it answered the last time it was tried).
  status(): { failingSince: number | null };
}

const MAX_DELAY_MS = 60 * 60 * 1000;

export function retryDelay(attemptsSoFar: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** attemptsSoFar, MAX_DELAY_MS);
  return Math.round(exponential * (1 + 0.2 * random()));
}

// A relay that answered with a 5xx refused this message for good; any other failure without an SMTP
// reply (refused or timed-out connection, broken socket, full disk) says nothing about the message.
function isRelayUnreachable(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown }).responseCode !== 'number';
}

// A send that failed: given up when the message has had its attempts, or the relay refused it for good
// and `refused` says it must not be tried again; due again later otherwise. A relay that could not be
// reached gives up no message. True when it could not be reached.
async function markFailed(
  store: OutboxStore,
  options: OutboxWorkerOptions,
  log: NonNullable<OutboxWorkerOptions['log']>,
  now: () => number,
  message: OutboxMail,
  error: unknown,
): Promise<boolean> {
  const attempts = message.attempts + 1;
  const reason = (error as Error).message;
  const unreachable = isRelayUnreachable(error);
  const permanent = !unreachable && Number((error as { responseCode?: number }).responseCode) >= 500;
  const final = permanent && options.refused ? await options.refused(message, reason) : false;
  if ((attempts >= options.maxAttempts || final) && !unreachable) {
    log(
      'error',
      `GAVE UP on message ${message.id} to ${message.to} ("${message.subject}") after ${attempts} attempts: ${reason}`,
    );
    await store.markAttemptFailed(message.id, reason, null);
  } else {
    await store.markAttemptFailed(message.id, reason, now() + retryDelay(message.attempts, options.retryBaseMs));
  }
  return unreachable;
}

// Delivery is at least once: a message is marked sent only after the transport accepted it, so a
// crash in between sends it again once its claim lapses.
//
// While the relay is unreachable, a pass stops at the first failure and gives the rest of its batch
// back untried, and such failures never use up MAIL_MAX_ATTEMPTS: an outage delays mail, it does not
// lose it. The first message that goes through after an outage makes every waiting message due at
// once, and full batches follow each other without waiting for the next poll.
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 20;
  const mailLog = logger.child({ component: 'mail' });
  const log = options.log ?? ((level, message) => mailLog[level](message));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  let failingSince: number | null = null;

  async function pass(): Promise<{ sent: number; more: boolean }> {
    let sent = 0;
    const store = options.store();
    const claimedAt = now();
    const messages = await store.claimMails(options.owner, claimedAt, batchSize, leaseMs);
    for (const [index, message] of messages.entries()) {
      // A send starts only while half the lease is left, so it ends before another instance may claim
      // the message; the rest of the batch goes back untried.
      if (now() - claimedAt > leaseMs / 2) {
        await store.releaseMails(messages.slice(index).map((m) => m.id));
        return { sent, more: true };
      }
      try {
        const prepared = options.prepare ? await options.prepare(message) : message;
        if ('skip' in prepared) {
          await store.markAttemptFailed(message.id, prepared.skip, null);
          continue;
        }
        if ('later' in prepared) {
          await store.releaseMails([message.id], now() + prepared.later);
          continue;
        }
        await options.transport.send(prepared);
      } catch (error) {
        if (await markFailed(store, options, log, now, message, error)) {
          const reason = (error as Error).message;
          if (failingSince === null) log('error', `mail relay unreachable, messages wait in the outbox: ${reason}`);
          failingSince ??= now();
          await store.releaseMails(messages.slice(index + 1).map((m) => m.id));
          return { sent, more: false };
        }
        continue;
      }
      await store.markSent(message.id, now());
      sent += 1;
      if (failingSince !== null) {
        failingSince = null;
        const waiting = await store.retryWaitingNow(now());
        log('info', `mail relay reachable again: ${waiting} waiting message(s) due now`);
      }
    }
    return { sent, more: messages.length === batchSize };
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .then(({ sent, more }) => {
        // A full batch: there is likely more to send now.
        if (more) again = true;
        return sent;
      })
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
    status: () => ({ failingSince }),
  };
}

// The worker of this server process, set by lib/server-start.ts; absent in commands and tests.
const WORKER = 'outboxWorker';

export function setOutboxWorker(worker: OutboxWorker | undefined): void {
  setSingleton(WORKER, worker);
}

export function kickOutbox(): void {
  existingSingleton<OutboxWorker>(WORKER)?.kick();
}

export function outboxWorkerStatus(): { failingSince: number | null } | null {
  return existingSingleton<OutboxWorker>(WORKER)?.status() ?? null;
}
