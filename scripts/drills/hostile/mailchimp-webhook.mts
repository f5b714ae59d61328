import { createHash } from 'node:crypto';

import type Database from 'better-sqlite3';

import { send, tally, urlencoded } from './client.mjs';
import { scale } from './settings.mjs';

// Mailchimp's webhook (/api/newsletter/mailchimp?secret=…): Mailchimp signs nothing, so the secret in the
// address is the only proof. Forged, missing, shortened or misplaced secrets, an event about another
// audience, bodies that are not Mailchimp's and replays of a genuine event: the local list changes by
// exactly the one genuine event and by nothing else (goal: 0 accepted forgeries, 0 5xx, 0 changes).
export const WEBHOOK_SECRET = 'drill-webhook-secret-0123456789abcdef';
export const WEBHOOK_LIST = 'drilllist01';
export const webhookEnv = { MAILCHIMP_WEBHOOK_SECRET: WEBHOOK_SECRET, MAILCHIMP_LIST_ID: WEBHOOK_LIST };

const PATH = '/api/newsletter/mailchimp';
const formType = { 'content-type': 'application/x-www-form-urlencoded' };
const event = (type: string, listId: string, email: string) =>
  urlencoded({
    type,
    fired_at: '2026-11-26 09:00:00',
    'data[action]': 'unsub',
    'data[reason]': 'manual',
    'data[list_id]': listId,
    'data[email]': email,
    'data[merges][EMAIL]': email,
  });

export async function mailchimpWebhook(db: () => Database.Database) {
  const t = tally('mailchimp webhook');
  const list = () =>
    db().prepare("SELECT id, data FROM records WHERE collection = 'newsletter' ORDER BY id").all() as {
      id: string;
      data: string;
    }[];
  const snapshot = () => createHash('sha256').update(JSON.stringify(list())).digest('hex');
  // A victim the earlier classes put on the local list, not yet unsubscribed.
  const victim = list()
    .map((row) => JSON.parse(row.data) as { email?: string; status?: string })
    .find((data) => data.email && data.status !== 'unsubscribed')?.email;
  if (!victim) {
    t.bypasses += 1;
    t.notes.push('no subscriber on the local list to aim at');
    return;
  }
  const genuine = event('unsubscribe', WEBHOOK_LIST, victim);
  const expectRefused = async (what: string, method: string, path: string, body?: string, headers = formType) => {
    const answer = await send(t, method, path, headers, body);
    if (answer.status < 400 || answer.status >= 500) {
      if (answer.status < 400) t.bypasses += 1;
      t.notes.push(`${what} answered ${answer.status}`);
    }
  };

  const before = snapshot();
  const forged = [
    '',
    'x',
    WEBHOOK_SECRET.slice(1),
    `${WEBHOOK_SECRET}x`,
    WEBHOOK_SECRET.toUpperCase(),
    'A'.repeat(WEBHOOK_SECRET.length),
    encodeURIComponent(`${WEBHOOK_SECRET}\0`),
    'A'.repeat(3000),
  ];
  for (let i = 0; i < scale; i++) {
    for (const secret of forged) {
      await expectRefused('a forged secret', 'POST', `${PATH}?secret=${secret}`, genuine);
      await expectRefused('a forged secret (GET)', 'GET', `${PATH}?secret=${secret}`);
    }
    await expectRefused('no secret', 'POST', PATH, genuine);
    await expectRefused('no secret (GET)', 'GET', PATH);
    await expectRefused('the secret under another name', 'POST', `${PATH}?key=${WEBHOOK_SECRET}`, genuine);
    await expectRefused('the secret in the body', 'POST', PATH, `${genuine}&secret=${WEBHOOK_SECRET}`);
    const right = `${PATH}?secret=${WEBHOOK_SECRET}`;
    await expectRefused('another audience', 'POST', right, event('unsubscribe', 'otherlist99', victim));
    await expectRefused('no list', 'POST', right, urlencoded({ type: 'unsubscribe', 'data[email]': victim }));
    await expectRefused('no address', 'POST', right, urlencoded({ type: 'cleaned', 'data[list_id]': WEBHOOK_LIST }));
    await expectRefused('a JSON body', 'POST', right, JSON.stringify({ type: 'unsubscribe' }), {
      'content-type': 'application/json',
    });
    await expectRefused('a multipart body', 'POST', right, '--x\r\n\r\n--x--', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    await expectRefused('a body too large', 'POST', right, `type=unsubscribe&x=${'a'.repeat(40_000)}`);
    await expectRefused('a method Mailchimp never uses', 'PUT', right, genuine);
  }
  if (snapshot() !== before) {
    t.bypasses += 1;
    t.notes.push('the local list changed under forged or foreign events');
  }

  // The genuine event, once: the victim is unsubscribed. Then replays, in a row and at once: no change.
  const first = await send(t, 'POST', `${PATH}?secret=${WEBHOOK_SECRET}`, formType, genuine);
  if (first.status !== 200) t.notes.push(`the genuine event answered ${first.status}`);
  const after = snapshot();
  if (after === before) t.notes.push('the genuine event changed nothing');
  for (let i = 0; i < scale; i++) {
    await send(t, 'POST', `${PATH}?secret=${WEBHOOK_SECRET}`, formType, genuine);
    await Promise.all(
      Array.from({ length: 4 }, () => send(t, 'POST', `${PATH}?secret=${WEBHOOK_SECRET}`, formType, genuine)),
    );
  }
  if (snapshot() !== after) {
    t.bypasses += 1;
    t.notes.push('a replayed event changed the local list again');
  }
}
