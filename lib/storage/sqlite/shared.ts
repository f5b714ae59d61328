import { randomUUID } from 'node:crypto';

import { trailOf, type AuditEntry } from '../audit';
import { holdsSeat, isWaiting, settleHeldBack } from '../rules';
import { recordWords } from '../search';
import { markerDigest, recipientDigest } from '../traces';
import type { Collection, NewMail, RecordData } from '../types';
import type { Db } from './schema';

// The writes several roles commit with, each inside the caller's transaction: queue a record's mails,
// write an audit entry, keep a record's search words in step with its data.
export function sharedWriters(db: Db) {
  const insertMessage = db.prepare(
    'INSERT INTO outbox (id, record_id, message, next_attempt_at) VALUES (@id, @recordId, @message, @now)',
  );
  const claimOnce = db.prepare(
    'INSERT INTO sent_once (key, recipient, date) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING',
  );
  const unclaimOnce = db.prepare('DELETE FROM sent_once WHERE key = ?');
  const insertAudit = db.prepare(
    `INSERT INTO staff_audit (at, who, what, detail, record_collection, record_id, trail)
     VALUES (@at, @who, @what, @detail, @collection, @id, @trail)`,
  );
  const insertWord = db.prepare('INSERT OR IGNORE INTO record_words (word, id) VALUES (?, ?)');
  const deleteWordsOf = db.prepare('DELETE FROM record_words WHERE id = ?');
  const updateData = db.prepare('UPDATE records SET data = ? WHERE id = ?');
  const freeSeats = db.prepare('DELETE FROM seats WHERE record_id = ?');
  const declineOffers = db.prepare(
    "UPDATE seat_offers SET outcome = 'declined', ended_at = ? WHERE record_id = ? AND outcome IS NULL",
  );
  const takenSeats = db.prepare('SELECT n FROM seats WHERE key = ?').pluck();
  const leaveWaitlist = db.prepare('UPDATE waitlist SET left_at = ? WHERE record_id = ? AND left_at IS NULL');

  const indexWords = (id: string, data: RecordData) => {
    for (const word of recordWords(data)) insertWord.run(word, id);
  };

  return {
    // A once-only message whose marker exists is dropped, and the staff's note then says so. The ids of
    // the messages queued.
    queue(recordId: string, messages: NewMail[] = []): string[] {
      const claim = (key: string, to: string) =>
        claimOnce.run(markerDigest(key), recipientDigest(to), Date.now()).changes === 1;
      // A once-only message is queued when its marker is new and, capped, one of its slots is free; a
      // capped one finding none gives its once-only marker back, since it was not sent.
      const queued = (m: NewMail) => {
        if (m.onceKey !== undefined && !claim(m.onceKey, m.to)) return false;
        if (!m.dailyCap) return true;
        for (let slot = 1; slot <= m.dailyCap.limit; slot++) if (claim(`${m.dailyCap.key}#${slot}`, m.to)) return true;
        if (m.onceKey !== undefined) unclaimOnce.run(markerDigest(m.onceKey));
        return false;
      };
      const dropped = new Set(messages.filter((m) => !queued(m)));
      return settleHeldBack(messages, (m) => dropped.has(m)).map(
        ({ onceKey: _onceKey, dailyCap: _cap, ...message }) => {
          const id = randomUUID();
          insertMessage.run({ id, recordId, message: JSON.stringify(message), now: Date.now() });
          return id;
        },
      );
    },
    // A free seat's number under the key, or undefined when all are taken.
    freeSeat(key: string, capacity: number): number | undefined {
      const taken = new Set(takenSeats.all(key) as number[]);
      if (taken.size >= capacity) return undefined;
      return Array.from({ length: capacity }, (_, i) => i + 1).find((n) => !taken.has(n));
    },
    audit(entry: AuditEntry | undefined) {
      if (!entry) return;
      const { record, ...rest } = entry;
      insertAudit.run({
        ...rest,
        collection: record?.collection ?? null,
        id: record?.id ?? null,
        trail: trailOf(entry),
      });
    },
    indexWords,
    // A record's new data, and the words it is found by (a name or an address may have changed). Given
    // what it was, a record that no longer holds a seat frees it (ending an offer it held) and one no
    // longer waiting leaves the waiting list, in the caller's transaction (rules.ts).
    rewrite(id: string, data: RecordData, before?: RecordData) {
      updateData.run(JSON.stringify(data), id);
      deleteWordsOf.run(id);
      indexWords(id, data);
      if (before && holdsSeat(before) && !holdsSeat(data)) {
        freeSeats.run(id);
        declineOffers.run(Date.now(), id);
      }
      if (before && isWaiting(before) && !isWaiting(data)) leaveWaitlist.run(Date.now(), id);
    },
  };
}

export type SharedWriters = ReturnType<typeof sharedWriters>;

export function parsed(row: { id: string; data: string }) {
  return { id: row.id, data: JSON.parse(row.data) as RecordData };
}

// A record read and changed inside the caller's transaction (the waiting list, offers, check-ins): its
// data, or null when there is none; and its new data, what it no longer holds freed (`rewrite`).
export function recordChanges(db: Db, shared: SharedWriters) {
  const selectRecord = db.prepare('SELECT data FROM records WHERE collection = ? AND id = ?').pluck();
  return {
    read(collection: Collection, id: string) {
      const data = selectRecord.get(collection, id) as string | undefined;
      return data === undefined ? null : (JSON.parse(data) as RecordData);
    },
    change(id: string, before: RecordData, changes: RecordData) {
      shared.rewrite(id, { ...before, ...changes }, before);
    },
  };
}
