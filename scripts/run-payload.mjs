#!/usr/bin/env node
// `npm run cms -- <command>`: Payload's command line (migrate, migrate:create, migrate:status,
// generate:importmap) on Node 24 with .env read, so it sees the server's DATA_DIR and CMS_DATABASE_URL.
// The config is lib/cms/config.ts (tsconfig.json's @payload-config).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { onNode24, root } from './lib/entry.mjs';

await onNode24();
const child = spawn(process.execPath, [join(root, 'node_modules', 'payload', 'bin.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
