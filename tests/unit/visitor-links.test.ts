/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// The linter keeps next/link out of the visitors' pages (eslint.config.mjs): it is about 2.8 KiB gzip of
// the script of every page that holds one, where SiteLink does what the site's links need. The staff's
// pages may use it, and the doors rule still holds there.
const root = join(__dirname, '..', '..');

function lint(code: string, filePath: string): { ruleId: string; message: string }[] {
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'),
      '--format',
      'json',
      '--stdin',
      '--stdin-filename',
      filePath,
    ],
    { cwd: root, input: code, encoding: 'utf8' },
  );
  const [report] = JSON.parse(run.stdout || '[]') as { messages: { ruleId: string; message: string }[] }[];
  if (!report) throw new Error(`ESLint gave no report: ${run.stderr}`);
  return report.messages;
}

const page = `import Link from 'next/link';\n\nexport function Here() {\n  return <Link href="/about">About</Link>;\n}\n`;

it('refuses next/link in a component of the visitors, naming SiteLink', () => {
  const messages = lint(page, 'components/academy/here.tsx');
  expect(messages).toEqual([
    expect.objectContaining({ ruleId: 'no-restricted-imports', message: expect.stringContaining('SiteLink') }),
  ]);
}, 60_000);

it("lets the staff's pages use next/link, and keeps the doors closed there", () => {
  expect(lint(page, 'components/staff/here.tsx')).toEqual([]);
  const room = `import { x } from '@/lib/letters/store';\n\nexport const y = x;\n`;
  expect(lint(room, 'app/staff/here/page.tsx').map((m) => m.message)).toEqual([
    expect.stringContaining('through its door'),
  ]);
}, 60_000);
