#!/usr/bin/env node
// Runs a TypeScript command of scripts/ (`node scripts/run-ts.mjs export ...`) on Node 24 with .env read,
// so the staff commands see the same store as the server.
import { onNode24 } from './lib/entry.mjs';

const commands = ['export', 'forget', 'digest', 'backup', 'restore', 'firestore-indexes'];
const [name, ...args] = process.argv.slice(2);
if (!commands.includes(name)) {
  console.error(`Usage: node scripts/run-ts.mjs <${commands.join('|')}> [arguments]`);
  process.exit(2);
}

await onNode24();
await import('tsx');
const script = new URL(`./${name}.ts`, import.meta.url);
process.argv = [process.argv[0], script.pathname, ...args];
await import(script.href);
