import { sha256 } from '@/lib/hash';

import { subscriberKey } from './rules';
import type { NewMail } from './shapes';

// What the store holds about one email address, and how both adapters recognise it: records by their
// `email` field, outbox messages to it, replying to it, about one of its records or naming it anywhere,
// and the once-only markers of confirmations sent to it (Store.findEmail, Store.forgetEmail).

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Whether a text names the address as a whole, not as part of a longer one, in any case.
export function mentionsEmail(text: string, email: string): boolean {
  const pattern = new RegExp(`(?<![\\w.!#$%&'*+/=?^\`{|}~-])${escapeRegExp(email)}(?![\\w.-]*[\\w])`, 'i');
  return pattern.test(text);
}

// The outbox messages that are about an address (see Store.findEmail).
export function messageConcerns(
  message: Omit<NewMail, 'replyTo' | 'attachments'> & {
    recordId?: string;
    replyTo?: string | null;
    attachments?: NewMail['attachments'] | null;
  },
  email: string,
  recordIds: Set<string>,
): boolean {
  const wanted = subscriberKey(email);
  if (subscriberKey(message.to) === wanted || (message.replyTo && subscriberKey(message.replyTo) === wanted))
    return true;
  if (message.recordId !== undefined && recordIds.has(message.recordId)) return true;
  const content = [message.subject, message.text, message.html, ...(message.attachments ?? []).map((a) => a.content)];
  return content.some((part) => typeof part === 'string' && mentionsEmail(part, wanted));
}

// A once-only marker keeps its key and its recipient as digests: nothing in it reads as an address, and
// forgetting an address finds its markers by the digest of the address.
export const markerDigest = (text: string) => sha256(text, 'base64url', 32);
export const recipientDigest = (email: string) => markerDigest(`to:${subscriberKey(email)}`);

type Concerned = Parameters<typeof messageConcerns>[0] & { status?: string };

// A message about an address that only lists it among others in its CSV attachments, and is still
// waiting: a staff digest. Forgetting the address takes its rows out rather than the whole message.
export function onlyListsEmail(message: Concerned, email: string, recordIds: Set<string>): boolean {
  const wanted = subscriberKey(email);
  if (message.status !== 'pending' || subscriberKey(message.to) === wanted) return false;
  if ((message.replyTo && subscriberKey(message.replyTo) === wanted) || recordIds.has(message.recordId ?? ''))
    return false;
  if ([message.subject, message.text, message.html].some((part) => mentionsEmail(part, wanted))) return false;
  const attachments = message.attachments ?? [];
  return attachments.every((a) => /^text\/csv\b/.test(a.contentType) || !mentionsEmail(a.content, wanted));
}

// The CSV attachments without the rows naming the address (rows are CRLF-separated outside quotes,
// lib/export), and how many rows went.
export function withoutRowsNaming(
  attachments: NonNullable<NewMail['attachments']>,
  email: string,
): { attachments: NonNullable<NewMail['attachments']>; rows: number } {
  let rows = 0;
  const kept = attachments.map((attachment) => {
    if (!/^text\/csv\b/.test(attachment.contentType)) return attachment;
    const lines = csvRows(attachment.content);
    const left = lines.filter((line, i) => i === 0 || !mentionsEmail(line, email));
    rows += lines.length - left.length;
    return { ...attachment, content: left.join('') };
  });
  return { attachments: kept, rows };
}

// Each row with its line end; a quoted field may hold line breaks.
function csvRows(text: string): string[] {
  const rows: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (!quoted && text[i] === '\n') {
      rows.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) rows.push(text.slice(start));
  return rows;
}
