// What the browser benchmarks share: which Chromium to drive, and the phone Lighthouse emulates.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';

// CHROME_PATH, else the first of Debian's two builds that is installed (the headless shell first, as
// `npm test` installs it; `fullFirst` for a tool that prefers the whole browser), else none (the
// driver's own).
export function chromiumPath({ fullFirst = false } = {}) {
  const candidates = fullFirst ? [FULL, HEADLESS_SHELL] : [HEADLESS_SHELL, FULL];
  return process.env.CHROME_PATH || candidates.find((path) => existsSync(path)) || undefined;
}

// Lighthouse's mobile defaults: a Moto G Power sized screen, touch, a phone's user agent.
export const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36',
};
