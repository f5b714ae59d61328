import { randomUUID } from 'node:crypto';

import type { AuditEntry } from '../audit';
import { isJobKey } from '../rules';
import type { JobData, JobStore, NewMail } from '../types';
import { JOBS, type Db } from './schema';
import type { SharedWriters } from './shared';

// A claimed job is a row of the records table outside every collection, keyed by the job's key, so its
// messages have a record as every outbox message does.
export function jobStore(db: Db, shared: SharedWriters): JobStore {
  const insertJob = db.prepare(
    `INSERT INTO records (id, collection, unique_key, date, data) VALUES (?, '${JOBS}', ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const selectJob = db.prepare(`SELECT 1 FROM records WHERE collection = '${JOBS}' AND unique_key = ?`);
  const selectLastJob = db.prepare(
    `SELECT data FROM records WHERE collection = '${JOBS}' AND json_extract(data, '$.name') = ? ORDER BY date DESC, rowid DESC LIMIT 1`,
  );
  const claimJob = db.transaction((key: string, data: JobData, messages: NewMail[], audit?: AuditEntry) => {
    const id = randomUUID();
    if (insertJob.run(id, key, data.at, JSON.stringify(data)).changes === 0) return false;
    shared.queue(id, messages);
    shared.audit(audit);
    return true;
  });

  return {
    async claimJob(key, data, messages = [], audit) {
      if (!isJobKey(key)) throw new Error(`Not a job key: ${key}`);
      return claimJob(key, data, messages, audit);
    },
    async hasJob(key) {
      return selectJob.get(key) !== undefined;
    },
    async lastJob(name) {
      const row = selectLastJob.get(name) as { data: string } | undefined;
      return row ? (JSON.parse(row.data) as JobData) : null;
    },
  };
}
