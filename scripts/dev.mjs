#!/usr/bin/env node
// `npm run dev`: Next's development server, on Node 24 like every other command. Its CMS applies the
// migrations of lib/cms/migrations as production does, never a push (lib/cms/schema.ts): after changing
// a collection, `npm run cms -- migrate:create <name>`, then restart.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { onNode24, root } from './lib/entry.mjs';

await onNode24({ dotenv: false });
const server = spawn(
  process.execPath,
  [join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'dev', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
