/** @jest-environment node */
import { resolve } from 'node:path';

import { scratchLanguageErrors } from '../helpers/scratch-language';

const repo = resolve(__dirname, '../..');

// The type check of the text homes with a third language in the table and no texts for it: each home
// must name the missing language (docs/i18n.md shows the output). The same check on the real table
// passes, so the errors come from the new entry alone.
describe('a language without its texts does not compile', () => {
  it('names every home of words the scratch language lacks, and nothing else', () => {
    const errors = scratchLanguageErrors(repo, true);
    const files = [...new Set(errors.map((error) => error.file))].sort();
    expect(files).toEqual([
      'lib/content/index.ts',
      'messages/forms/index.ts',
      'messages/forms/loaders.ts',
      'messages/index.ts',
      'messages/mails/visitor.ts',
      'messages/reminders.ts',
      'messages/units.ts',
    ]);
    for (const error of errors) expect(error.message).toMatch(/'xx'/);
  });

  it('compiles with the real table', () => {
    expect(scratchLanguageErrors(repo, false)).toEqual([]);
  });
});
