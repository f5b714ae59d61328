#!/usr/bin/env node
// Runs a TypeScript command of scripts/ (`node scripts/run-ts.mjs export ...`) on Node 24 with .env read,
// so the staff commands see the same store as the server; as one bundle of our code (lib/run-bundled.mjs).
import { onNode24 } from './lib/entry.mjs';

const commands = ['export', 'forget', 'digest', 'backup', 'restore', 'firestore-indexes'];
const [name, ...args] = process.argv.slice(2);
if (!commands.includes(name)) {
  console.error(`Usage: node scripts/run-ts.mjs <${commands.join('|')}> [arguments]`);
  process.exit(2);
}

await onNode24();
const { runBundled } = await import('./lib/run-bundled.mjs');
await runBundled(`scripts/${name}.ts`, args);
