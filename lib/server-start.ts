import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';

import { config, ConfigError, type Config } from '@/lib/config';
import { log } from '@/lib/log';
import { fileTransport, smtpTransport } from '@/lib/mail/transport';
import { createOutboxWorker, setOutboxWorker } from '@/lib/mail/worker';
import { getStore } from '@/lib/storage';

const SHUTDOWN_GRACE_MS = 10_000;

// Runs once when the server starts (instrumentation.ts): checks the configuration, then starts the
// outbox worker and arranges a clean stop.
export function startServer(): void {
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
    log: (level, message) => mailLog[level](message),
  });
  setOutboxWorker(worker);
  worker.start();
  mailLog.info(
    `outbox worker started (${transport.kind === 'smtp' ? 'SMTP' : `files in ${join(settings.dataDir, 'mail')}`})`,
  );

  // Next's own SIGTERM/SIGINT handler stops taking requests, lets in-flight ones (and so their writes)
  // finish, then calls process.exit. Hold that exit until the worker's current pass has finished, so a
  // message is not cut off between being sent and being marked sent.
  let stopping = false;
  const onStop = () => {
    if (stopping) return;
    stopping = true;
    const exit = process.exit.bind(process);
    const stopped = worker
      .stop()
      .then(async () => {
        transport.close();
        await getStore().close();
        mailLog.info('outbox worker stopped cleanly');
      })
      .catch((error) => mailLog.error({ err: error }, 'error while stopping'));
    const deadline = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    process.exit = ((code?: number) => {
      void Promise.race([stopped, deadline]).finally(() => exit(code));
    }) as typeof process.exit;
  };
  process.once('SIGTERM', onStop);
  process.once('SIGINT', onStop);
}
