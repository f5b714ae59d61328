import type { Firestore } from 'firebase-admin/firestore';

import { withDeadline } from '../errors';
import { isJobKey } from '../rules';
import type { JobData, JobStore } from '../types';
import { ALREADY_EXISTS, codeOf, JOBS, WRITE_DEADLINE_MS } from './client';
import { queue, writeAudit } from './shared';

// A job is a document keyed by the job's key: create() lets exactly one claim win.
export function jobStore(db: Firestore): JobStore {
  return {
    async claimJob(key, data, messages = [], audit) {
      if (!isJobKey(key)) throw new Error(`Not a job key: ${key}`);
      // The job document first: when it exists the whole batch fails before any message is written.
      const batch = db.batch();
      batch.create(db.collection(JOBS).doc(key), data);
      queue(db, batch, key, messages);
      writeAudit(db, batch, audit);
      try {
        await withDeadline(batch.commit(), WRITE_DEADLINE_MS, 'the job claim');
      } catch (error) {
        if (codeOf(error) === ALREADY_EXISTS) return false;
        throw error;
      }
      return true;
    },
    async hasJob(key) {
      return (await db.collection(JOBS).doc(key).get()).exists;
    },
    async lastJob(name) {
      // Single-field query; the few jobs of one name are ordered here.
      const jobs = (await db.collection(JOBS).where('name', '==', name).get()).docs.map((doc) => doc.data() as JobData);
      return jobs.sort((a, b) => b.at - a.at)[0] ?? null;
    },
  };
}
