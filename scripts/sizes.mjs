#!/usr/bin/env node
// Lists the functions in lib/ over N lines (default 120) and the files in lib/storage over M lines
// (default 250), longest first: `node scripts/sizes.mjs [--lines N] [--file-lines M]`.
// tests/unit/sizes.test.ts holds the defaults as floors.
import { parseArgs } from 'node:util';

import { longFunctions, longStorageFiles, MAX_FUNCTION_LINES, MAX_STORAGE_FILE_LINES } from './lib/sizes.mjs';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: String(MAX_FUNCTION_LINES) },
    'file-lines': { type: 'string', default: String(MAX_STORAGE_FILE_LINES) },
  },
});
const maxLines = Number(values.lines);
const maxFileLines = Number(values['file-lines']);
if (!Number.isInteger(maxLines) || !Number.isInteger(maxFileLines)) {
  console.error('usage: node scripts/sizes.mjs [--lines N] [--file-lines M]');
  process.exit(2);
}

const root = process.cwd();
const functions = longFunctions(root, maxLines);
console.log(`Functions in lib/ over ${maxLines} lines: ${functions.length}`);
for (const fn of functions) console.log(`  ${String(fn.lines).padStart(4)}  ${fn.file}:${fn.line}  ${fn.name}`);
const files = longStorageFiles(root, maxFileLines);
console.log(`Files in lib/storage over ${maxFileLines} lines: ${files.length}`);
for (const file of files) console.log(`  ${String(file.lines).padStart(4)}  ${file.file}`);
