/** @jest-environment node */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { toCsv } from '@/lib/export';

// The export's CSV opened the way staff open it: LibreOffice Calc, splitting on ',' or, as
// French-locale spreadsheets do, on ';', with formula evaluation on. No cell may become a formula.
const run = promisify(execFile);
const soffice = process.env.SOFFICE_PATH || '/usr/bin/soffice';

// LibreOffice's CSV import options: separator, text delimiter ("), UTF-8, from line 1, no column
// formats, default language, quoted fields not forced to text, special numbers detected, three export
// options, and the 13th: evaluate formulas.
const filter = (separator: number) => `CSV:${separator},34,76,1,,0,false,true,false,false,false,0,true`;

const attacks = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1;2)',
  'a;=1+1',
  'a,=1+1',
  'a; =1+1',
  'a;"=1+1"',
  'a;\t=1+1',
  'first line\n=1+1',
  'x";=1+1;"',
  '=HYPERLINK("http://evil.example";"click")',
  'Ada; -1 ; +2',
];

describe('CSV in LibreOffice', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'baobab-csv-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The cells LibreOffice reads as formulas, from its flat XML export of the opened file.
  async function formulas(csv: string, separator: number, name: string): Promise<string[]> {
    const file = join(dir, `${name}.csv`);
    writeFileSync(file, csv);
    await run(soffice, [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      `--infilter=${filter(separator)}`,
      '--convert-to',
      'fods',
      '--outdir',
      dir,
      file,
    ]);
    const out = join(dir, `${name}.fods`);
    if (!existsSync(out)) throw new Error(`LibreOffice wrote no ${out}`);
    return [...readFileSync(out, 'utf8').matchAll(/table:formula="([^"]*)"/g)].map((m) => m[1]!);
  }

  const records = attacks.map((message, i) => ({
    id: `r${i}`,
    data: { name: message, email: `a${i}@example.org`, message, date: Date.UTC(2026, 10, 1) },
  }));

  it('finds formulas in a file that does not neutralise them (the check can fail)', async () => {
    const raw = `"name"\r\n${attacks.map((a) => `"${a.replaceAll('"', '""')}"`).join('\r\n')}\r\n`;
    expect((await formulas(raw, 59, 'raw-semicolon')).length).toBeGreaterThan(0);
  }, 60_000);

  it.each([
    ['comma', 44],
    ['semicolon', 59],
  ])(
    'opens the export with no formula cell, split on %s',
    async (name, separator) => {
      expect(await formulas(toCsv('contact', records), separator, `export-${name}`)).toEqual([]);
    },
    60_000,
  );
});
