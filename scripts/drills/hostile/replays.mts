import type Database from 'better-sqlite3';

import { postAction, postForm, tally } from './client.mjs';
import { forms, operations, validFields, type Operation } from './forms.mjs';
import { scale } from './settings.mjs';

// Replays: the same submission twice in a row, twice at once, and a refreshed no-JavaScript answer.
export async function replays(db: () => Database.Database) {
  const t = tally('replays');
  const sent: [Operation, string][] = [];
  for (let i = 0; i < scale; i++) {
    for (const operation of operations) {
      if (operation === 'subscribe') continue;
      const fields = validFields(operation);
      await postForm(t, operation, fields);
      await postForm(t, operation, fields);
      const together = validFields(operation);
      await Promise.all([postForm(t, operation, together), postForm(t, operation, together)]);
      const nojs = Object.entries(validFields(operation)) as [string, string][];
      await postAction(t, operation, nojs);
      await postAction(t, operation, nojs);
      sent.push(
        [operation, fields.email!],
        [operation, together.email!],
        [operation, nojs.find(([n]) => n === 'email')![1]],
      );
    }
  }
  const count = db().prepare(
    "SELECT count(*) AS n FROM records WHERE collection = ? AND json_extract(data, '$.email') = ?",
  );
  for (const [operation, email] of sent) {
    const { n } = count.get(forms[operation].collection, email) as { n: number };
    if (n !== 1) {
      t.bypasses += 1;
      t.notes.push(`${operation} ${email}: stored ${n} times`);
    }
  }
}
