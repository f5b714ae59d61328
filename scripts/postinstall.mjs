#!/usr/bin/env node
// After `npm install` / `npm ci`: an install made by another Node than 24 is completed by the same
// install run again under Node 24 (fetched once if needed), so node_modules ends up as Node 24 makes it.
import { installUnder, NODE_MAJOR, node24Binary, runningMajor, stampInstall } from './lib/entry.mjs';

if (runningMajor() === NODE_MAJOR) {
  stampInstall();
} else {
  console.error(`Installed by Node ${process.versions.node}: running the install again under Node ${NODE_MAJOR} ...`);
  installUnder(node24Binary());
}
