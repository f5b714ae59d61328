import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';

import { verification } from '@/lib/certificates';
import { cms, createPublishingTask, watchContentChanges } from '@/lib/cms';
import { config, ConfigError, ownOrigin, type Config } from '@/lib/config';
import { site } from '@/lib/content';
import { drainOnClose } from '@/lib/http/drain';
import { createLetterSender, letterMailHooks } from '@/lib/letters';
import { log } from '@/lib/log';
import { fileTransport, smtpTransport } from '@/lib/mail/transport';
import { createOutboxWorker, setOutboxWorker } from '@/lib/mail/worker';
import { createPaymentCheck, paymentContext } from '@/lib/payments';
import { createPlacesTask } from '@/lib/places';
import { createRetentionTask } from '@/lib/privacy/retention';
import { setSharedLimits } from '@/lib/security/shared-limits';
import { setCertificateLookup } from '@/lib/security/verify-gate';
import { createDigestScheduler } from '@/lib/staff/digest';
import { getStore } from '@/lib/storage';
import { answerWaitingAsks, endStaleSessions } from '@/lib/team';

// The (level, message) logging of the background tasks, on the server's logger.
const componentLog = (component: string) => {
  const logger = log.child({ component });
  return (level: 'info' | 'error', message: string) => logger[level](message);
};

const SHUTDOWN_GRACE_MS = 10_000;
// Next's stop waits for every request in progress to end, however long that takes: a client that
// never finishes one would keep the process alive until something kills it. Past this, it exits.
const STOP_LIMIT_MS = 25_000;

