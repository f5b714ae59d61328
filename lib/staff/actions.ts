import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { config } from '@/lib/config';
import { linkSecret, signLink, verifyLink } from '@/lib/security/signed-link';
import { getStore } from '@/lib/storage';
import { isCollection, type Collection, type RecordData, type StaffSession } from '@/lib/storage/types';

import { auditEntry, recordActions, type RecordAction } from './audit';

// What staff do to a submission is committed together with its audit entry (who and when).

const NOTE_MAX = 4000;

// A record named by a form post or a URL: a known collection and an id of the stores' shape.
export function recordRef(collection: unknown, id: unknown): { collection: Collection; id: string } | null {
  if (typeof collection !== 'string' || typeof id !== 'string') return null;
  return isCollection(collection) && /^[\w-]{1,100}$/.test(id) ? { collection, id } : null;
}

export async function applyRecordAction(
  session: StaffSession,
  form: FormData,
  now: number,
): Promise<{ ok: true; collection: string; id: string } | { ok: false }> {
  const ref = recordRef(form.get('collection'), form.get('id'));
  const action = String(form.get('action') ?? '') as RecordAction;
  if (!ref || !recordActions.includes(action)) return { ok: false };
  const { collection, id } = ref;
  let changes: RecordData;
  if (action === 'note') {
    const note = String(form.get('note') ?? '').slice(0, NOTE_MAX);
    changes = { staffNote: note, notedBy: session.email, notedAt: now };
  } else {
    const status = action === 'handled' ? 'handled' : action === 'spam' ? 'spam' : null;
    changes = { staffStatus: status, statusBy: session.email, statusAt: now };
  }
  const audit = auditEntry(action, session.email, `${collection} ${id}`, now);
  if (!(await getStore().updateRecord(collection, id, changes, audit))) return { ok: false };
  return { ok: true, collection, id };
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

// The inbox's words after a forget come from the server: the counts travel signed, for whoever did it,
// for a few minutes. A link written by anyone else, with numbers of their choosing, shows nothing.
const FLASH_MS = 5 * 60_000;
const flashSecret = () => linkSecret(config().linkSecret, config().dataDir);

export function forgottenFlash(session: StaffSession, counts: { records: number; mails: number }, now: number): string {
  return signLink(
    flashSecret(),
    'staff-forgotten',
    `${session.email}\n${counts.records}\n${counts.mails}`,
    now + FLASH_MS,
  );
}

export function readForgottenFlash(
  token: unknown,
  session: StaffSession,
  now: number = Date.now(),
): { records: number; mails: number } | null {
  const [email, records, mails] = verifyLink(flashSecret(), 'staff-forgotten', token, now)?.split('\n') ?? [];
  return email === session.email ? { records: Number(records), mails: Number(mails) } : null;
}
