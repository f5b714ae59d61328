#!/usr/bin/env node
// After `npm install` / `npm ci`: the install ran once, under whatever Node runs npm. Made by Node 24, or
// holding everything Node 24 installs (the engine-bound packages are direct dependencies, so an older
// Node installs them too), it is stamped as Node 24's; Node 24 is fetched now if this Node is another, so
// that the first command does not wait for it. Only an install that lacks something Node 24 needs is run
// again under Node 24.
import { installIsWhole, installUnder, NODE_MAJOR, node24Binary, runningMajor, stampInstall } from './lib/entry.mjs';

if (runningMajor() === NODE_MAJOR) {
  stampInstall();
} else {
  const binary = node24Binary();
  if (installIsWhole()) {
    stampInstall();
  } else {
    console.error(
      `Installed by Node ${process.versions.node}, which left out packages Node ${NODE_MAJOR} needs: running the install again under Node ${NODE_MAJOR} ...`,
    );
    installUnder(binary);
  }
}