// Runs once when the server starts (instrumentation.ts): checks the configuration, then starts the
// outbox worker and arranges a clean stop.
export async function startServer(): Promise<void> {
  let settings: Config;
  try {
    settings = config();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One clear message instead of a failure on a visitor's first submission.
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Behind a proxy, a stop lets the proxy's idle connections close from its side (lib/http/drain.ts).
  if (settings.trustedProxy.trustedHops > 0) drainOnClose();

  // The proxy gives a certificate's page its 404 from this (lib/security/verify-gate.ts).
  setCertificateLookup(async (code) => (await verification(code)).state !== 'unknown');
  // Where instances share the store, the forms', sign-in's and pay links' limits count there too.
  const { takeShared } = getStore();
  setSharedLimits(takeShared);

  // The visitors' process of a split server (scripts/start.mjs) runs no background task: they are the
  // back office's, whose process runs them all, so none of their work holds up a visitor's page.
  if (settings.serverRole === 'visitors') {
    log.info('serving the visitors: the background tasks run in the back office');
    stopOnSignal(log, async () => {}, closeTheStore);
    await readyTheContent();
    return;
  }
  startBackgroundTasks(settings);
}

// The content database's client, started before the first request (Next answers none until start-up
// has ended). Served pages come from the page cache, so nothing else in the visitors' process starts it
// until a page's revalidate time has passed: the first page then made again paid the client's start,
// about half a second of this process's only thread, and a visitor's load in that moment waited for it.
// Should it fail, the pages in the cache are still served, and the next page made tries again.
async function readyTheContent(): Promise<void> {
  const started = Date.now();
  try {
    await cms();
    log.info(`content database ready in ${Date.now() - started} ms`);
  } catch (error) {
    log.warn({ err: error }, 'the content database could not start: cached pages are served meanwhile');
  }
}

// The outbox, letters, the digest, retention, the places pass, scheduled publishing, the payment check
// and the start-up chores; stopped together on a signal.
function startBackgroundTasks(settings: Config): void {
  const { mail } = settings;
  const transport =
    mail.transport.kind === 'smtp'
      ? smtpTransport(mail.transport.url, mail.from)
      : fileTransport(join(settings.dataDir, 'mail'), mail.from);
  const mailLog = log.child({ component: 'mail' });
  const worker = createOutboxWorker({
    store: getStore,
    transport,
    owner: `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
    maxAttempts: mail.maxAttempts,
    retryBaseMs: mail.retryBaseMs,
    pollMs: mail.pollMs,
    leaseMs: mail.leaseMs,
    log: (level, message) => mailLog[level](message),
    // Letters' mails are rendered, and checked against the list, when they leave (lib/letters).
    ...letterMailHooks(),
  });
  setOutboxWorker(worker);
  worker.start();
  mailLog.info(
    `outbox worker started (${transport.kind === 'smtp' ? 'SMTP' : `files in ${join(settings.dataDir, 'mail')}`})`,
  );

  // Letters being sent: the next batch of recipients is queued at MAIL_RATE_PER_MINUTE (lib/letters).
  const letterSender = createLetterSender(componentLog('letters'));
  letterSender.start();

  const digest = settings.digest.enabled
    ? createDigestScheduler({
        store: getStore,
        schedule: settings.digest,
        ctx: { staff: mail.staff, siteName: site.name, timeZone: settings.staff.timeZone, siteUrl: settings.siteUrl },
        queued: () => worker.kick(),
        log: componentLog('digest'),
      })
    : null;
  digest?.start();

  const retention = createRetentionTask({
    store: getStore,
    settings: settings.retention,
    mailDir: mail.transport.kind === 'files' ? join(settings.dataDir, 'mail') : undefined,
    log: componentLog('retention'),
  });
  retention.start();

  // Offers of freed seats that ran out pass to the next person waiting, and free seats are offered.
  const places = createPlacesTask({ intervalMs: settings.places.passMs, log: componentLog('places') });
  places.start();

  // Publications scheduled in the content editor, when they come due.
  const publishing = createPublishingTask({ log: componentLog('cms'), origin: ownOrigin });
  publishing.start();
  // Publishes made on the other instances, heard through a shared store (none on SQLite).
  const stopWatching = watchContentChanges(ownOrigin);

  // Payments whose webhook never came: asked about again now and then (only with a provider).
  const paymentCheck = settings.payments.provider
    ? createPaymentCheck({ context: () => ({ ...paymentContext('payments'), store: getStore() }) })
    : null;
  paymentCheck?.start();

  // A staff address taken out of STAFF_EMAILS (a restart applies it) loses its sessions now, not only
  // at their next request.
  const staffLog = componentLog('staff');
  endStaleSessions(Date.now()).then(
    (ended) => ended > 0 && staffLog('info', `ended ${ended} staff session(s) no longer valid`),
    (error: unknown) => staffLog('error', `could not end stale staff sessions: ${String(error)}`),
  );

  // After an update, records written by the older code get what the staff inbox reads (once per store).
  getStore()
    .upgradeRecords()
    .then(
      (changed) => changed > 0 && staffLog('info', `gave ${changed} older record(s) the inbox's fields`),
      (error: unknown) => staffLog('error', `could not give older records the inbox's fields: ${String(error)}`),
    );

  stopOnSignal(
    mailLog,
    async () => {
      await Promise.all([
        worker.stop(),
        letterSender.stop(),
        digest?.stop(),
        retention.stop(),
        places.stop(),
        publishing.stop(),
        Promise.resolve(stopWatching()),
        paymentCheck?.stop(),
      ]);
      transport.close();
      mailLog.info('outbox worker stopped cleanly');
    },
    closeTheStore,
  );
}

// Last, once Next has let the requests in progress end: what they left waiting (staff sign-in asks) is
// done, then the store closes. Closed at the signal instead, it was gone under those requests.
async function closeTheStore(): Promise<void> {
  await answerWaitingAsks();
  await getStore().close();
}

// Next's own SIGTERM/SIGINT handler stops taking requests, lets in-flight ones (and so their writes)
// finish, then calls process.exit. `stop` runs at the signal (the background tasks end, the worker's
// current pass among them, so a message is not cut off between being sent and being marked sent);
// `close` when Next calls exit, after `stop`, for what the requests need until their end (the store).
// The exit waits for both.
function stopOnSignal(mailLog: typeof log, stop: () => Promise<void>, close: () => Promise<void>) {
  let stopping = false;
  const stopNow = () => {
    if (stopping) return;
    stopping = true;
    const exit = process.exit.bind(process);
    const stopped = stop().catch((error) => mailLog.error({ err: error }, 'error while stopping'));
    const deadline = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    setTimeout(() => {
      const open = process.getActiveResourcesInfo().filter((kind) => kind !== 'Timeout');
      mailLog.warn(
        `still not stopped after ${STOP_LIMIT_MS / 1000} s (open: ${open.join(', ') || 'nothing'}): exiting`,
      );
      exit(143);
    }, STOP_LIMIT_MS).unref();
    let exiting = false;
    process.exit = ((code?: number) => {
      if (exiting) return;
      exiting = true;
      const closed = Promise.race([stopped, deadline])
        .then(close)
        .catch((error) => mailLog.error({ err: error }, 'error while closing'));
      const closeLimit = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
      void Promise.race([closed, closeLimit]).finally(() => exit(code));
    }) as typeof process.exit;
  };
  process.once('SIGTERM', stopNow);
  process.once('SIGINT', stopNow);
}
