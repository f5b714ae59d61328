import { periodic } from '@/lib/periodic';

import { cms } from './index';

// Scheduled publishing: "Schedule publish" in the editor queues a job in the CMS (its `payload-jobs`
// collection) to publish or unpublish a document at a given time. This pass runs the jobs that are due,
// every 20 seconds, on every instance: the CMS takes each job by marking it as processing before it runs
// it, and a publish that runs twice publishes the same version. The job publishes with the rights of the
// member who scheduled it as the team has them when it runs (lib/cms/collections/staff.ts), and the
// publish regenerates the pages like any other (lib/cms/revalidate.ts).
export function createPublishingTask(options: {
  intervalMs?: number;
  log: (level: 'info' | 'error', message: string) => void;
}) {
  const task = periodic(async () => {
    try {
      const payload = await cms();
      const result = await payload.jobs.run({ limit: 20, silent: true });
      const ran = Object.keys(result.jobStatus ?? {}).length;
      if (ran > 0) options.log('info', `ran ${ran} scheduled publication(s)`);
    } catch (error) {
      options.log('error', `scheduled publications failed, trying again later: ${(error as Error).message}`);
    }
  }, options.intervalMs ?? 20_000);
  return { runOnce: task.once, start: task.start, stop: task.stop };
}
