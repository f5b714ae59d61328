import type { Where } from 'payload';

import { CMS_API } from '@/lib/http/cms-paths';
import { periodic } from '@/lib/periodic';

import { cms } from './payload';
import { RUNNER_HEADER, runnerSecret } from './runner';

type Log = (level: 'info' | 'error', message: string) => void;

// Scheduled publishing: "Schedule publish" in the editor queues a job in the CMS (its `payload-jobs`
// collection) to publish or unpublish a document at a given time. This pass looks for due jobs every
// 10 seconds, on every instance: the CMS takes each job by marking it as processing before it runs it,
// and a publish that runs twice publishes the same version. The job publishes with the rights of the
// member who scheduled it as the team has them when it runs (lib/cms/collections/staff.ts).
//
// On a running server the jobs run through the CMS's run endpoint of this same server (`origin`), so the
// publish regenerates its pages at once, like one by hand (lib/cms/revalidate.ts): Next regenerates
// pages only from within a request. Without a server (commands, tests), or if that request fails, they
// run here, and the pages follow within their own `revalidate`.
export function createPublishingTask(options: { intervalMs?: number; log: Log; origin?: () => string | undefined }) {
  const task = periodic(async () => {
    try {
      const due = await dueJobs();
      if (due === 0) return;
      const origin = options.origin?.();
      if (origin && (await runThroughServer(origin, due, options.log))) return;
      await runHere(options.log);
    } catch (error) {
      options.log('error', `scheduled publications failed, trying again later: ${(error as Error).message}`);
    }
  }, options.intervalMs ?? 10_000);
  return { runOnce: task.once, start: task.start, stop: task.stop };
}

// The jobs the CMS's runner would take now (payload's runJobs: not done, not failed, not taken, due).
async function dueJobs(): Promise<number> {
  const where: Where = {
    and: [
      { completedAt: { exists: false } },
      { hasError: { not_equals: true } },
      { processing: { equals: false } },
      { or: [{ waitUntil: { exists: false } }, { waitUntil: { less_than: new Date().toISOString() } }] },
    ],
  };
  const { totalDocs } = await (await cms()).count({ collection: 'payload-jobs', where, overrideAccess: true });
  return totalDocs;
}

async function runThroughServer(origin: string, due: number, log: Log): Promise<boolean> {
  try {
    const answer = await fetch(`${origin}${CMS_API}/payload-jobs/run?limit=20`, {
      headers: { [RUNNER_HEADER]: runnerSecret() },
      signal: AbortSignal.timeout(60_000),
    });
    if (!answer.ok) throw new Error(`the run endpoint answered ${answer.status}`);
    // A job that fails is logged by the CMS itself.
    log('info', `ran ${Math.min(due, 20)} due scheduled publication(s)`);
    return true;
  } catch (error) {
    log(
      'error',
      `scheduled publications could not run through the server, running them here: ${(error as Error).message}`,
    );
    return false;
  }
}

async function runHere(log: Log) {
  const payload = await cms();
  const result = await payload.jobs.run({ limit: 20, silent: { info: true, error: false } });
  const statuses = Object.values(result.jobStatus ?? {}).map((job) => job?.status);
  const ran = statuses.filter((status) => status === 'success').length;
  if (ran > 0) log('info', `ran ${ran} scheduled publication(s)`);
  if (statuses.length > ran) log('error', `${statuses.length - ran} scheduled publication(s) failed`);
}
