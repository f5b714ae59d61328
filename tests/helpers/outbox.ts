import type { OutboxMail, OutboxStore } from '@/lib/storage/types';

// Every mail the outbox holds for sending, read again in full at each call. A read claims them (far in
// the future, so every one is due) and gives them back at once: a claim's lease, however short, would
// hide them from a second read within the same millisecond, which a fast host makes. Tests that mean to
// take only what is new since their last read (gifts, payments) claim with a lease and keep it.
export async function queuedMails(store: Pick<OutboxStore, 'claimMails' | 'releaseMails'>, limit = 500) {
  const mails = (await store.claimMails('test-reader', Date.now() + 1e12, limit, 1)) as OutboxMail[];
  await store.releaseMails(mails.map((mail) => mail.id));
  return mails;
}
