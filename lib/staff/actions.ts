import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { config } from '@/lib/config';
import { getStore } from '@/lib/storage';
import { isCollection, isRecordId, type Collection, type RecordData, type StaffSession } from '@/lib/storage/types';

import { auditEntry, type RecordAction } from './audit';

// What staff do to a submission is committed together with its audit entry (who and when).

export const NOTE_MAX = 4000;

// A record named by a URL: a known collection and an id of the stores' shape.
export function recordRef(collection: string, id: string): { collection: Collection; id: string } | null {
  return isCollection(collection) && isRecordId(id) ? { collection, id } : null;
}

export interface RecordActionPost {
  collection: Collection;
  id: string;
  action: RecordAction;
  note: string;
}

// Whether the record was there to change.
export async function applyRecordAction(session: StaffSession, post: RecordActionPost, now: number): Promise<boolean> {
  const { collection, id, action } = post;
  const changes: RecordData =
    action === 'note'
      ? { staffNote: post.note, notedBy: session.email, notedAt: now }
      : {
          staffStatus: action === 'handled' || action === 'spam' ? action : null,
          statusBy: session.email,
          statusAt: now,
        };
  return getStore().updateRecord(
    collection,
    id,
    changes,
    auditEntry(action, session.email, '', now, { collection, id }),
  );
}

// Does what `npm run forget` does (scripts/forget.ts) for the address of one record, read by the store
// (it never travels in a URL or a form). Null when there is no such record.
export async function forgetPerson(session: StaffSession, collection: Collection, id: string, now: number) {
  const found = await getStore().forgetRecord(collection, id, (traces) =>
    auditEntry('forget', session.email, `${traces.records.length} records, ${traces.mails.length} mails`, now),
  );
  for (const message of found?.mails ?? []) {
    rmSync(join(config().dataDir, 'mail', `${message.id}.eml`), { force: true });
  }
  return found;
}
