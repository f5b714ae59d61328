import type { OutboxMail, OutboxStore } from '../types';
import type { Db } from './schema';

// The outbox: claims are leases, so a message a dead worker held is due again when its lease ends.
export function outboxStore(db: Db): OutboxStore {
  // One statement: SQLite runs it alone, so two workers can never claim the same message.
  const claim = db.prepare(`
    UPDATE outbox SET lease_owner = @owner, lease_until = @until
    WHERE id IN (
      SELECT id FROM outbox
      WHERE status = 'pending' AND next_attempt_at <= @now AND lease_until <= @now
      ORDER BY next_attempt_at LIMIT @limit
    )
    RETURNING id, record_id, message, attempts`);
  const sent = db.prepare("UPDATE outbox SET status = 'sent', sent_at = ?, lease_until = 0 WHERE id = ?");
  const retry = db.prepare(
    'UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, lease_until = 0 WHERE id = ?',
  );
  const fail = db.prepare(
    "UPDATE outbox SET attempts = attempts + 1, last_error = ?, status = 'failed', lease_until = 0 WHERE id = ?",
  );
  const release = db.prepare(
    "UPDATE outbox SET lease_until = 0, next_attempt_at = COALESCE(@due, next_attempt_at) WHERE id = @id AND status = 'pending'",
  );
  const releaseAll = db.transaction((ids: string[], due: number | null) =>
    ids.forEach((id) => release.run({ id, due })),
  );
  const hurry = db.prepare(
    "UPDATE outbox SET next_attempt_at = @now WHERE status = 'pending' AND next_attempt_at > @now",
  );
  const counts = db.prepare('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status');

  return {
    async claimMails(owner, now, limit, leaseMs): Promise<OutboxMail[]> {
      const rows = claim.all({ owner, now, until: now + leaseMs, limit }) as {
        id: string;
        record_id: string;
        message: string;
        attempts: number;
      }[];
      return rows.map((row) => ({
        ...JSON.parse(row.message),
        id: row.id,
        recordId: row.record_id,
        attempts: row.attempts,
      }));
    },
    async markSent(id, now) {
      sent.run(now, id);
    },
    async markAttemptFailed(id, error, retryAt) {
      if (retryAt === null) fail.run(error, id);
      else retry.run(error, retryAt, id);
    },
    async releaseMails(ids, dueAt) {
      releaseAll(ids, dueAt ?? null);
    },
    async retryWaitingNow(now) {
      return hurry.run({ now }).changes;
    },
    async outboxCounts() {
      const result = { pending: 0, sent: 0, failed: 0 };
      for (const row of counts.all() as { status: keyof typeof result; n: number }[]) result[row.status] = row.n;
      return result;
    },
  };
}
