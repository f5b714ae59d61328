import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

// Every home of words: each is typed against the table's languages (docs/i18n.md).
export const TEXT_HOMES = [
  'messages/index.ts',
  'messages/forms/index.ts',
  'messages/forms/loaders.ts',
  'messages/mails/visitor.ts',
  'messages/units.ts',
  'lib/content/index.ts',
];

const TABLE = 'lib/i18n/locales.ts';
const END_OF_TABLE = '} as const satisfies Record<string, Locale>;';

// The table with one more language, 'xx', and nothing else changed.
export function scratchTable(source: string): string {
  if (!source.includes(END_OF_TABLE)) throw new Error(`${TABLE} no longer ends with ${END_OF_TABLE}`);
  const entry = `  xx: {
    prefix: 'xx',
    htmlLang: 'xx',
    intl: 'xx-XX',
    money: 'xx-XX',
    name: 'Scratchish',
    switchHint: 'This page in Scratchish',
  },
`;
  return source.replace(END_OF_TABLE, `${entry}${END_OF_TABLE}`);
}

const parsed = new Map<string, ts.SourceFile | undefined>();

// What tsc says about the text homes, with the scratch language in the table or with the real one.
export function scratchLanguageErrors(repo: string, withScratch: boolean): { file: string; message: string }[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(repo, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json unreadable');
  const options = { ...config.options, incremental: false, noEmit: true };
  const host = ts.createCompilerHost(options);
  const table = join(repo, TABLE);
  const original = host.getSourceFile;
  host.getSourceFile = (fileName, language, ...rest) => {
    if (withScratch && fileName === table) {
      return ts.createSourceFile(fileName, scratchTable(readFileSync(table, 'utf8')), language);
    }
    // Every other file (the libraries' declarations most of all) is parsed once for both checks.
    const key = `${fileName}\0${JSON.stringify(language)}`;
    if (!parsed.has(key)) parsed.set(key, original.call(host, fileName, language, ...rest));
    return parsed.get(key);
  };
  const program = ts.createProgram(
    TEXT_HOMES.map((file) => join(repo, file)),
    options,
    host,
  );
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && !d.file.fileName.includes('node_modules'))
    .map((d) => ({
      file: relative(repo, d.file!.fileName),
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
}
