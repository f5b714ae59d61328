import { afterAll, expect, it, jest } from '@jest/globals';

import { queuedMails } from '../helpers/outbox';
import { sqliteHarness } from '../helpers/stores';

// The tests' way of reading the outbox (tests/helpers/outbox.ts) sees every queued mail at each read,
// even two reads within one millisecond, where a bare claim's lease still hides what the first took.
const harness = sqliteHarness();
afterAll(() => harness.cleanup());

it('reads every queued mail again at each read, within the same millisecond too', async () => {
  const store = await harness.open();
  await store.add(
    'contact',
    { name: 'A', email: 'a@example.org', message: 'm', date: 1 },
    { mails: [{ to: 'a@example.org', subject: 'Thanks', text: 'text', html: '<p>html</p>' }] },
  );
  const now = Date.now();
  jest.spyOn(Date, 'now').mockReturnValue(now);
  try {
    expect((await queuedMails(store)).map((mail) => mail.to)).toEqual(['a@example.org']);
    expect((await queuedMails(store)).map((mail) => mail.to)).toEqual(['a@example.org']);
    // What the tests did before: the second claim in the same millisecond gets nothing.
    expect(await store.claimMails('t', now + 1e12, 500, 1)).toHaveLength(1);
    expect(await store.claimMails('t', now + 1e12, 500, 1)).toEqual([]);
  } finally {
    jest.restoreAllMocks();
    await store.close();
  }
});
