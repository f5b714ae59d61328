import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { config } from '@/lib/config';
import { getStore } from '@/lib/storage';
import { isCollection, type RecordData, type StaffSession } from '@/lib/storage/types';

// What staff do to a submission, each recorded in the audit trail with who and when.
export const recordActions = ['handled', 'reopen', 'spam', 'not-spam', 'note'] as const;
export type RecordAction = (typeof recordActions)[number];

const NOTE_MAX = 4000;

export async function applyRecordAction(
  session: StaffSession,
  form: FormData,
  now: number,
): Promise<{ ok: true; collection: string; id: string } | { ok: false }> {
  const collection = String(form.get('collection') ?? '');
  const id = String(form.get('id') ?? '');
  const action = String(form.get('action') ?? '') as RecordAction;
  if (!isCollection(collection) || !/^[\w-]{1,100}$/.test(id) || !recordActions.includes(action)) return { ok: false };
  let changes: RecordData;
  if (action === 'note') {
    const note = String(form.get('note') ?? '').slice(0, NOTE_MAX);
    changes = { staffNote: note, notedBy: session.email, notedAt: now };
  } else {
    const status = action === 'handled' ? 'handled' : action === 'spam' ? 'spam' : null;
    changes = { staffStatus: status, statusBy: session.email, statusAt: now };
  }
  const store = getStore();
  if (!(await store.updateRecord(collection, id, changes))) return { ok: false };
  await store.addAudit({ at: now, who: session.email, what: action, detail: `${collection} ${id}` });
  return { ok: true, collection, id };
}

// Does what `npm run forget` does (scripts/forget.ts), from the workspace.
export async function forgetPerson(session: StaffSession, email: string, now: number) {
  const store = getStore();
  const found = await store.forgetEmail(email);
  for (const message of found.mails) rmSync(join(config().dataDir, 'mail', `${message.id}.eml`), { force: true });
  await store.addAudit({
    at: now,
    who: session.email,
    what: 'forget',
    detail: `${found.records.length} records, ${found.mails.length} mails`,
  });
  return found;
}
