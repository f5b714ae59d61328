/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  functionSizes,
  longFunctions,
  longStorageFiles,
  MAX_FUNCTION_LINES,
  MAX_STORAGE_FILE_LINES,
} from '../../scripts/lib/sizes.mjs';

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('the size measure', () => {
  it('counts a function from its first line to its closing brace, comment above aside', () => {
    const text = `// why\nexport function outer() {\n${body(3)}\n  const inner = () => {\n    return 1;\n  };\n}\n`;
    expect(functionSizes('lib/a.ts', text)).toEqual([
      { file: 'lib/a.ts', name: 'outer', line: 2, lines: 8 },
      { file: 'lib/a.ts', name: 'outer › inner', line: 6, lines: 3 },
    ]);
  });

  it('names methods of an object a store returns', () => {
    const text =
      'export function store() {\n  return {\n    async add(x: number) {\n      return x;\n    },\n  };\n}\n';
    expect(functionSizes('lib/s.ts', text).map((fn) => `${fn.name}:${fn.lines}`)).toEqual(['store:7', 'store › add:3']);
  });

  it('finds a long function and a long storage file, and leaves generated migrations aside', () => {
    const root = mkdtempSync(join(tmpdir(), 'sizes-'));
    try {
      mkdirSync(join(root, 'lib/storage'), { recursive: true });
      mkdirSync(join(root, 'lib/cms/migrations'), { recursive: true });
      const long = `export function long() {\n${body(MAX_FUNCTION_LINES - 1)}\n}\n`;
      writeFileSync(join(root, 'lib/storage/big.ts'), long);
      writeFileSync(join(root, 'lib/cms/migrations/20260101.ts'), long);
      writeFileSync(join(root, 'lib/short.ts'), `export function short() {\n${body(3)}\n}\n`);
      writeFileSync(join(root, 'lib/storage/small.ts'), `${body(MAX_STORAGE_FILE_LINES)}\n`);

      expect(longFunctions(root)).toEqual([
        { file: 'lib/storage/big.ts', name: 'long', line: 1, lines: MAX_FUNCTION_LINES + 1 },
      ]);
      expect(longStorageFiles(root)).toEqual([]);
      writeFileSync(join(root, 'lib/storage/small.ts'), `${body(MAX_STORAGE_FILE_LINES + 1)}\n`);
      expect(longStorageFiles(root)).toEqual([{ file: 'lib/storage/small.ts', lines: MAX_STORAGE_FILE_LINES + 1 }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the floors of lib', () => {
  it(`has no function over ${MAX_FUNCTION_LINES} lines (node scripts/sizes.mjs lists them)`, () => {
    expect(longFunctions(process.cwd()).map((fn) => `${fn.file}:${fn.line} ${fn.name} (${fn.lines})`)).toEqual([]);
  });

  it(`has no file in lib/storage over ${MAX_STORAGE_FILE_LINES} lines`, () => {
    expect(longStorageFiles(process.cwd()).map((file) => `${file.file} (${file.lines})`)).toEqual([]);
  });
});
